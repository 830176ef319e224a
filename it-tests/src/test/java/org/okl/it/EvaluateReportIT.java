package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code okl evaluate --report DIR} through the real process, on a bundled regression set (slump, 5-fold
 * cross-validation, jackknife+ intervals) and a bundled multi-label set (scene-sample, its test split, calibrated
 * probabilities): the folder holds index.html and report.json and nothing else is left beside it; on slump the held-out
 * coverage at 0.9 of every output and of the joint box lies within the report's binomial band (99 %, exact; widened
 * above by 1/(n_train + 1), the excess the conformal rank allows) and the page has its charts; on scene-sample the
 * calibrated probabilities' ECE is below the raw scores' and the page has the reliability diagram.
 */
class EvaluateReportIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private OklProcess.Result okl(String... args) throws Exception {
        return OklProcess.run(dir, Map.of(), args);
    }

    private void assertOnlyTheReport(Path report) throws Exception {
        try (Stream<Path> files = Files.list(report)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly("index.html",
                    "report.json");
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("."));
        }
    }

    @Test
    void regressionReportHasCoverageInTheBandAndItsCharts() throws Exception {
        Path pipeline = Files.writeString(dir.resolve("p.json"), """
                {"inputs": [{"name": "standardize"}], "targets": [{"name": "standardize"}],
                 "kernel": {"name": "gaussian", "bandwidth": "median"},
                 "filter": {"name": "tikhonov", "lambda": 1e-3}}
                """);
        Path report = dir.resolve("slump-report");
        OklProcess.Result r = okl("evaluate", "--pipeline", pipeline.toString(), "--data", "slump", "--cv", "5",
                "--report", report.toString());
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertThat(r.stdout()).contains("report written to");
        assertOnlyTheReport(report);
        JsonNode json = JSON.readTree(report.resolve("report.json").toFile());
        JsonNode intervals = json.path("intervals");
        assertThat(intervals.path("levels").get(4).asDouble()).isEqualTo(0.9);
        long rows = intervals.path("joint").path("rows").asLong();
        assertThat(rows).isEqualTo(103);
        // the largest training part of 5 folds of 103 rows
        double excess = 1.0 / (83 + 1);
        assertThat(intervals.path("outputs")).hasSize(3);
        for (JsonNode o : intervals.path("outputs")) {
            assertWithinBand(o.path("name").asText(), o.path("coverage").get(4).asDouble(), o.path("band").get(4),
                    excess);
            assertThat(o.path("mean_width").get(4).asDouble()).isPositive();
        }
        JsonNode joint = intervals.path("joint");
        assertWithinBand("joint", joint.path("coverage").get(4).asDouble(), joint.path("band").get(4), excess);
        assertThat(json.path("band_confidence").asDouble()).isEqualTo(0.99);
        String html = Files.readString(report.resolve("index.html"));
        assertThat(html).startsWith("<!DOCTYPE html>").contains("id=\"calibration\"").contains("id=\"widths\"")
                .contains("slump").doesNotContain("<script");
        // the calibration chart and one width chart per output
        assertThat(html.split("<svg ", -1)).hasSize(5);
    }

    @Test
    void multiLabelReportHasTheReliabilityDiagram() throws Exception {
        Path pipeline = Files.writeString(dir.resolve("labels.json"), """
                {"kernel": {"name": "gaussian", "bandwidth": "median"},
                 "filter": {"name": "tikhonov", "lambda": 1e-2},
                 "output": {"name": "labels"}, "decoder": {"name": "threshold"}}
                """);
        Path report = dir.resolve("scene-report");
        OklProcess.Result r = okl("evaluate", "--pipeline", pipeline.toString(), "--data", "scene-sample",
                "--report", report.toString());
        assertThat(r.exitCode()).as(r.stderr()).isZero();
        assertOnlyTheReport(report);
        JsonNode p = JSON.readTree(report.resolve("report.json").toFile()).path("probabilities");
        assertThat(p.path("pairs").asLong()).isPositive();
        assertThat(p.path("calibrated").path("ece").asDouble()).isLessThan(p.path("raw").path("ece").asDouble());
        String html = Files.readString(report.resolve("index.html"));
        assertThat(html).contains("id=\"reliability\"").contains("calibrated, ECE").contains("raw scores, ECE")
                .doesNotContain("<script");
        OklProcess.Result again = okl("evaluate", "--pipeline", pipeline.toString(), "--data", "scene-sample",
                "--report", report.toString());
        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.stderr()).contains("--force");
    }

    private static void assertWithinBand(String what, double coverage, JsonNode band, double excess) {
        assertThat(coverage).as(what + " coverage at 0.9, band " + band).isBetween(band.get(0).asDouble(),
                band.get(1).asDouble() + excess);
    }
}
