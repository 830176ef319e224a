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
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.linalg.Matrix;
import org.okl.app.Main;
import org.okl.core.Model;
import org.okl.core.conformal.PredictionIntervals;

/**
 * Split conformal intervals from the command line on a sketched pipeline: {@code okl fit --calibration-rows N} stores
 * the calibration residuals, {@code okl predict --intervals} writes the bounds {@link Model#predictIntervals} gives,
 * and {@code okl evaluate --intervals} scores a sketched pipeline (it used to refuse it) with coverage in the band.
 */
class IntervalsCommandsTest {
    private static final String SKETCHED = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.0}, \"operator\": "
            + "{\"name\": \"separable\", \"matrix\": {\"name\": \"identity\"}}, \"output\": {\"name\": \"vector\"}, "
            + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-3, 1e-2]}, \"decoder\": {\"name\": \"identity\"}, "
            + "\"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\"}, "
            + "\"approximation\": {\"name\": \"nystrom\", \"rank\": 40}}";

    @TempDir
    Path dir;

    private Matrix data(Path csv, int n) throws IOException {
        Random r = new Random(11);
        StringBuilder text = new StringBuilder("x1,x2,y1,y2\n");
        Matrix x = Matrix.zeros(n, 2);
        for (int i = 0; i < n; i++) {
            double a = 2 * r.nextDouble() - 1;
            double b = 2 * r.nextDouble() - 1;
            double s = 0.05 + 0.5 * Math.abs(a);
            x.set(i, 0, a);
            x.set(i, 1, b);
            text.append(String.format(Locale.ROOT, "%.17g,%.17g,%.17g,%.17g%n", a, b,
                    Math.sin(3 * a) + s * r.nextGaussian(), a * b + s * r.nextGaussian()));
        }
        Files.writeString(csv, text);
        return x;
    }

    @Test
    void fitPredictAndEvaluateGiveSplitConformalIntervals() throws IOException {
        Path csv = dir.resolve("d.csv");
        Matrix x = data(csv, 900);
        Path pipeline = Files.writeString(dir.resolve("p.json"), SKETCHED);
        Path model = dir.resolve("m.okl");
        assertThat(Main.run("fit", "--pipeline", pipeline.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--calibration-rows", "150", "--model", model.toString())).isZero();
        Path pred = dir.resolve("p.csv");
        assertThat(Main.run("predict", "--model", model.toString(), "--data", csv.toString(), "--outputs", "y1,y2",
                "--out", pred.toString(), "--intervals", "0.9")).isZero();
        List<String> lines = Files.readAllLines(pred);
        assertThat(lines).hasSize(901);
        PredictionIntervals p = Model.load(model).predictIntervals(x, 0.9);
        assertThat(p.method()).startsWith("split conformal");
        for (int i = 0; i < 900; i += 37) {
            String[] f = lines.get(i + 1).split(",");
            assertThat(Double.parseDouble(f[2])).isCloseTo(p.lower().get(i, 0), within(1e-12));
            assertThat(Double.parseDouble(f[5])).isCloseTo(p.upper().get(i, 1), within(1e-12));
        }

        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream old = System.out;
        int code;
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            code = Main.run("evaluate", "--pipeline", pipeline.toString(), "--data", csv.toString(), "--outputs",
                    "y1,y2", "--cv", "3", "--intervals", "0.9", "--json");
        } finally {
            System.setOut(old);
        }
        assertThat(code).isZero();
        String out = captured.toString(StandardCharsets.UTF_8);
        JsonNode scores = new ObjectMapper().readTree(out.substring(out.indexOf('{'))).path("metrics");
        // 1,800 (row, output) pairs and 3 calibration sets of 120 rows: 0.9 ± 3.29 sqrt(0.09 (1/1800 + 1/360))
        assertThat(scores.path("coverage").asDouble()).isBetween(0.84, 0.96);
        assertThat(scores.path("joint-coverage").asDouble()).isBetween(0.83, 0.97);
        assertThat(scores.path("mean-width").asDouble()).isPositive();
    }

    /**
     * {@code okl predict --probabilities} on a model of 0/1 labels writes NAME_probability after the labels, each
     * the model's {@link Model#predictProbabilities}; {@code okl evaluate --intervals} scores ece and ece-raw.
     */
    @Test
    void predictWritesCalibratedProbabilitiesAndEvaluateScoresTheirCalibration() throws IOException {
        Random r = new Random(5);
        StringBuilder text = new StringBuilder("x1,x2,l1,l2\n");
        Matrix x = Matrix.zeros(300, 2);
        for (int i = 0; i < 300; i++) {
            double a = 2 * r.nextDouble() - 1;
            double b = 2 * r.nextDouble() - 1;
            x.set(i, 0, a);
            x.set(i, 1, b);
            int l1 = r.nextDouble() < 1 / (1 + Math.exp(-4 * a)) ? 1 : 0;
            int l2 = r.nextDouble() < 1 / (1 + Math.exp(-3 * a * b)) ? 1 : 0;
            text.append(String.format(Locale.ROOT, "%.17g,%.17g,%d,%d%n", a, b, l1, l2));
        }
        Path csv = Files.writeString(dir.resolve("labels.csv"), text);
        Path pipeline = Files.writeString(dir.resolve("labels.json"), "{\"kernel\": {\"name\": \"gaussian\", "
                + "\"sigma\": 0.7}, \"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-2}, \"output\": "
                + "{\"name\": \"labels\"}, \"decoder\": {\"name\": \"threshold\"}}");
        Path model = dir.resolve("labels.okl");
        assertThat(Main.run("fit", "--pipeline", pipeline.toString(), "--data", csv.toString(), "--outputs",
                "l1,l2", "--model", model.toString())).isZero();
        Path pred = dir.resolve("probabilities.csv");
        assertThat(Main.run("predict", "--model", model.toString(), "--data", csv.toString(), "--outputs", "l1,l2",
                "--out", pred.toString(), "--probabilities")).isZero();
        List<String> lines = Files.readAllLines(pred);
        assertThat(lines.get(0)).isEqualTo("l1,l2,l1_probability,l2_probability");
        Matrix p = Model.load(model).predictProbabilities(x);
        for (int i = 0; i < 300; i += 13) {
            String[] f = lines.get(i + 1).split(",");
            assertThat(Double.parseDouble(f[2])).isCloseTo(p.get(i, 0), within(1e-12));
            assertThat(Double.parseDouble(f[3])).isCloseTo(p.get(i, 1), within(1e-12));
        }
        assertThat(Main.run("predict", "--model", model.toString(), "--data", csv.toString(), "--outputs", "l1,l2",
                "--out", dir.resolve("never.csv").toString(), "--probabilities", "--intervals", "0.9")).isNotZero();
        assertThat(dir.resolve("never.csv")).doesNotExist();
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream old = System.out;
        int code;
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            code = Main.run("evaluate", "--pipeline", pipeline.toString(), "--data", csv.toString(), "--outputs",
                    "l1,l2", "--cv", "3", "--intervals", "0.9", "--json");
        } finally {
            System.setOut(old);
        }
        assertThat(code).isZero();
        String out = captured.toString(StandardCharsets.UTF_8);
        JsonNode scores = new ObjectMapper().readTree(out.substring(out.indexOf('{'))).path("metrics");
        assertThat(scores.path("ece").asDouble()).isBetween(0.0, 0.2);
        assertThat(scores.has("ece-raw")).isTrue();
    }
}
