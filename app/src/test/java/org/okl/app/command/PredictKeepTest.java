package org.okl.app.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.data.Table;
import org.okl.app.Main;
import org.okl.core.Okl;

/**
 * {@code okl predict --keep COLS} copies columns of the data file in front of the predictions, for CSV, Parquet and
 * Arrow data and outputs: numbers as the file held them, a Parquet or Arrow text column as its text (CSV output),
 * a missing value as an empty field; the predictions themselves are those written without {@code --keep}.
 */
class PredictKeepTest {
    private static final String EXACT = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0}, \"operator\": "
            + "{\"name\": \"separable\", \"matrix\": {\"name\": \"identity\"}}, \"output\": {\"name\": \"vector\"}, "
            + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-2}, \"decoder\": {\"name\": \"identity\"}}";

    @TempDir
    Path dir;


    private Path fit(Path data) throws IOException {
        Path pipeline = Files.writeString(dir.resolve("p.json"), EXACT);
        Path model = dir.resolve(data.getFileName() + ".okl");
        assertThat(Main.run("fit", "--pipeline", pipeline.toString(), "--data", data.toString(), "--inputs", "x",
                "--outputs", "y", "--model", model.toString())).isZero();
        return model;
    }

    private List<String> predict(Path model, Path data, String out, String... keep) throws IOException {
        String[] args = {"predict", "--model", model.toString(), "--data", data.toString(), "--out",
            dir.resolve(out).toString()};
        if (keep.length > 0) {
            args = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of("--keep",
                    keep[0])).toArray(String[]::new);
        }
        assertThat(Main.run(args)).isZero();
        return out.endsWith(".csv") ? Files.readAllLines(dir.resolve(out)) : List.of();
    }

    @Test
    void csvKeysAreCopiedAsTheFileHeldThem() throws IOException {
        Path data = CommandResources.copy(dir, "codes.csv");
        Path model = fit(data);
        List<String> plain = predict(model, data, "plain.csv");
        List<String> kept = predict(model, data, "kept.csv", "size,x");
        assertThat(kept.get(0)).isEqualTo("size,x,y");
        assertThat(kept.get(1)).isEqualTo("2,0.5," + plain.get(1));
        assertThat(kept.get(5)).as("a missing value (quoted first: commons-csv's empty first field)")
                .isEqualTo("\"\",2.5," + plain.get(5));
        assertThat(kept).hasSize(10);
    }

    @Test
    void parquetAndArrowTextKeysAreWrittenAsTheirText() throws IOException {
        for (String name : List.of("text-groups.parquet", "text.arrow")) {
            Path data = CommandResources.copy(dir, name);
            Path model = fit(data);
            List<String> plain = predict(model, data, name + ".plain.csv");
            List<String> kept = predict(model, data, name + ".kept.csv", "colour,size");
            assertThat(kept.get(0)).isEqualTo("colour,size,y");
            // the keys are the file's text; the predictions agree to rounding (the two reads may hand the rows to the
            // kernel block in different block shapes, whose native products round differently in the last bits)
            assertKept(kept.get(1), "red,s,", plain.get(1));
            assertKept(kept.get(3), "blue,l,", plain.get(3));
            assertKept(kept.get(5), "red,,", plain.get(5));
        }
    }

    private static void assertKept(String kept, String keys, String plain) {
        assertThat(kept).startsWith(keys);
        double a = Double.parseDouble(kept.substring(keys.length()));
        double b = Double.parseDouble(plain);
        assertThat(a).isCloseTo(b, org.assertj.core.data.Offset.offset(1e-12 * Math.max(1, Math.abs(b))));
    }

    @Test
    void numberKeysGoIntoParquetAndArrowPredictionsAndTextKeysAreRefusedThere() throws IOException {
        Path data = CommandResources.copy(dir, "text.arrow");
        Path model = fit(data);
        List<String> plain = predict(model, data, "plain.csv");
        for (String out : List.of("pred.parquet", "pred.arrow")) {
            predict(model, data, out, "x");
            Table back = Okl.builder().build().tables().read(dir.resolve(out));
            assertThat(back.columnNames()).containsExactly("x", "y");
            assertThat(back.values().get(2, 0)).isEqualTo(1.5);
            assertThat(back.values().get(2, 1)).isEqualTo(Double.parseDouble(plain.get(3)));
            assertThat(Main.run("predict", "--model", model.toString(), "--data", data.toString(), "--out",
                    dir.resolve("text-" + out).toString(), "--keep", "colour")).isNotZero();
            assertThat(dir.resolve("text-" + out)).doesNotExist();
        }
    }

    /**
     * A kept column named like a prediction, or a column kept twice, would write a file whose columns repeat a name,
     * which OKL's readers refuse: predict refuses it first, in every format, and leaves no file.
     */
    @Test
    void aKeptColumnNamedLikeAPredictionOrKeptTwiceIsRefusedAndNothingIsWritten() throws IOException {
        Path data = CommandResources.copy(dir, "codes.csv");
        Path model = fit(data);
        for (String out : List.of("same.csv", "same.parquet", "same.arrow")) {
            for (String keep : List.of("y", "size,size")) {
                java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
                java.io.PrintStream stderr = System.err;
                int code;
                try {
                    System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
                    code = Main.run("predict", "--model", model.toString(), "--data", data.toString(), "--out",
                            dir.resolve(out).toString(), "--keep", keep);
                } finally {
                    System.setErr(stderr);
                }
                assertThat(code).as(out + " --keep " + keep).isNotZero();
                assertThat(err.toString()).as(out + " --keep " + keep).contains(keep.equals("y")
                        ? "columns 1 and 2 are both named 'y'" : "columns 1 and 2 are both named 'size'")
                        .contains("cannot be read back");
                assertThat(dir.resolve(out)).doesNotExist();
            }
        }
        assertThat(Main.run("predict", "--model", model.toString(), "--data", data.toString(), "--out",
                dir.resolve("other.csv").toString(), "--keep", "size,x")).isZero();
    }
}
