package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code okl} command end to end: the vertical slice on bundled data, and model files that round-trip while bad
 * ones are refused. Every other kind of bad input is a case of the corpus {@link BadInputIT} runs.
 */
class CommandLineIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;
    static Path pipeline;
    static Path csv;

    @BeforeAll
    static void files() throws IOException {
        pipeline = dir.resolve("p.json");
        Files.writeString(pipeline, """
                {"kernel": {"name": "gaussian", "sigma": 1.5},
                 "operator": {"name": "separable", "matrix": {"name": "identity"}},
                 "output": {"name": "vector"},
                 "filter": {"name": "tikhonov", "lambda": 1e-3},
                 "regularizers": [],
                 "decoder": {"name": "identity"}}
                """);
        csv = ThirdPartyPluginIT.regressionCsv(dir);
    }

    private static OklProcess.Result okl(String... args) throws Exception {
        return OklProcess.run(dir, Map.of(), args);
    }

    private static void assertOneLineError(OklProcess.Result r, int exitCode, String... fragments) {
        assertThat(r.exitCode()).as("exit code; stderr: " + r.stderr()).isEqualTo(exitCode);
        List<String> lines = r.stderr().strip().lines()
                .filter(l -> !l.startsWith("okl: see ") && !l.startsWith("okl: note: ")).toList();
        assertThat(lines).as("stderr lines").hasSize(1);
        assertThat(lines.get(0)).startsWith("okl: error: ").contains(fragments);
        assertThat(r.stderr()).doesNotContain("\tat ").doesNotContain("Exception in thread");
    }

    @Test
    void verticalSliceOnBundledDigits() throws Exception {
        Path slice = Path.of("..", "examples", "digits-completion.json").toAbsolutePath().normalize();
        Path model = dir.resolve("digits.okl");
        OklProcess.Result fit = okl("fit", "--pipeline", slice.toString(), "--data", "digits-halves", "--model",
                model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        assertThat(model).exists();

        Path pred = dir.resolve("pred.csv");
        OklProcess.Result predict = okl("predict", "--model", model.toString(), "--data", "digits-halves", "--out",
                pred.toString());
        assertThat(predict.exitCode()).as(predict.stderr()).isZero();
        assertThat(Files.readAllLines(pred)).hasSize(1797 + 1);

        OklProcess.Result eval = okl("evaluate", "--pipeline", slice.toString(), "--data", "digits-halves",
                "--cv", "3", "--metrics", "mse,rmse", "--json");
        assertThat(eval.exitCode()).as(eval.stderr()).isZero();
        JsonNode metrics = JSON.readTree(eval.stdout()).path("metrics");
        // pixels are 0..16: predicting the training mean gives an MSE near 30; the kernel fit must do far better
        assertThat(metrics.path("mse").asDouble()).isBetween(0.5, 15.0);
        assertThat(metrics.path("rmse").asDouble()).isCloseTo(Math.sqrt(metrics.path("mse").asDouble()),
                org.assertj.core.data.Offset.offset(0.5));
    }

    @Test
    void modelFilesRoundTripAndBadOnesAreRefused() throws Exception {
        Path model = dir.resolve("m.okl");
        OklProcess.Result fit = okl("fit", "--pipeline", pipeline.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--model", model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
        Path pred = dir.resolve("p.csv");
        OklProcess.Result ok = okl("predict", "--model", model.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--out", pred.toString());
        assertThat(ok.exitCode()).as(ok.stderr()).isZero();
        assertThat(Files.readAllLines(pred)).hasSize(61);

        Path narrow = dir.resolve("narrow.csv");
        Files.writeString(narrow, "x1,x2\n1,2\n3,4\n");
        Path never = dir.resolve("never.csv");
        assertOneLineError(okl("predict", "--model", model.toString(), "--data", narrow.toString(), "--out",
                never.toString()), 1, "[OKL-E007]", "narrow.csv", "no column 'x3'");
        assertThat(never).doesNotExist();

        byte[] bytes = Files.readAllBytes(model);
        Path truncated = dir.resolve("truncated.okl");
        Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        assertOneLineError(okl("predict", "--model", truncated.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--out", never.toString()), 1, "[OKL-E006]", "truncated.okl");
        assertThat(never).doesNotExist();
    }

    /**
     * {@code okl predict --intervals 0.9}: the predictions, then NAME_lower, NAME_upper per output, then
     * NAME_joint_lower, NAME_joint_upper, each number the one {@link org.okl.core.Model#predictIntervals} gives; a
     * level outside (0, 1) is refused in one line before anything is written.
     */
    @Test
    void predictWritesIntervalColumnsAndRefusesABadLevel() throws Exception {
        Path model = dir.resolve("intervals.okl");
        OklProcess.Result fit = okl("fit", "--pipeline", pipeline.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--model", model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        Path pred = dir.resolve("intervals.csv");
        OklProcess.Result ok = okl("predict", "--model", model.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--out", pred.toString(), "--intervals", "0.9");
        assertThat(ok.exitCode()).as(ok.stderr()).isZero();
        List<String> lines = Files.readAllLines(pred);
        assertThat(lines).hasSize(61);
        assertThat(lines.get(0)).isEqualTo("y1,y2,y1_lower,y1_upper,y2_lower,y2_upper,y1_joint_lower,y1_joint_upper,"
                + "y2_joint_lower,y2_joint_upper");
        org.okl.api.linalg.Matrix x = org.okl.api.linalg.Matrix.zeros(60, 3);
        List<String> data = Files.readAllLines(csv);
        for (int i = 0; i < 60; i++) {
            String[] f = data.get(i + 1).split(",");
            for (int j = 0; j < 3; j++) {
                x.set(i, j, Double.parseDouble(f[j]));
            }
        }
        var p = org.okl.core.Model.load(model).predictIntervals(x, 0.9);
        org.okl.api.linalg.Matrix[] columns = {p.predictions(), p.lower(), p.upper(), p.jointLower(), p.jointUpper()};
        for (int i = 0; i < 60; i++) {
            String[] f = lines.get(i + 1).split(",");
            for (int c = 0; c < 2; c++) {
                assertThat(Double.parseDouble(f[c])).isCloseTo(columns[0].get(i, c), within(1e-12));
                assertThat(Double.parseDouble(f[2 + 2 * c])).isCloseTo(columns[1].get(i, c), within(1e-12));
                assertThat(Double.parseDouble(f[3 + 2 * c])).isCloseTo(columns[2].get(i, c), within(1e-12));
                assertThat(Double.parseDouble(f[6 + 2 * c])).isCloseTo(columns[3].get(i, c), within(1e-12));
                assertThat(Double.parseDouble(f[7 + 2 * c])).isCloseTo(columns[4].get(i, c), within(1e-12));
                assertThat(Double.parseDouble(f[3 + 2 * c])).isGreaterThan(Double.parseDouble(f[2 + 2 * c]));
            }
        }
        OklProcess.Result eval = okl("evaluate", "--pipeline", pipeline.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--cv", "5", "--intervals", "0.9", "--json");
        assertThat(eval.exitCode()).as(eval.stderr()).isZero();
        JsonNode scores = JSON.readTree(eval.stdout()).path("metrics");
        // 120 held-out (row, output) pairs: Binomial(120, 0.9) lies within 0.9 ± 3.29·sqrt(0.09/120) = 0.9 ± 0.09;
        // 60 held-out rows for the joint box: 0.9 ± 3.29·sqrt(0.09/60) = 0.9 ± 0.13
        assertThat(scores.path("coverage").asDouble()).isBetween(0.81, 1.0);
        assertThat(scores.path("joint-coverage").asDouble()).isBetween(0.77, 1.0);
        assertThat(scores.path("mean-width").asDouble()).isPositive()
                .isLessThan(scores.path("joint-mean-width").asDouble());
        Path never = dir.resolve("never-intervals.csv");
        assertOneLineError(okl("predict", "--model", model.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--out", never.toString(), "--intervals", "1.5"), 2, "[OKL-E009]", "strictly between 0 and 1",
                "1.5");
        assertThat(never).doesNotExist();
    }

    /**
     * {@code okl fit --intervals-method cv+} then {@code okl predict --intervals 0.9}: the plan's line says CV+ and
     * its folds, the model file names the method {@code cv+}, and the interval columns are the CV+ intervals that
     * {@link org.okl.core.Model#predictIntervals} gives from the file; a method OKL does not know is refused in one
     * line.
     */
    @Test
    void cvPlusIntervalsGoThroughFitAndPredict() throws Exception {
        Path model = dir.resolve("cvplus.okl");
        OklProcess.Result fit = okl("fit", "--pipeline", pipeline.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--intervals-method", "cv+", "--model", model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        assertThat(fit.stdout()).contains("intervals: cv+ from the 5 fold models of the chosen fit");
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(model.toFile())) {
            String index = new String(zip.getInputStream(zip.getEntry("model.json")).readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8);
            assertThat(JSON.readTree(index).path("conformal").path("method").asText()).isEqualTo("cv+");
        }
        Path pred = dir.resolve("cvplus.csv");
        OklProcess.Result ok = okl("predict", "--model", model.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--out", pred.toString(), "--intervals", "0.9");
        assertThat(ok.exitCode()).as(ok.stderr()).isZero();
        List<String> lines = Files.readAllLines(pred);
        assertThat(lines).hasSize(61);
        org.okl.api.linalg.Matrix x = org.okl.api.linalg.Matrix.zeros(60, 3);
        List<String> data = Files.readAllLines(csv);
        for (int i = 0; i < 60; i++) {
            String[] f = data.get(i + 1).split(",");
            for (int j = 0; j < 3; j++) {
                x.set(i, j, Double.parseDouble(f[j]));
            }
        }
        var p = org.okl.core.Model.load(model).predictIntervals(x, 0.9);
        assertThat(p.method()).startsWith("cv+ on the 5 fold models of 60 training rows");
        org.okl.api.linalg.Matrix[] columns = {p.predictions(), p.lower(), p.upper(), p.jointLower(), p.jointUpper()};
        for (int i = 0; i < 60; i++) {
            String[] f = lines.get(i + 1).split(",");
            for (int c = 0; c < 2; c++) {
                assertThat(Double.parseDouble(f[2 + 2 * c])).isCloseTo(columns[1].get(i, c), within(1e-12));
                assertThat(Double.parseDouble(f[3 + 2 * c])).isCloseTo(columns[2].get(i, c), within(1e-12));
                assertThat(Double.parseDouble(f[6 + 2 * c])).isCloseTo(columns[3].get(i, c), within(1e-12));
                assertThat(Double.parseDouble(f[7 + 2 * c])).isCloseTo(columns[4].get(i, c), within(1e-12));
                assertThat(Double.parseDouble(f[3 + 2 * c])).isGreaterThan(Double.parseDouble(f[2 + 2 * c]));
            }
        }
        assertOneLineError(okl("fit", "--pipeline", pipeline.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--intervals-method", "cv-", "--model", dir.resolve("never.okl").toString()), 2,
                "--intervals-method", "unknown interval method 'cv-'");
        assertThat(dir.resolve("never.okl")).doesNotExist();
    }

    @Test
    void aPipelineThatSearchesNothingSaysSoAndOneThatSearchesDoesNot() throws Exception {
        String note = "note: nothing is searched";
        Path preset = dir.resolve("preset.json");
        Files.writeString(preset, "{\"preset\": \"vv-rls\"}");
        Path path = dir.resolve("path.json");
        Files.writeString(path, Files.readString(pipeline).replace("\"lambda\": 1e-3", "\"lambda\": [1e-3, 1e-2]"));
        for (Path fixed : List.of(pipeline, preset)) {
            OklProcess.Result fit = okl("fit", "--pipeline", fixed.toString(), "--data", csv.toString(), "--outputs",
                    "y1,y2", "--model", dir.resolve("fixed.okl").toString());
            assertThat(fit.exitCode()).as(fit.stderr()).isZero();
            assertThat(fit.stdout()).as(fixed.toString()).contains(note).contains("without --pipeline");
            OklProcess.Result eval = okl("evaluate", "--pipeline", fixed.toString(), "--data", csv.toString(),
                    "--outputs", "y1,y2", "--cv", "2", "--metrics", "mse");
            assertThat(eval.exitCode()).as(eval.stderr()).isZero();
            assertThat(eval.stdout()).as(fixed.toString()).contains(note);
        }
        OklProcess.Result json = okl("evaluate", "--pipeline", pipeline.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--cv", "2", "--metrics", "mse", "--json");
        assertThat(json.exitCode()).as(json.stderr()).isZero();
        assertThat(JSON.readTree(json.stdout()).path("metrics").has("mse")).isTrue();
        OklProcess.Result searched = okl("fit", "--pipeline", path.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--model", dir.resolve("searched.okl").toString());
        assertThat(searched.exitCode()).as(searched.stderr()).isZero();
        assertThat(searched.stdout()).contains("fitted on").doesNotContain(note);
    }

    @Test
    void evaluateWithoutMetricsReportsTheTasksUsualOnes() throws Exception {
        // regression, held in memory: the pipeline selects nothing, so the task's metrics alone
        OklProcess.Result regression = okl("evaluate", "--pipeline", pipeline.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--cv", "2", "--json");
        assertThat(regression.exitCode()).as(regression.stderr()).isZero();
        JsonNode metrics = JSON.readTree(regression.stdout()).path("metrics");
        assertThat(metrics.fieldNames()).toIterable().containsExactly("mse", "arrmse");
        assertThat(metrics.path("arrmse").asDouble()).isBetween(0.01, 0.9);

        // the same rows streamed through a sketch: the defaults are squared errors, so the rows still stream
        Path sketched = dir.resolve("sketched.json");
        Files.writeString(sketched, Files.readString(pipeline).replace("{\"kernel\"",
                "{\"approximation\": {\"name\": \"nystrom\", \"rank\": 20},\n \"kernel\""));
        OklProcess.Result streamed = okl("evaluate", "--pipeline", sketched.toString(), "--data", csv.toString(),
                "--outputs", "y1,y2", "--cv", "2");
        assertThat(streamed.exitCode()).as(streamed.stderr()).isZero();
        assertThat(streamed.stdout()).contains("metrics: mse,arrmse (the defaults for regression; choose others "
                + "with --metrics)").contains("streamed rows").containsPattern("(?m)^arrmse +0\\.");

        // multi-label and multi-class bundled sets: the pipeline's selection metric first, then the task's
        Path labels = dir.resolve("labels.json");
        Files.writeString(labels, """
                {"inputs": [{"name": "standardize"}],
                 "kernel": {"name": "gaussian", "bandwidth": "median"},
                 "output": {"name": "labels"},
                 "filter": {"name": "tikhonov", "lambda": [1e-1, 1e-2]},
                 "decoder": {"name": "threshold"},
                 "selection": {"method": "kfold", "folds": 3, "metric": "f1-micro"}}
                """);
        OklProcess.Result multiLabel = okl("evaluate", "--pipeline", labels.toString(), "--data", "scene-sample");
        assertThat(multiLabel.exitCode()).as(multiLabel.stderr()).isZero();
        assertThat(multiLabel.stdout()).contains("metrics: f1-micro,hamming-loss,f1-macro (the defaults for "
                + "multi-label;").containsPattern("(?m)^hamming-loss +0\\.[01]");
        Path classes = dir.resolve("classes.json");
        Files.writeString(classes, """
                {"kernel": {"name": "gaussian", "bandwidth": "median"},
                 "output": {"name": "one-hot"},
                 "filter": {"name": "tikhonov", "lambda": 1e-3},
                 "decoder": {"name": "argmax"}}
                """);
        OklProcess.Result multiClass = okl("evaluate", "--pipeline", classes.toString(), "--data", "digits", "--cv",
                "2", "--json");
        assertThat(multiClass.exitCode()).as(multiClass.stderr()).isZero();
        JsonNode accuracy = JSON.readTree(multiClass.stdout()).path("metrics");
        assertThat(accuracy.fieldNames()).toIterable().containsExactly("subset-accuracy");
        assertThat(accuracy.path("subset-accuracy").asDouble()).isBetween(0.9, 1.0);
    }
}
