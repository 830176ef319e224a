package org.okl.app.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.linalg.Matrix;
import org.okl.app.Main;
import org.okl.core.Okl;

/**
 * {@code okl fit} and {@code okl predict} on a Parquet file that pyarrow wrote (40 rows, 6 row groups, gzip,
 * dictionary pages) give the models and predictions of the same rows in CSV, in memory and streamed; predictions
 * written to a {@code .parquet} file read back as the CSV ones; a truncated file fails with one line and no output.
 */
class ParquetCommandsTest {
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

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void fitAndPredictFromParquetEqualTheCsvRoute(boolean streamed) throws IOException {
        Path csvData = CommandResources.copy(dir, "data.csv");
        Path parquet = CommandResources.copy(dir, "data-gzip.parquet");
        Path pipeline = Files.writeString(dir.resolve("p.json"), streamed ? STREAMED : EXACT);
        String[] columns = {"--inputs", "x1,x2,k,c,flag,f", "--outputs", "y1,y2"};
        for (Path data : List.of(csvData, parquet)) {
            String name = data.getFileName().toString();
            assertThat(Main.run(concat(new String[] {"fit", "--pipeline", pipeline.toString(), "--data",
                data.toString(), "--model", dir.resolve(name + ".okl").toString()}, columns))).isZero();
            assertThat(Main.run("predict", "--model", dir.resolve(name + ".okl").toString(), "--data",
                    data.toString(), "--out", dir.resolve(name + ".pred.csv").toString())).isZero();
        }
        assertThat(Main.run("predict", "--model", dir.resolve("data-gzip.parquet.okl").toString(), "--data",
                parquet.toString(), "--out", dir.resolve("pred.parquet").toString())).isZero();
        Matrix fromCsv = csv(dir.resolve("data.csv.pred.csv"));
        Matrix fromParquet = csv(dir.resolve("data-gzip.parquet.pred.csv"));
        Matrix written = Okl.builder().build().tables().read(dir.resolve("pred.parquet")).values();
        assertThat(fromCsv.rows()).isEqualTo(40);
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < 2; j++) {
                assertThat(fromParquet.get(i, j)).isCloseTo(fromCsv.get(i, j), org.assertj.core.data.Offset.offset(
                        1e-12));
                assertThat(written.get(i, j)).isEqualTo(fromParquet.get(i, j));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pred.csv", "pred.parquet"})
    void aTruncatedFileFailsWithoutWritingOutput(String out) throws IOException {
        Path csvData = CommandResources.copy(dir, "data.csv");
        Path pipeline = Files.writeString(dir.resolve("p.json"), EXACT);
        assertThat(Main.run("fit", "--pipeline", pipeline.toString(), "--data", csvData.toString(), "--inputs",
                "x1,x2,k,c,flag,f", "--outputs", "y1,y2", "--model", dir.resolve("m.okl").toString())).isZero();
        byte[] bytes = Files.readAllBytes(CommandResources.copy(dir, "data-gzip.parquet"));
        Path truncated = Files.write(dir.resolve("truncated.parquet"), Arrays.copyOf(bytes, bytes.length - 100));
        assertThat(Main.run("predict", "--model", dir.resolve("m.okl").toString(), "--data", truncated.toString(),
                "--out", dir.resolve(out).toString())).isNotZero();
        assertThat(dir.resolve(out)).doesNotExist();
        assertThat(Main.run("fit", "--pipeline", pipeline.toString(), "--data", truncated.toString(), "--inputs",
                "x1,x2", "--outputs", "y1", "--model", dir.resolve("bad.okl").toString())).isNotZero();
        assertThat(dir.resolve("bad.okl")).doesNotExist();
    }

    @org.junit.jupiter.api.Test
    void anInMemoryFitReadsOnlyTheChosenColumns() throws IOException {
        Path text = CommandResources.copy(dir, "text.parquet");
        Path pipeline = Files.writeString(dir.resolve("p.json"), EXACT.replace("\"folds\": 2", "\"folds\": 3"));
        assertThat(Main.run("fit", "--pipeline", pipeline.toString(), "--data", text.toString(), "--inputs", "x1",
                "--outputs", "y", "--model", dir.resolve("m.okl").toString())).isZero();
        assertThat(Main.run("predict", "--model", dir.resolve("m.okl").toString(), "--data", text.toString(),
                "--out", dir.resolve("pred.csv").toString())).isZero();
        assertThat(Files.readAllLines(dir.resolve("pred.csv"))).hasSize(7).first().isEqualTo("y");
        Path decimal = CommandResources.copy(dir, "decimal.parquet");
        assertThat(Main.run("fit", "--pipeline", pipeline.toString(), "--data", decimal.toString(), "--inputs", "d",
                "--outputs", "x1", "--model", dir.resolve("bad.okl").toString())).isNotZero();
        assertThat(dir.resolve("bad.okl")).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aTextColumnGoesThroughOneHotAsItsLevelCodesInCsv(boolean streamed) throws IOException {
        String oneHot = (streamed ? STREAMED.replace("\"rank\": 15", "\"rank\": 6") : EXACT).replace("{\"kernel\"",
                "{\"inputs\": [{\"name\": \"one-hot\", \"columns\": \"colour\"}], \"kernel\"");
        Path pipeline = Files.writeString(dir.resolve("p.json"), oneHot);
        for (String name : List.of("codes.csv", "text-groups.parquet")) {
            Path data = CommandResources.copy(dir, name);
            assertThat(Main.run("fit", "--pipeline", pipeline.toString(), "--data", data.toString(), "--inputs",
                    "x,colour", "--outputs", "y", "--model", dir.resolve(name + ".okl").toString())).isZero();
            assertThat(Main.run("predict", "--model", dir.resolve(name + ".okl").toString(), "--data",
                    data.toString(), "--out", dir.resolve(name + ".pred.csv").toString())).isZero();
        }
        Matrix fromCsv = csv(dir.resolve("codes.csv.pred.csv"));
        Matrix fromParquet = csv(dir.resolve("text-groups.parquet.pred.csv"));
        assertThat(fromCsv.rows()).isEqualTo(9);
        for (int i = 0; i < 9; i++) {
            assertThat(fromParquet.get(i, 0)).isCloseTo(fromCsv.get(i, 0), org.assertj.core.data.Offset.offset(1e-12));
        }
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
