package org.okl.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.data.DataFormatException;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;

class ErrorReporterTest {

    @Test
    void usageErrorsExitWith2AndFailuresWith1() {
        for (ErrorCode c : new ErrorCode[] {ErrorCode.UNKNOWN_COMPONENT, ErrorCode.DUPLICATE_COMPONENT,
                ErrorCode.INVALID_PARAMETER, ErrorCode.INVALID_PIPELINE, ErrorCode.PLUGIN_FOLDER}) {
            assertThat(ErrorReporter.exitCode(new OklException(c, "x"))).as(c.name()).isEqualTo(2);
        }
        for (ErrorCode c : new ErrorCode[] {ErrorCode.BROKEN_PLUGIN, ErrorCode.INVALID_MODEL,
                ErrorCode.INVALID_DATA}) {
            assertThat(ErrorReporter.exitCode(new OklException(c, "x"))).as(c.name()).isEqualTo(1);
        }
        assertThat(ErrorReporter.exitCode(new InvalidParameterException("gaussian", "sigma", "bad"))).isEqualTo(2);
        assertThat(ErrorReporter.exitCode(new UsageException("bad"))).isEqualTo(2);
        assertThat(ErrorReporter.exitCode(new DataFormatException("f.csv", 3, "b", "bad"))).isEqualTo(1);
        assertThat(ErrorReporter.exitCode(new IllegalStateException("bug"))).isEqualTo(1);
    }
}
