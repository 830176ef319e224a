package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;

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
 * The {@code okl} command end to end: the vertical slice on bundled data, and every kind of bad input giving one
 * clear line, the right exit code, no stack trace and no partial output file.
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
        List<String> lines = r.stderr().strip().lines().filter(l -> !l.startsWith("okl: see ")).toList();
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
    void unknownComponentIsAUsageError() throws Exception {
        Path p = dir.resolve("unknown.json");
        Files.writeString(p, Files.readString(pipeline).replace("\"gaussian\"", "\"gausian\""));
        assertOneLineError(okl("evaluate", "--pipeline", p.toString(), "--data", csv.toString(), "--outputs",
                "y1,y2", "--cv", "3", "--metrics", "mse"), 2, "[OKL-E001]", "unknown kernel 'gausian'",
                "gaussian");
    }

    @Test
    void invalidParametersAreUsageErrors() throws Exception {
        for (String[] change : new String[][] {
                {"\"sigma\": 1.5", "\"sigma\": -1", "parameter 'sigma'"},
                {"\"lambda\": 1e-3", "\"lambda\": -0.1", "parameter 'lambda'"},
                {"\"matrix\": {\"name\": \"identity\"}", "\"matrix\": {\"name\": \"common-similarity\", "
                        + "\"omega\": 1.5}", "parameter 'omega'"}}) {
            Path p = dir.resolve("invalid.json");
            Files.writeString(p, Files.readString(pipeline).replace(change[0], change[1]));
            assertOneLineError(okl("evaluate", "--pipeline", p.toString(), "--data", csv.toString(), "--outputs",
                    "y1,y2", "--cv", "3", "--metrics", "mse"), 2, "[OKL-E004]", change[2]);
        }
    }

    @Test
    void badCsvFilesAreDataErrorsNamingFileAndLine() throws Exception {
        Map<String, String> cases = Map.of(
                "ragged.csv", "a,b,c\n1,2,3\n4,5\n",
                "nan.csv", "a,b,c\n1,2,3\n4,NaN,6\n",
                "text.csv", "a,b,c\n1,2,3\n4,five,6\n",
                "empty.csv", "");
        for (var e : cases.entrySet()) {
            Path bad = dir.resolve(e.getKey());
            Files.writeString(bad, e.getValue());
            Path model = dir.resolve("never.okl");
            OklProcess.Result r = okl("fit", "--pipeline", pipeline.toString(), "--data", bad.toString(),
                    "--outputs", "c", "--model", model.toString());
            assertOneLineError(r, 1, e.getKey());
            if (!e.getKey().equals("empty.csv")) {
                assertThat(r.stderr()).as(e.getKey()).contains(":3");
            }
            assertThat(model).as("no model written for " + e.getKey()).doesNotExist();
        }
    }

    @Test
    void missingFilesAndColumns() throws Exception {
        assertOneLineError(okl("fit", "--pipeline", pipeline.toString(), "--data", "nowhere.csv", "--outputs", "c",
                "--model", "m.okl"), 1, "nowhere.csv");
        assertOneLineError(okl("fit", "--pipeline", "nope.json", "--data", csv.toString(), "--outputs", "y1",
                "--model", "m.okl"), 2, "nope.json");
        assertOneLineError(okl("fit", "--pipeline", pipeline.toString(), "--data", csv.toString(), "--outputs",
                "y9", "--model", "m.okl"), 2, "y9");
        assertOneLineError(okl("fit", "--pipeline", pipeline.toString(), "--data", csv.toString(), "--model",
                "m.okl"), 2, "--outputs");
        assertOneLineError(okl("fit", "--data", csv.toString()), 2, "--pipeline");
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
}
