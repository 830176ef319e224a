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
                ErrorCode.INVALID_DATA, ErrorCode.PLUGIN_FAILURE}) {
            assertThat(ErrorReporter.exitCode(new OklException(c, "x"))).as(c.name()).isEqualTo(1);
        }
        assertThat(ErrorReporter.exitCode(new InvalidParameterException("gaussian", "sigma", "bad"))).isEqualTo(2);
        assertThat(ErrorReporter.exitCode(new UsageException("bad"))).isEqualTo(2);
        assertThat(ErrorReporter.exitCode(new DataFormatException("f.csv", 3, "b", "bad"))).isEqualTo(1);
        assertThat(ErrorReporter.exitCode(new IllegalStateException("bug"))).isEqualTo(1);
    }

    @Test
    void anOklErrorLinePointsAtTheSectionExplainingItsCode() throws Exception {
        assertThat(ErrorReporter.message(new OklException(ErrorCode.UNKNOWN_COMPONENT, "unknown kernel 'gausian'")))
                .isEqualTo("[OKL-E001] unknown kernel 'gausian' (see docs/errors.md#okl-e001)");
        assertThat(ErrorReporter.message(new OklException(ErrorCode.PLUGIN_FAILURE, "plugin 'x' failed")))
                .endsWith("(see docs/errors.md#okl-e013)");
        // every code has its section in docs/errors.md
        String page = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "errors.md"));
        for (ErrorCode c : ErrorCode.values()) {
            String anchor = c.reference().substring(c.reference().indexOf('#') + 1);
            assertThat(page).as(c.name()).contains("\n## " + anchor + "\n");
        }
    }
}
