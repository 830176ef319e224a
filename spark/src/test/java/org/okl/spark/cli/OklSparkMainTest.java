package org.okl.spark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.pipeline.Model;
import org.okl.core.pipeline.PipelineFiles;
import org.okl.core.stream.MatrixRows;
import org.okl.spark.LocalSpark;
import org.okl.spark.SyntheticData;

/** The spark-submit entry in this JVM (on the tests' local session): fit, predict, errors and exit codes. */
class OklSparkMainTest {
    private static final String PIPELINE = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 50},"
            + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-4]},"
            + " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 1}}";

    @BeforeAll
    static void session() {
        LocalSpark.session();
    }

    /** What a run printed and returned. */
    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = OklSparkMain.run(args);
            return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void fitWritesTheOneMachineModelAndPredictWritesItsPredictions(@TempDir Path dir) throws IOException {
        SyntheticData d = SyntheticData.draw(1500, 3, 2, 51);
        Path train = d.writeCsv(dir.resolve("train.csv"), "a,b,c,y0,y1");
        Path pipeline = Files.writeString(dir.resolve("p.json"), PIPELINE);
        Path model = dir.resolve("m.okl");
        Run fit = run("fit", "--pipeline", pipeline.toString(), "--data", train.toString(), "--outputs", "y0,y1",
                "--model", model.toString());
        assertThat(fit.code()).as(fit.err()).isZero();
        assertThat(fit.out()).contains("chosen {filter.lambda=").contains("model written to " + model);
        Okl okl = Okl.builder().build();
        Model spark = Model.load(model, okl);
        Model local = okl.pipeline(PipelineFiles.parse(PIPELINE, "test", okl.registry()))
                .fit(new MatrixRows(d.x(), d.y())).model();
        assertThat(spark.provenance().dataSha256()).isEqualTo(local.provenance().dataSha256());
        Matrix expected = local.predict(d.x()).outputs();
        assertThat(spark.predict(d.x()).outputs().maxAbsDifference(expected) / expected.frobeniusNorm())
                .isLessThan(1e-9);

        Path out = dir.resolve("predictions");
        Run predict = run("predict", "--model", model.toString(), "--data", train.toString(), "--inputs", "0:3",
                "--out", out.toString());
        assertThat(predict.code()).as(predict.err()).isZero();
        Matrix predicted = readParts(out);
        assertThat(predicted.rows()).isEqualTo(1500);
        assertThat(predicted.maxAbsDifference(spark.predict(d.x()).outputs())).isLessThan(1e-12);
    }

    @Test
    void userMistakesAreOneLineErrorsWithExitCodes(@TempDir Path dir) throws IOException {
        SyntheticData d = SyntheticData.draw(50, 2, 1, 52);
        Path train = d.writeCsv(dir.resolve("train.csv"), "a,b,y");
        Path pipeline = Files.writeString(dir.resolve("p.json"), PIPELINE);
        Run badColumn = run("fit", "--pipeline", pipeline.toString(), "--data", train.toString(), "--outputs", "z",
                "--model", dir.resolve("m.okl").toString());
        assertThat(badColumn.code()).isEqualTo(1);
        assertThat(badColumn.err()).startsWith("okl-spark: error: [OKL-E007] --outputs: ").doesNotContain("\tat ");
        Path text = Files.writeString(dir.resolve("text.csv"), "a,b,y\n1,2,3\n1,x,3\n");
        Run notANumber = run("fit", "--pipeline", pipeline.toString(), "--data", text.toString(), "--outputs", "y",
                "--model", dir.resolve("m.okl").toString());
        assertThat(notANumber.code()).isEqualTo(1);
        assertThat(notANumber.err()).contains("inputs column 'b' has no value (null, or text that is not a number)");
        Run usage = run("fit", "--pipeline", pipeline.toString(), "--data", train.toString(), "--outputs", "y",
                "--modle", "m.okl");
        assertThat(usage.code()).isEqualTo(2);
        assertThat(usage.err()).contains("okl-spark: error: Missing required option: '--model=M.okl'")
                .contains("okl-spark: see 'okl-spark fit --help'");
        assertThat(Files.exists(dir.resolve("m.okl"))).isFalse();
    }

    /** Spark's CSV part files, in order, headers skipped. */
    static Matrix readParts(Path dir) throws IOException {
        List<double[]> rows = new ArrayList<>();
        try (Stream<Path> parts = Files.list(dir)) {
            for (Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList()) {
                List<String> lines = Files.readAllLines(part);
                for (String line : lines.subList(1, lines.size())) {
                    rows.add(java.util.Arrays.stream(line.split(",")).mapToDouble(Double::parseDouble).toArray());
                }
            }
        }
        return Matrix.fromRows(rows.toArray(new double[0][]));
    }
}
