package org.okl.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.data.DataFormatException;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.app.usage.UsageException;

class ErrorReporterTest {

    @Test
    void usageErrorsExitWith2AndFailuresWith1() {
        for (ErrorCode c : new ErrorCode[] {ErrorCode.UNKNOWN_COMPONENT, ErrorCode.DUPLICATE_COMPONENT,
                ErrorCode.INVALID_PARAMETER, ErrorCode.INVALID_PIPELINE, ErrorCode.PLUGIN_FOLDER, ErrorCode.USAGE}) {
            assertThat(ErrorReporter.exitCode(new OklException(c, "x"))).as(c.name()).isEqualTo(2);
        }
        for (ErrorCode c : new ErrorCode[] {ErrorCode.BROKEN_PLUGIN, ErrorCode.INVALID_MODEL,
                ErrorCode.INVALID_DATA, ErrorCode.DATA_DOWNLOAD, ErrorCode.INTERNAL, ErrorCode.OUTPUT_FILE,
                ErrorCode.PLUGIN_FAILURE}) {
            assertThat(ErrorReporter.exitCode(new OklException(c, "x"))).as(c.name()).isEqualTo(1);
        }
        assertThat(ErrorReporter.exitCode(new InvalidParameterException("gaussian", "sigma", "bad"))).isEqualTo(2);
        assertThat(ErrorReporter.exitCode(new UsageException("bad"))).isEqualTo(2);
        assertThat(ErrorReporter.exitCode(new DataFormatException("f.csv", 3, "b", "bad"))).isEqualTo(1);
        assertThat(ErrorReporter.exitCode(new IllegalStateException("bug"))).isEqualTo(1);
    }

    @Test
    void everyMessageCarriesItsCodeItsSectionAndNoClassName() {
        assertThat(ErrorReporter.message(new InvalidParameterException("gaussian", "sigma", "must be > 0")))
                .isEqualTo("[OKL-E004] gaussian: parameter 'sigma' must be > 0 (see docs/errors.md#okl-e004)");
        assertThat(ErrorReporter.message(new DataFormatException("f.csv", 3, "b", "not a number")))
                .isEqualTo("[OKL-E007] f.csv:3: field b: not a number (see docs/errors.md#okl-e007)");
        assertThat(ErrorReporter.message(new UsageException("--cv 50: too few rows")))
                .isEqualTo("[OKL-E009] --cv 50: too few rows (see docs/errors.md#okl-e009)");
        assertThat(ErrorReporter.message(new IllegalArgumentException("k-fold: bad")))
                .isEqualTo("[OKL-E011] internal error: k-fold: bad (see docs/errors.md#okl-e011)");
        assertThat(ErrorReporter.message(new NullPointerException()))
                .startsWith("[OKL-E011] internal error: no details (see --verbose)");
        assertThat(ErrorReporter.message(new UncheckedIOException("disk", new java.io.IOException("disk full"))))
                .doesNotContain("Exception");
        assertThat(ErrorReporter.codeOf(new RuntimeException())).isEqualTo(ErrorCode.INTERNAL);
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

    /** The last guard: whatever a message holds, the line has no control character and a bounded length. */
    @Test
    void everyLineIsEscapedAndBounded() {
        String raw = "plugin said \u001b[2J\u001b]0;owned\u0007 and " + "x".repeat(10_000);
        String line = ErrorReporter.message(new IllegalStateException(raw));
        assertThat(line.chars().noneMatch(Character::isISOControl)).as(line).isTrue();
        assertThat(line).contains("\\x1b[2J\\x1b]0;owned\\x07").hasSizeLessThan(ErrorReporter.MAX_LINE + 200);
        assertThat(ErrorReporter.safe("a\tb")).isEqualTo("a\\tb");
    }
}
