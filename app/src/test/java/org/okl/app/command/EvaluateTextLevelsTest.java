package org.okl.app.command;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryEncoder;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.app.Main;

/**
 * {@code okl evaluate --train A --test B} codes the texts of B (and of {@code --unlabelled} rows) by the levels of A,
 * as {@code okl predict} codes a file by a model's, on the streamed route (a kernel sketch) and in memory. The
 * training file is text-groups.parquet (colour blue, green, red: codes 0, 1, 2). A test file holding only some of the
 * levels codes them otherwise by its own levels (a Parquet file of the red and green rows: green 0, red 1; an Arrow
 * file of the blue and red rows, blue first: red 1, also dictionary-encoded with an unused level), and an ARFF file
 * declaring its levels in another order codes every text otherwise: each must score exactly as the same rows written
 * with the training codes (a CSV of numbers). Each test also shows the same rows with the file's own codes score
 * otherwise, so a file coded by its own levels cannot pass. A level the training file never had is one line naming
 * the file, row, column and level, and a non-zero exit.
 */
class EvaluateTextLevelsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EXACT = TextLevelsCommandsTest.EXACT;
    /** The same pipeline with a kernel sketch: train and test files are then streamed. */
    private static final String STREAMED = TextLevelsCommandsTest.STREAMED;
    /** text-groups.parquet's rows (codes.csv): x, colour, y. */
    private static final double[] X = {0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5};
    private static final List<String> COLOUR = List.of("red", "green", "blue", "green", "red", "red", "blue", "green",
            "red");
    private static final double[] Y = {1.2, 2.1, 2.9, 4.2, 5.1, 6.3, 6.8, 8.1, 9.2};
    private static final List<String> TRAINING_LEVELS = List.of("blue", "green", "red");

    @TempDir
    Path dir;


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
            int code = Main.run(args);
            return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    private Path pipeline(String json) throws IOException {
        return Files.writeString(dir.resolve("p.json"), json);
    }

    /** {@code okl evaluate --json}: the metrics, after checking the route the protocol names. */
    private Map<String, Double> evaluate(Path pipeline, boolean streamed, Path train, Path test, String... more)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("evaluate", "--pipeline", pipeline.toString(), "--train",
                train.toString(), "--test", test.toString(), "--inputs", "x,colour", "--outputs", "y", "--metrics",
                "mse,rmse", "--json"));
        args.addAll(List.of(more));
        Run r = run(args.toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode root = JSON.readTree(r.out());
        assertThat(root.path("protocol").asText().endsWith("(streamed)")).as(root.toString()).isEqualTo(streamed);
        Map<String, Double> metrics = new LinkedHashMap<>();
        root.path("metrics").fields().forEachRemaining(f -> metrics.put(f.getKey(), f.getValue().asDouble()));
        assertThat(metrics).containsOnlyKeys("mse", "rmse");
        return metrics;
    }

    private static void assertSame(Map<String, Double> got, Map<String, Double> expected) {
        for (String m : expected.keySet()) {
            assertThat(got.get(m)).as(m).isCloseTo(expected.get(m), Offset.offset(1e-12));
        }
    }

    /** The rows' mse differs by more than rounding (what coding them by the file's own levels would give). */
    private static void assertOther(Map<String, Double> got, Map<String, Double> expected) {
        assertThat(Math.abs(got.get("mse") - expected.get("mse"))).isGreaterThan(1e-6);
    }

    /** A CSV of the given rows, each text written as its index among {@code levels}. */
    private Path codedCsv(String name, int[] rows, List<String> levels) throws IOException {
        StringBuilder s = new StringBuilder("x,colour,y\n");
        for (int i : rows) {
            s.append(X[i]).append(',').append(levels.indexOf(COLOUR.get(i))).append(',').append(Y[i]).append('\n');
        }
        return Files.writeString(dir.resolve(name), s.toString());
    }

    /** An Arrow file of columns x, colour (plain UTF-8 texts), y, written with Arrow's own writer. */
    private Path arrow(String name, int[] rows, List<String> texts) throws IOException {
        Path file = dir.resolve(name);
        try (RootAllocator a = new RootAllocator();
                Float8Vector xs = new Float8Vector("x", a);
                VarCharVector cs = new VarCharVector("colour", a);
                Float8Vector ys = new Float8Vector("y", a)) {
            xs.allocateNew(rows.length);
            cs.allocateNew(rows.length);
            ys.allocateNew(rows.length);
            for (int k = 0; k < rows.length; k++) {
                xs.set(k, X[rows[k]]);
                cs.setSafe(k, texts.get(k).getBytes(StandardCharsets.UTF_8));
                ys.set(k, Y[rows[k]]);
            }
            xs.setValueCount(rows.length);
            cs.setValueCount(rows.length);
            ys.setValueCount(rows.length);
            try (VectorSchemaRoot root = new VectorSchemaRoot(List.of(xs.getField(), cs.getField(), ys.getField()),
                    List.of(xs, cs, ys), rows.length); OutputStream out = Files.newOutputStream(file);
                    ArrowFileWriter writer = new ArrowFileWriter(root, null, Channels.newChannel(out))) {
                writer.start();
                writer.writeBatch();
                writer.end();
            }
        }
        return file;
    }

    /**
     * An Arrow file of columns x, colour (dictionary-encoded, the dictionary's entries in the given order) and y.
     */
    private Path dictionaryArrow(String name, int[] rows, List<String> dictionary) throws IOException {
        Path file = dir.resolve(name);
        try (RootAllocator a = new RootAllocator();
                VarCharVector entries = new VarCharVector("colour", a);
                VarCharVector texts = new VarCharVector("colour", a);
                Float8Vector xs = new Float8Vector("x", a);
                Float8Vector ys = new Float8Vector("y", a)) {
            entries.allocateNew(dictionary.size());
            for (int k = 0; k < dictionary.size(); k++) {
                entries.setSafe(k, dictionary.get(k).getBytes(StandardCharsets.UTF_8));
            }
            entries.setValueCount(dictionary.size());
            Dictionary d = new Dictionary(entries, new DictionaryEncoding(1L, false, new ArrowType.Int(32, true)));
            texts.allocateNew(rows.length);
            xs.allocateNew(rows.length);
            ys.allocateNew(rows.length);
            for (int k = 0; k < rows.length; k++) {
                texts.setSafe(k, COLOUR.get(rows[k]).getBytes(StandardCharsets.UTF_8));
                xs.set(k, X[rows[k]]);
                ys.set(k, Y[rows[k]]);
            }
            texts.setValueCount(rows.length);
            xs.setValueCount(rows.length);
            ys.setValueCount(rows.length);
            try (FieldVector codes = (FieldVector) DictionaryEncoder.encode(texts, d);
                    VectorSchemaRoot root = new VectorSchemaRoot(List.of(xs.getField(), codes.getField(),
                            ys.getField()), List.of(xs, codes, ys), rows.length);
                    OutputStream out = Files.newOutputStream(file);
                    ArrowFileWriter writer = new ArrowFileWriter(root, new DictionaryProvider.MapDictionaryProvider(d),
                            Channels.newChannel(out))) {
                assertThat(codes.getField().getDictionary()).isNotNull();
                writer.start();
                writer.writeBatch();
                writer.end();
            }
        }
        return file;
    }

    /** The blue and red rows, blue first: the file's levels are [blue, red], so red is 1 there and 2 in training. */
    private static int[] blueThenRed() {
        List<Integer> rows = new ArrayList<>();
        for (String colour : List.of("blue", "red")) {
            for (int i = X.length - 1; i >= 0; i--) {
                if (COLOUR.get(i).equals(colour)) {
                    rows.add(i);
                }
            }
        }
        return rows.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<String> texts(int[] rows) {
        return java.util.Arrays.stream(rows).mapToObj(COLOUR::get).toList();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aParquetTestFileWithFewerLevelsScoresAsItsRowsInTrainingCodes(boolean streamed) throws IOException {
        Path p = pipeline(streamed ? STREAMED : EXACT);
        Path train = CommandResources.copy(dir, "text-groups.parquet");
        // text-parts/part-0.parquet of the parquet module (pyarrow, a dictionary page): rows 0 and 1, red and green
        Path test = CommandResources.copy(dir, "text-red-green.parquet");
        int[] rows = {0, 1};
        Map<String, Double> expected = evaluate(p, streamed, train, codedCsv("expected.csv", rows, TRAINING_LEVELS));
        assertSame(evaluate(p, streamed, train, test), expected);
        assertOther(evaluate(p, streamed, train, codedCsv("own.csv", rows, List.of("green", "red"))), expected);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void anArrowTestFileWithItsLevelsInAnotherOrderScoresAsItsRowsInTrainingCodes(boolean streamed)
            throws IOException {
        Path p = pipeline(streamed ? STREAMED : EXACT);
        Path train = CommandResources.copy(dir, "text-groups.parquet");
        int[] rows = blueThenRed();
        Path test = arrow("test.arrow", rows, texts(rows));
        Map<String, Double> expected = evaluate(p, streamed, train, codedCsv("expected.csv", rows, TRAINING_LEVELS));
        assertSame(evaluate(p, streamed, train, test), expected);
        assertOther(evaluate(p, streamed, train, codedCsv("own.csv", rows, List.of("blue", "red"))), expected);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aDictionaryEncodedArrowTestFileScoresAsItsRowsInTrainingCodes(boolean streamed) throws IOException {
        Path p = pipeline(streamed ? STREAMED : EXACT);
        Path train = CommandResources.copy(dir, "text-groups.parquet");
        int[] rows = blueThenRed();
        // a dictionary holding a level no row uses and the training file never had (as a pandas Categorical may)
        Path test = dictionaryArrow("dictionary.arrow", rows, List.of("yellow", "red", "blue"));
        Map<String, Double> expected = evaluate(p, streamed, train, codedCsv("expected.csv", rows, TRAINING_LEVELS));
        assertSame(evaluate(p, streamed, train, test), expected);
        assertOther(evaluate(p, streamed, train, codedCsv("own.csv", rows, List.of("blue", "red", "yellow"))),
                expected);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void anArffTestFileDeclaringItsLevelsInAnotherOrderScoresAsTheTrainingFile(boolean streamed) throws IOException {
        Path p = pipeline(streamed ? STREAMED : EXACT);
        Path train = arff("train.arff", List.of("red", "green", "blue"));
        Path test = arff("test.arff", List.of("blue", "red", "green"));
        Map<String, Double> expected = evaluate(p, streamed, train, train);
        assertSame(evaluate(p, streamed, train, test), expected);
        int[] all = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        assertOther(evaluate(p, streamed, train, codedCsv("own.csv", all, List.of("blue", "red", "green"))),
                expected);
    }

    /** The nine rows as an ARFF file whose colour attribute declares {@code levels} in that order. */
    private Path arff(String name, List<String> levels) throws IOException {
        StringBuilder s = new StringBuilder("@relation colours\n@attribute x numeric\n@attribute colour {")
                .append(String.join(",", levels)).append("}\n@attribute y numeric\n@data\n");
        for (int i = 0; i < X.length; i++) {
            s.append(X[i]).append(',').append(COLOUR.get(i)).append(',').append(Y[i]).append('\n');
        }
        return Files.writeString(dir.resolve(name), s.toString());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aTestLevelTheTrainingFileNeverHadIsOneLineAndNonZero(boolean streamed) throws IOException {
        Path p = pipeline(streamed ? STREAMED : EXACT);
        Path train = CommandResources.copy(dir, "text-groups.parquet");
        Path test = arrow("unseen.arrow", new int[] {0, 1, 2}, List.of("red", "purple\u001b[2J", "blue"));
        Run r = run("evaluate", "--pipeline", p.toString(), "--train", train.toString(), "--test", test.toString(),
                "--inputs", "x,colour", "--outputs", "y", "--metrics", "mse", "--json");
        assertThat(r.code()).isNotZero();
        assertThat(r.out()).doesNotContain("metrics");
        assertUnseenLevelLine(r.err(), "unseen.arrow");
    }

    private static void assertUnseenLevelLine(String err, String file) {
        assertThat(err).contains(file).contains("row 2").contains("column 'colour'")
                .contains("level 'purple\\x1b[2J' was not seen").doesNotContain("\u001b");
        assertThat(err.strip().lines().filter(l -> l.contains("purple")).count()).isEqualTo(1);
    }

    /** A manifold regularizer over the labelled and unlabelled inputs (one-hot colour): unlabelled rows count. */
    private static final String MANIFOLD = EXACT.replace("\"selection\"",
            "\"regularizers\": [{\"name\": \"manifold\", \"gammaI\": 1.0, \"neighbours\": 2}], \"selection\"");

    @Test
    void unlabelledRowsAreCodedByTheTrainingLevels() throws IOException {
        Path p = pipeline(MANIFOLD);
        Path train = CommandResources.copy(dir, "text-groups.parquet");
        Path test = codedCsv("test.csv", new int[] {0, 1, 2, 3}, TRAINING_LEVELS);
        int[] rows = blueThenRed();
        Path unlabelled = arrow("unlabelled.arrow", rows, texts(rows));
        Map<String, Double> expected = evaluate(p, false, train, test, "--unlabelled",
                codedCsv("expected.csv", rows, TRAINING_LEVELS).toString());
        assertSame(evaluate(p, false, train, test, "--unlabelled", unlabelled.toString()), expected);
        assertOther(evaluate(p, false, train, test, "--unlabelled",
                codedCsv("own.csv", rows, List.of("blue", "red")).toString()), expected);
        Path unseen = arrow("unseen.arrow", new int[] {0, 1, 2}, List.of("red", "purple\u001b[2J", "blue"));
        Run r = run("evaluate", "--pipeline", p.toString(), "--train", train.toString(), "--test", test.toString(),
                "--inputs", "x,colour", "--outputs", "y", "--metrics", "mse", "--unlabelled", unseen.toString());
        assertThat(r.code()).isNotZero();
        assertUnseenLevelLine(r.err(), "unseen.arrow");
        Path model = dir.resolve("m.okl");
        r = run("fit", "--pipeline", p.toString(), "--data", train.toString(), "--inputs", "x,colour", "--outputs",
                "y", "--unlabelled", unseen.toString(), "--model", model.toString());
        assertThat(r.code()).isNotZero();
        assertUnseenLevelLine(r.err(), "unseen.arrow");
        assertThat(model).doesNotExist();
    }
}
