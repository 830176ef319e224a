package org.okl.app.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.app.Main;

/**
 * {@code okl evaluate --report DIR} in process: the folder holds index.html and report.json; the report's pooled
 * coverage at 0.9 equals the {@code coverage} that {@code --intervals 0.9} prints (equal folds, so the mean over folds
 * is the pooled share); output names from the data file are escaped on the page; an existing folder is refused
 * before any work, and replaced with --force.
 */
class EvaluateReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCRIPT = "<script>alert(1)</script>";
    private static final String BELL = "y\u0007\u001b[2J";

    @TempDir
    Path dir;

    private record Run(int code, String out) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream old = System.out;
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            int code = Main.run(args);
            return new Run(code, captured.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(old);
        }
    }

    private Path csv() throws IOException {
        Random r = new Random(11);
        StringBuilder text = new StringBuilder("x1,x2,\"" + SCRIPT + "\",\"" + BELL + "\"\n");
        for (int i = 0; i < 100; i++) {
            double a = 2 * r.nextDouble() - 1;
            double b = 2 * r.nextDouble() - 1;
            text.append(String.format(Locale.ROOT, "%.17g,%.17g,%.17g,%.17g%n", a, b,
                    Math.sin(3 * a) + 0.2 * r.nextGaussian(), a * b + 0.1 * r.nextGaussian()));
        }
        return Files.writeString(dir.resolve("d.csv"), text);
    }

    /**
     * A sketched pipeline streams its rows; with --report alone (no --intervals) its fits still hold out calibration
     * rows, so every streamed block of every held-out fold is tallied with split conformal intervals.
     */
    @Test
    void aStreamedEvaluationReportsSplitConformalIntervals() throws IOException {
        Random r = new Random(12);
        StringBuilder text = new StringBuilder("x1,x2,y1,y2\n");
        for (int i = 0; i < 1200; i++) {
            double a = 2 * r.nextDouble() - 1;
            double b = 2 * r.nextDouble() - 1;
            text.append(String.format(Locale.ROOT, "%.17g,%.17g,%.17g,%.17g%n", a, b,
                    Math.sin(3 * a) + 0.2 * r.nextGaussian(), a * b + 0.1 * r.nextGaussian()));
        }
        Path csv = Files.writeString(dir.resolve("big.csv"), text);
        Path pipeline = Files.writeString(dir.resolve("sketched.json"), "{\"kernel\": {\"name\": \"gaussian\", "
                + "\"sigma\": 1.0}, \"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-3}, \"approximation\": "
                + "{\"name\": \"nystrom\", \"rank\": 40}}");
        Path report = dir.resolve("streamed");
        Run run = run("evaluate", "--pipeline", pipeline.toString(), "--data", csv.toString(), "--outputs", "y1,y2",
                "--cv", "3", "--metrics", "mse", "--report", report.toString());
        assertThat(run.code()).as(run.out()).isZero();
        JsonNode intervals = JSON.readTree(report.resolve("report.json").toFile()).path("intervals");
        assertThat(intervals.path("method").asText()).startsWith("split conformal");
        assertThat(intervals.path("joint").path("rows").asLong()).isEqualTo(1200);
        JsonNode band = intervals.path("joint").path("band").get(4);
        // 3 calibration sets of a few hundred rows each: their own spread widens the band below by a little
        assertThat(intervals.path("joint").path("coverage").get(4).asDouble()).isBetween(
                band.get(0).asDouble() - 0.03, band.get(1).asDouble() + 0.03);
    }

    @Test
    void writesTheReportAndItsCoverageAgreesWithTheIntervalsMetric() throws IOException {
        Path csv = csv();
        Path pipeline = Files.writeString(dir.resolve("p.json"), "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": "
                + "0.6}, \"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-3}}");
        Path report = dir.resolve("report");
        String outputs = SCRIPT + "," + BELL;
        Run json = run("evaluate", "--pipeline", pipeline.toString(), "--data", csv.toString(), "--outputs",
                outputs, "--cv", "5", "--intervals", "0.9", "--json", "--report", report.toString());
        assertThat(json.code()).as(json.out()).isZero();
        JsonNode metrics = JSON.readTree(json.out().substring(json.out().indexOf('{'))).path("metrics");
        try (Stream<Path> files = Files.list(report)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly("index.html",
                    "report.json");
        }
        JsonNode r = JSON.readTree(report.resolve("report.json").toFile());
        JsonNode intervals = r.path("intervals");
        int at = -1;
        for (int l = 0; l < intervals.path("levels").size(); l++) {
            if (intervals.path("levels").get(l).asDouble() == 0.9) {
                at = l;
            }
        }
        assertThat(at).isEqualTo(4);
        long values = 0;
        double covered = 0;
        for (JsonNode o : intervals.path("outputs")) {
            values += o.path("values").asLong();
            covered += o.path("coverage").get(at).asDouble() * o.path("values").asLong();
        }
        assertThat(values).isEqualTo(200);
        assertThat(covered / values).isCloseTo(metrics.path("coverage").asDouble(), within(1e-12));
        assertThat(intervals.path("joint").path("coverage").get(at).asDouble())
                .isCloseTo(metrics.path("joint-coverage").asDouble(), within(1e-12));
        assertThat(intervals.path("outputs").get(0).path("name").asText()).isEqualTo(SCRIPT);
        assertThat(intervals.path("outputs").get(1).path("name").asText()).isEqualTo(BELL);
        assertThat(r.path("protocol").asText()).contains("5-fold");

        String html = Files.readString(report.resolve("index.html"));
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;").contains("y\\x07\\x1b[2J")
                .doesNotContain("<script").doesNotContain("\u0007").contains("id=\"calibration\"")
                .contains("id=\"widths\"");

        // an existing report is refused before any work, and nothing in it changes
        long before = Files.getLastModifiedTime(report.resolve("index.html")).toMillis();
        Run again = run("evaluate", "--pipeline", pipeline.toString(), "--data", dir.resolve("missing.csv")
                .toString(), "--cv", "5", "--report", report.toString());
        assertThat(again.code()).isEqualTo(2);
        assertThat(Files.getLastModifiedTime(report.resolve("index.html")).toMillis()).isEqualTo(before);
        Run forced = run("evaluate", "--pipeline", pipeline.toString(), "--data", csv.toString(), "--outputs",
                outputs, "--cv", "5", "--report", report.toString(), "--force");
        assertThat(forced.code()).as(forced.out()).isZero();
        assertThat(forced.out()).contains("report written to");
        assertThat(run("evaluate", "--data", csv.toString(), "--cv", "5", "--force").code()).isEqualTo(2);
    }
}
