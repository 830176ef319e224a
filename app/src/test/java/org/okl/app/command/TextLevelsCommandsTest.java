package org.okl.app.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.data.Table;
import org.okl.api.linalg.Matrix;
import org.okl.app.Main;
import org.okl.core.Okl;

/**
 * A model fitted on a Parquet file's text column ({@code one-hot} on its levels blue, green, red) codes another file's
 * texts by the levels it kept, not by that file's own: a file holding only blue and red rows (levels [blue, red], so
 * red is code 1 there but 2 at fit) predicts exactly as the same rows of the training file; a level the fit never saw
 * is one line naming the file, row, column and level, with no output; a model file without levels (written before
 * models kept them) still predicts.
 */
class TextLevelsCommandsTest {
    /** A one-hot pipeline over colour, chosen by 2-fold cross-validation (also EvaluateTextLevelsTest's). */
    static final String EXACT = "{\"inputs\": [{\"name\": \"one-hot\", \"columns\": \"colour\"}], "
            + "\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0}, \"operator\": "
            + "{\"name\": \"separable\", \"matrix\": {\"name\": \"identity\"}}, \"output\": {\"name\": \"vector\"}, "
            + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-3, 1e-2]}, \"decoder\": {\"name\": \"identity\"}, "
            + "\"selection\": {\"method\": \"kfold\", \"folds\": 2, \"metric\": \"mse\"}}";
    /** The same with a kernel sketch: files are then streamed. */
    static final String STREAMED = EXACT.replace("\"selection\"",
            "\"approximation\": {\"name\": \"nystrom\", \"rank\": 6}, \"selection\"");

    @TempDir
    Path dir;


    private static double[] predictions(Path file) throws IOException {
        return Files.readAllLines(file).stream().skip(1).mapToDouble(Double::parseDouble).toArray();
    }

    /** An Arrow file of columns x (numbers) and colour (plain UTF-8 texts), written with Arrow's own writer. */
    private static void writeArrow(Path file, double[] x, List<String> colour) throws IOException {
        try (RootAllocator a = new RootAllocator();
                Float8Vector xs = new Float8Vector("x", a);
                VarCharVector cs = new VarCharVector("colour", a)) {
            xs.allocateNew(x.length);
            cs.allocateNew(x.length);
            for (int i = 0; i < x.length; i++) {
                xs.set(i, x[i]);
                cs.setSafe(i, colour.get(i).getBytes(StandardCharsets.UTF_8));
            }
            xs.setValueCount(x.length);
            cs.setValueCount(x.length);
            try (VectorSchemaRoot root = new VectorSchemaRoot(List.of(xs.getField(), cs.getField()), List.of(xs, cs),
                    x.length); OutputStream out = Files.newOutputStream(file);
                    ArrowFileWriter writer = new ArrowFileWriter(root, null, Channels.newChannel(out))) {
                writer.start();
                writer.writeBatch();
                writer.end();
            }
        }
    }

    private int fit(String pipeline, Path data, Path model) throws IOException {
        Path p = Files.writeString(dir.resolve("p.json"), pipeline);
        return Main.run("fit", "--pipeline", p.toString(), "--data", data.toString(), "--inputs", "x,colour",
                "--outputs", "y", "--model", model.toString());
    }

    private int predict(Path model, Path data, Path out) {
        return Main.run("predict", "--model", model.toString(), "--data", data.toString(), "--out", out.toString());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aFileWithOtherLevelsPredictsAsTheTrainingRows(boolean streamed) throws IOException {
        Path training = CommandResources.copy(dir, "text-groups.parquet");
        Path model = dir.resolve("m.okl");
        assertThat(fit(streamed ? STREAMED : EXACT, training, model)).isZero();
        assertThat(predict(model, training, dir.resolve("all.csv"))).isZero();
        double[] all = predictions(dir.resolve("all.csv"));
        Table table = Okl.builder().build().tables().read(training);
        int x = table.columnNames().indexOf("x");
        int colour = table.columnNames().indexOf("colour");
        List<String> levels = table.levels().get(colour);
        assertThat(levels).containsExactly("blue", "green", "red");
        // the blue and red rows, red first and in reverse order: the file's levels are [blue, red]
        List<Integer> rows = new ArrayList<>();
        for (int i = table.values().rows() - 1; i >= 0; i--) {
            if (!levels.get((int) table.values().get(i, colour)).equals("green")) {
                rows.add(i);
            }
        }
        rows.sort((a, b) -> Boolean.compare(!isRed(table, colour, a), !isRed(table, colour, b)));
        assertThat(isRed(table, colour, rows.get(0))).isTrue();
        double[] xs = rows.stream().mapToDouble(i -> table.values().get(i, x)).toArray();
        List<String> texts = rows.stream().map(i -> levels.get((int) table.values().get(i, colour))).toList();
        assertThat(texts).contains("blue", "red").doesNotContain("green");
        Path subset = dir.resolve("subset.arrow");
        writeArrow(subset, xs, texts);
        assertThat(predict(model, subset, dir.resolve("subset.csv"))).isZero();
        double[] got = predictions(dir.resolve("subset.csv"));
        double[] expected = rows.stream().mapToDouble(i -> all[i]).toArray();
        // equal up to rounding: the same rows, predicted in a block of 6 rows rather than 9 (a wrong code would move
        // a prediction by about the gap between two colours' groups, 1e-1 or more)
        assertThat(got).containsExactly(expected, org.assertj.core.data.Offset.offset(1e-12));
    }

    private static boolean isRed(Table table, int colour, int row) {
        return table.levels().get(colour).get((int) table.values().get(row, colour)).equals("red");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aLevelTheFitNeverSawIsOneLineAndNoOutput(boolean streamed) throws IOException {
        Path model = dir.resolve("m.okl");
        assertThat(fit(streamed ? STREAMED : EXACT, CommandResources.copy(dir, "text-groups.parquet"), model)).isZero();
        Path unseen = dir.resolve("unseen.arrow");
        writeArrow(unseen, new double[] {1.0, 2.0, 3.0}, List.of("red", "purple\u001b[2J", "blue"));
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int rc;
        try {
            rc = predict(model, unseen, dir.resolve("out.csv"));
        } finally {
            System.setErr(err);
        }
        String shown = captured.toString(StandardCharsets.UTF_8);
        assertThat(rc).isNotZero();
        assertThat(dir.resolve("out.csv")).doesNotExist();
        assertThat(shown).contains("unseen.arrow").contains("row 2").contains("column 'colour'")
                .contains("level 'purple\\x1b[2J' was not seen when the model was fitted").doesNotContain("\u001b");
        assertThat(shown.strip().lines().filter(l -> l.contains("purple")).count()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aModelFileWithoutLevelsStillPredicts(boolean streamed) throws Exception {
        Path training = CommandResources.copy(dir, "text-groups.parquet");
        Path model = dir.resolve("m.okl");
        assertThat(fit(streamed ? STREAMED : EXACT, training, model)).isZero();
        assertThat(predict(model, training, dir.resolve("with.csv"))).isZero();
        Path old = dir.resolve("old.okl");
        withoutLevels(model, old);
        assertThat(predict(old, training, dir.resolve("without.csv"))).isZero();
        assertThat(predictions(dir.resolve("without.csv"))).containsExactly(predictions(dir.resolve("with.csv")));
    }

    /** The model file as one written before models kept levels: no "levels" in model.json, checksums redone. */
    private static void withoutLevels(Path from, Path to) throws IOException, NoSuchAlgorithmException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(from.toFile())) {
            for (ZipEntry e : java.util.Collections.list(zip.entries())) {
                entries.put(e.getName(), zip.getInputStream(e).readAllBytes());
            }
        }
        String json = new String(entries.get("model.json"), StandardCharsets.UTF_8);
        assertThat(json).contains("\"levels\"");
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode root =
                (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(json);
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.path("data").path("inputColumns")).remove("levels");
        entries.put("model.json", mapper.writeValueAsBytes(root));
        StringBuilder sums = new StringBuilder();
        for (Map.Entry<String, byte[]> e : entries.entrySet()) {
            if (!e.getKey().equals("SHA256SUMS")) {
                sums.append(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(e.getValue())))
                        .append("  ").append(e.getKey()).append('\n');
            }
        }
        entries.put("SHA256SUMS", sums.toString().getBytes(StandardCharsets.UTF_8));
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(to))) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                out.putNextEntry(new ZipEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
    }
}
