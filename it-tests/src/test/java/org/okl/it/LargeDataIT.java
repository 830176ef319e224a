package org.okl.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

/**
 * Large data through the real {@code okl} process: a sketched pipeline fitted from a CSV read in blocks equals the
 * same pipeline fitted in memory, {@code okl predict} and {@code okl evaluate} stream their files, bad input in the
 * middle of a streamed file is reported by line and leaves no output, and models of streamed fits store no rows.
 */
class LargeDataIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int N = 3000;
    private static final int P = 4;
    private static final int D = 2;
    /**
     * A width at which the sketch's metric k(L, L) is well conditioned (smallest eigenvalue 1e-6 of the largest):
     * at 2.0 it reached 1e-9, and the model at the smallest lambda moved by 1e-5 between two runs of the same fit
     * whose round-off differed in the last bits (BLAS kernels whose results depend on where arrays sit in memory),
     * more than this test allows.
     */
    private static final String PIPELINE = """
            {"kernel": {"name": "gaussian", "sigma": 1.0},
             "filter": {"name": "tikhonov", "lambda": [1e-6, 1e-4, 1e-2, 1]},
             "approximation": {"name": "nystrom", "rank": 150},
             "selection": {"method": "kfold", "folds": 4, "metric": "mse", "seed": 3}}
            """;
    private static final Okl OKL = Okl.builder().build();

    @TempDir
    static Path dir;
    static Path pipeline;
    static Path train;
    static Path test;
    static Matrix trainRows;
    static Matrix testRows;

    @BeforeAll
    static void files() throws IOException {
        pipeline = dir.resolve("sketch.json");
        Files.writeString(pipeline, PIPELINE);
        trainRows = rows(N, 1);
        testRows = rows(500, 2);
        train = csv(dir.resolve("train.csv"), trainRows, -1);
        test = csv(dir.resolve("test.csv"), testRows, -1);
    }

    /** Rows of p inputs then d outputs: y = sin(x . w) + noise, w fixed. */
    static Matrix rows(int n, long seed) {
        Random r = new Random(seed);
        Random w = new Random(99);
        double[][] weights = new double[D][P];
        for (double[] row : weights) {
            for (int k = 0; k < P; k++) {
                row[k] = w.nextGaussian() / Math.sqrt(P);
            }
        }
        Matrix m = Matrix.zeros(n, P + D);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < P; k++) {
                m.set(i, k, r.nextGaussian());
            }
            for (int j = 0; j < D; j++) {
                double s = 0;
                for (int k = 0; k < P; k++) {
                    s += weights[j][k] * m.get(i, k);
                }
                m.set(i, P + j, Math.sin(2 * s) + 0.1 * r.nextGaussian());
            }
        }
        return m;
    }

    /** The rows as CSV with a header, every value exactly (Double.toString); line {@code bad} gets a bad field. */
    static Path csv(Path file, Matrix rows, int bad) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("x1,x2,x3,x4,y1,y2\n");
            for (int i = 0; i < rows.rows(); i++) {
                StringBuilder line = new StringBuilder();
                for (int j = 0; j < rows.cols(); j++) {
                    line.append(j == 0 ? "" : ",").append(i + 2 == bad && j == 2 ? "1.2.3" : rows.get(i, j));
                }
                w.write(line.append('\n').toString());
            }
        }
        return file;
    }

    private static OklProcess.Result okl(String... args) throws Exception {
        return OklProcess.run(dir, Map.of(), args);
    }

    private static Matrix inputs(Matrix rows) {
        return rows.columnRange(0, P);
    }

    private static Matrix outputs(Matrix rows) {
        return rows.columnRange(P, P + D);
    }

    private static Model inMemory() {
        PipelineSpec spec = OKL.readPipeline(pipeline);
        return OKL.pipeline(spec).fit(TrainingData.of(inputs(trainRows), outputs(trainRows)));
    }

    @Test
    void aStreamedFitEqualsTheInMemoryFit() throws Exception {
        Path model = dir.resolve("streamed.okl");
        OklProcess.Result fit = okl("fit", "--pipeline", pipeline.toString(), "--data", train.toString(), "--inputs",
                "0:4", "--outputs", "4:6", "--model", model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        assertThat(fit.stdout()).contains("streamed from").contains("kernel blocks");
        Model streamed = Model.load(model, OKL);
        Model memory = inMemory();
        assertThat(streamed.pathIndex()).isEqualTo(memory.pathIndex());
        for (int j = 0; j < memory.provenance().validationCurve().size(); j++) {
            assertThat(streamed.provenance().validationCurve().get(j).error())
                    .isCloseTo(memory.provenance().validationCurve().get(j).error(), within(1e-10));
        }
        Matrix expected = memory.predict(inputs(testRows)).outputs();
        assertThat(streamed.predict(inputs(testRows)).outputs().maxAbsDifference(expected)).isLessThan(1e-8);
        // the selection beat predicting zero by far: the fit learned the function
        assertThat(streamed.provenance().validationCurve().stream().mapToDouble(c -> c.error()).min().orElseThrow())
                .isLessThan(0.05);
    }

    @Test
    void predictAndEvaluateStreamTheirFiles() throws Exception {
        Path model = dir.resolve("m.okl");
        assertThat(okl("fit", "--pipeline", pipeline.toString(), "--data", train.toString(), "--inputs", "0:4",
                "--outputs", "4:6", "--model", model.toString()).exitCode()).isZero();
        Path pred = dir.resolve("pred.csv");
        // the model remembers its input columns by name: no --inputs needed
        OklProcess.Result predict = okl("predict", "--model", model.toString(), "--data", test.toString(),
                "--out", pred.toString());
        assertThat(predict.exitCode()).as(predict.stderr()).isZero();
        List<String> lines = Files.readAllLines(pred);
        assertThat(lines).hasSize(501);
        Matrix expected = Model.load(model, OKL).predict(inputs(testRows)).outputs();
        double squared = 0;
        for (int i = 0; i < 500; i++) {
            String[] fields = lines.get(i + 1).split(",");
            for (int j = 0; j < D; j++) {
                assertThat(Double.parseDouble(fields[j])).isEqualTo(expected.get(i, j));
                double e = expected.get(i, j) - testRows.get(i, P + j);
                squared += e * e;
            }
        }
        OklProcess.Result eval = okl("evaluate", "--pipeline", pipeline.toString(), "--train", train.toString(),
                "--test", test.toString(), "--inputs", "0:4", "--outputs", "4:6", "--metrics", "mse,rmse", "--json");
        assertThat(eval.exitCode()).as(eval.stderr()).isZero();
        JsonNode result = JSON.readTree(eval.stdout());
        assertThat(result.path("metrics").path("mse").asDouble()).isCloseTo(squared / (500 * D), within(1e-12));
        assertThat(result.path("protocol").asText()).contains("streamed");
    }

    @Test
    void aBadFieldDeepInAStreamedFileNamesItsLineAndLeavesNoOutput() throws Exception {
        Path bad = csv(dir.resolve("bad.csv"), trainRows, 2500);
        Path model = dir.resolve("bad.okl");
        OklProcess.Result fit = okl("fit", "--pipeline", pipeline.toString(), "--data", bad.toString(), "--inputs",
                "0:4", "--outputs", "4:6", "--model", model.toString());
        assertThat(fit.exitCode()).isEqualTo(1);
        assertThat(fit.stderr().strip().lines())
                .as("the header noted once, however often the file is opened, then one error").hasSize(2).first().asString().startsWith("okl: note: ").contains("line 1 read as the header");
        assertThat(fit.stderr()).contains("bad.csv:2500").contains("x3").doesNotContain("\tat ");
        assertThat(model).doesNotExist();
        Path good = dir.resolve("good.okl");
        assertThat(okl("fit", "--pipeline", pipeline.toString(), "--data", train.toString(), "--inputs", "0:4",
                "--outputs", "4:6", "--model", good.toString()).exitCode()).isZero();
        Path out = dir.resolve("bad-pred.csv");
        OklProcess.Result predict = okl("predict", "--model", good.toString(), "--data", bad.toString(), "--inputs",
                "0:4", "--outputs", "4:6", "--out", out.toString());
        assertThat(predict.exitCode()).isEqualTo(1);
        assertThat(predict.stderr()).contains("bad.csv:2500");
        assertThat(out).doesNotExist();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void modelsOfStreamedFitsStoreNoRowsAndNameTheirSolverAndSketch() throws Exception {
        Path model = dir.resolve("record.okl");
        assertThat(okl("fit", "--pipeline", pipeline.toString(), "--data", train.toString(), "--inputs", "0:4",
                "--outputs", "4:6", "--model", model.toString()).exitCode()).isZero();
        try (ZipFile zip = new ZipFile(model.toFile())) {
            JsonNode root = JSON.readTree(zip.getInputStream(zip.getEntry("model.json")));
            assertThat(root.path("training").size()).as("training arrays").isZero();
            assertThat(zip.stream().map(e -> e.getName())).noneMatch(n -> n.startsWith("training/"));
            assertThat(root.path("provenance").path("solver").asText()).isEqualTo("low-rank-eigen");
            assertThat(root.path("provenance").path("sketch").asText()).isEqualTo("nystrom, m = 150");
            assertThat(root.path("predictor").path("type").asText()).isEqualTo("sketch-expansion");
            assertThat(root.path("data").path("inputs").asInt()).isEqualTo(P);
            assertThat(root.path("data").path("inputColumns").path("names").toString())
                    .isEqualTo("[\"x1\",\"x2\",\"x3\",\"x4\"]");
        }
    }

    @Test
    void falkonFitsWhenNamedAndTheModelSaysSo() throws Exception {
        Path falkonPipeline = dir.resolve("falkon.json");
        Files.writeString(falkonPipeline, PIPELINE.replace("\"selection\"",
                "\"solver\": {\"name\": \"falkon\", \"tolerance\": 1e-11, \"iterations\": 200}, \"selection\""));
        Path model = dir.resolve("falkon.okl");
        OklProcess.Result fit = okl("fit", "--pipeline", falkonPipeline.toString(), "--data", train.toString(),
                "--inputs", "0:4", "--outputs", "4:6", "--model", model.toString());
        assertThat(fit.exitCode()).as(fit.stderr()).isZero();
        Model falkon = Model.load(model, OKL);
        assertThat(falkon.provenance().solver()).isEqualTo("falkon");
        Model eigen = inMemory();
        assertThat(falkon.pathIndex()).isEqualTo(eigen.pathIndex());
        // Falkon solves the ridge system itself; the eigen route drops directions below 1e-10 of the largest
        // eigenvalue (the pseudo-inverse convention), which matters at the smallest lambdas: agreement to 1e-4
        assertThat(falkon.predict(inputs(testRows)).outputs().maxAbsDifference(eigen.predict(inputs(testRows))
                .outputs())).isLessThan(1e-4);
    }

    @Test
    void pluginsListTheSolversAndSketches() throws Exception {
        OklProcess.Result solvers = okl("plugins", "--kind", "solver");
        assertThat(solvers.exitCode()).isZero();
        assertThat(solvers.stdout()).contains("falkon").contains("low-rank-eigen").contains("separable-eigen")
                .contains("okl-core");
        OklProcess.Result sketches = okl("plugins", "--kind", "sketch");
        assertThat(sketches.stdout()).contains("nystrom").contains("fourier").contains("incomplete-cholesky")
                .contains("rank");
    }
}
