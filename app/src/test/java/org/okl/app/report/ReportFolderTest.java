package org.okl.app.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.app.usage.UsageException;

/** The report folder appears whole or not at all, and replaces only an empty folder or, with --force, a report. */
class ReportFolderTest {
    @TempDir
    Path dir;

    private static Map<String, Supplier<String>> files(String json, Supplier<String> html) {
        Map<String, Supplier<String>> files = new LinkedHashMap<>();
        files.put("report.json", () -> json);
        files.put("index.html", html);
        return files;
    }

    private Stream<String> entries() throws IOException {
        return Files.list(dir).map(p -> p.getFileName().toString()).sorted();
    }

    /** The page fails to render after the JSON was written: neither the folder nor a temporary one is left. */
    @Test
    void aFailureMidWriteLeavesNothing() throws IOException {
        Path out = dir.resolve("report");
        assertThatThrownBy(() -> ReportFolder.write(out, false, files("{}", () -> {
            throw new IllegalStateException("rendering failed");
        }))).isInstanceOf(IllegalStateException.class);
        assertThat(out).doesNotExist();
        assertThat(entries()).isEmpty();
    }

    /** A failure while replacing a report with --force leaves the old report as it was. */
    @Test
    void aFailedReplacementKeepsTheOldReport() throws IOException {
        Path out = dir.resolve("report");
        ReportFolder.write(out, false, files("{\"old\": 1}", () -> "<p>old</p>"));
        assertThatThrownBy(() -> ReportFolder.write(out, true, files("{\"new\": 1}", () -> {
            throw new IllegalStateException("rendering failed");
        }))).isInstanceOf(IllegalStateException.class);
        assertThat(Files.readString(out.resolve("report.json"))).isEqualTo("{\"old\": 1}");
        assertThat(entries()).containsExactly("report");
    }

    @Test
    void writesANewOrEmptyFolderAndReplacesAReportOnlyWithForce() throws IOException {
        Path out = dir.resolve("a/b/report");
        ReportFolder.write(out, false, files("{}", () -> "<p>1</p>"));
        try (Stream<Path> s = Files.list(out)) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted()).containsExactly("index.html", "report.json");
        }
        assertThatThrownBy(() -> ReportFolder.write(out, false, files("{}", () -> "<p>2</p>")))
                .isInstanceOf(UsageException.class).hasMessageContaining("--force");
        assertThatThrownBy(() -> ReportFolder.check(out, false)).isInstanceOf(UsageException.class);
        ReportFolder.write(out, true, files("{}", () -> "<p>2</p>"));
        assertThat(Files.readString(out.resolve("index.html"))).isEqualTo("<p>2</p>");
        try (Stream<Path> s = Files.list(out.getParent())) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("report");
        }
        Path empty = Files.createDirectory(dir.resolve("empty"));
        ReportFolder.write(empty, false, files("{}", () -> "<p>3</p>"));
        assertThat(Files.readString(empty.resolve("index.html"))).isEqualTo("<p>3</p>");
    }

    @Test
    void neverReplacesAFolderHoldingOtherFilesOrAFile() throws IOException {
        Path other = Files.createDirectory(dir.resolve("home"));
        Files.writeString(other.resolve("index.html"), "mine");
        Files.writeString(other.resolve("notes.txt"), "mine");
        for (boolean force : new boolean[] {false, true}) {
            assertThatThrownBy(() -> ReportFolder.check(other, force)).isInstanceOf(UsageException.class)
                    .hasMessageContaining("never replaces");
            assertThatThrownBy(() -> ReportFolder.write(other, force, files("{}", () -> "x")))
                    .isInstanceOf(UsageException.class);
        }
        assertThat(Files.readString(other.resolve("index.html"))).isEqualTo("mine");
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> ReportFolder.check(file, true)).isInstanceOf(UsageException.class)
                .hasMessageContaining("not a folder");
    }

    @Test
    void aFolderThatCannotBeCreatedIsAnOutputError() throws IOException {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> ReportFolder.write(file.resolve("report"), false, files("{}", () -> "x")))
                .isInstanceOf(OklException.class).matches(e -> ((OklException) e).errorCode() == ErrorCode.OUTPUT_FILE,
                        "OUTPUT_FILE");
        assertThat(Files.readString(file)).isEqualTo("x");
    }
}
