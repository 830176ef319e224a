package org.okl.app.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.linalg.Matrix;
import org.okl.app.Main;
import org.okl.core.Okl;

/**
 * {@code okl fit} and {@code okl predict} on Arrow IPC files that pyarrow wrote (40 rows in 6 record batches, LZ4
 * buffers; the same rows as an IPC stream) give the predictions of the same rows in CSV, in memory and streamed;
 * predictions written to {@code .arrow} read back as the CSV ones; a text column (dictionary-encoded) goes through
 * {@code one-hot} as the CSV file of its level codes does; a truncated file fails with one line and no output.
 */
class ArrowCommandsTest {
    private static final String EXACT = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0}, \"operator\": "
            + "{\"name\": \"separable\", \"matrix\": {\"name\": \"identity\"}}, \"output\": {\"name\": \"vector\"}, "
            + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-3, 1e-2]}, \"decoder\": {\"name\": \"identity\"}, "
            + "\"selection\": {\"method\": \"kfold\", \"folds\": 2, \"metric\": \"mse\"}}";
    private static final String STREAMED = EXACT.replace("\"selection\"",
            "\"approximation\": {\"name\": \"nystrom\", \"rank\": 15}, \"selection\"");

    @TempDir
    Path dir;


    private static Matrix csv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        return Matrix.fromRows(lines.stream().skip(1).map(l -> Arrays.stream(l.split(","))
                .mapToDouble(Double::parseDouble).toArray()).toArray(double[][]::new));
    }

    private void fitAndPredict(String pipeline, Path data, String... columns) {
        String name = data.getFileName().toString();
        String[] fit = {"fit", "--pipeline", pipeline, "--data", data.toString(), "--model",
            dir.resolve(name + ".okl").toString()};
        String[] all = Arrays.copyOf(fit, fit.length + columns.length);
        System.arraycopy(columns, 0, all, fit.length, columns.length);
        assertThat(Main.run(all)).isZero();
        assertThat(Main.run("predict", "--model", dir.resolve(name + ".okl").toString(), "--data",
                data.toString(), "--out", dir.resolve(name + ".pred.csv").toString())).isZero();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void fitAndPredictFromArrowEqualTheCsvRoute(boolean streamed) throws IOException {
        Path pipeline = Files.writeString(dir.resolve("p.json"), streamed ? STREAMED : EXACT);
        for (String name : List.of("data.csv", "data-lz4.arrow", "data.arrows")) {
            fitAndPredict(pipeline.toString(), CommandResources.copy(dir, name), "--inputs", "x1,x2,k,c,flag,f",
                    "--outputs", "y1,y2");
        }
        assertThat(Main.run("predict", "--model", dir.resolve("data-lz4.arrow.okl").toString(), "--data",
                dir.resolve("data.arrows").toString(), "--out", dir.resolve("pred.arrow").toString())).isZero();
        Matrix fromCsv = csv(dir.resolve("data.csv.pred.csv"));
        Matrix written = Okl.builder().build().tables().read(dir.resolve("pred.arrow")).values();
        assertThat(fromCsv.rows()).isEqualTo(40);
        for (String name : List.of("data-lz4.arrow", "data.arrows")) {
            Matrix fromArrow = csv(dir.resolve(name + ".pred.csv"));
            for (int i = 0; i < 40; i++) {
                for (int j = 0; j < 2; j++) {
                    assertThat(fromArrow.get(i, j)).isCloseTo(fromCsv.get(i, j), Offset.offset(1e-12));
                    assertThat(written.get(i, j)).isCloseTo(fromCsv.get(i, j), Offset.offset(1e-12));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aTextColumnGoesThroughOneHotAsItsLevelCodesInCsv(boolean streamed) throws IOException {
        String oneHot = (streamed ? STREAMED.replace("\"rank\": 15", "\"rank\": 6") : EXACT).replace("{\"kernel\"",
                "{\"inputs\": [{\"name\": \"one-hot\", \"columns\": \"colour\"}], \"kernel\"");
        Path pipeline = Files.writeString(dir.resolve("p.json"), oneHot);
        for (String name : List.of("codes.csv", "text.arrow")) {
            fitAndPredict(pipeline.toString(), CommandResources.copy(dir, name), "--inputs", "x,colour",
                    "--outputs", "y");
        }
        Matrix fromCsv = csv(dir.resolve("codes.csv.pred.csv"));
        Matrix fromArrow = csv(dir.resolve("text.arrow.pred.csv"));
        assertThat(fromCsv.rows()).isEqualTo(9);
        for (int i = 0; i < 9; i++) {
            assertThat(fromArrow.get(i, 0)).isCloseTo(fromCsv.get(i, 0), Offset.offset(1e-12));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pred.csv", "pred.arrow"})
    void aTruncatedFileFailsWithOneLineAndNoOutput(String out) throws IOException {
        Path pipeline = Files.writeString(dir.resolve("p.json"), EXACT);
        fitAndPredict(pipeline.toString(), CommandResources.copy(dir, "data.csv"), "--inputs", "x1,x2,k,c,flag,f",
                "--outputs", "y1,y2");
        byte[] bytes = Files.readAllBytes(CommandResources.copy(dir, "data.arrows"));
        Path truncated = Files.write(dir.resolve("truncated.arrows"), Arrays.copyOf(bytes, bytes.length - 100));
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertThat(Main.run("predict", "--model", dir.resolve("data.csv.okl").toString(), "--data",
                    truncated.toString(), "--out", dir.resolve(out).toString())).isNotZero();
        } finally {
            System.setErr(err);
        }
        assertThat(dir.resolve(out)).doesNotExist();
        assertThat(captured.toString(StandardCharsets.UTF_8)).contains("truncated.arrows")
                .contains("record batch 6: cannot be read");
        assertThat(Main.run("fit", "--pipeline", pipeline.toString(), "--data", truncated.toString(), "--inputs",
                "x1,x2", "--outputs", "y1", "--model", dir.resolve("bad.okl").toString())).isNotZero();
        assertThat(dir.resolve("bad.okl")).doesNotExist();
    }

    @Test
    void aColumnTheFileLacksIsNamed() throws IOException {
        Path pipeline = Files.writeString(dir.resolve("p.json"), EXACT);
        Path data = CommandResources.copy(dir, "data-lz4.arrow");
        assertThat(Main.run("fit", "--pipeline", pipeline.toString(), "--data", data.toString(), "--inputs",
                "x1,nope", "--outputs", "y1", "--model", dir.resolve("bad.okl").toString())).isNotZero();
        assertThat(dir.resolve("bad.okl")).doesNotExist();
    }
}
