package org.okl.arrow.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableSink;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;

/**
 * Reads files that pyarrow 25 wrote ({@code generate.py} beside them: okl-parquet's 40 rows in record batches of 7,
 * as IPC files uncompressed, LZ4 and Zstandard, Feather v2, an IPC stream, a file with nulls, a nested column, text
 * columns) and checks them against {@code data.csv}, parsed here with {@link Double#parseDouble}.
 */
class ArrowTableReaderTest {
    private static final List<String> NAMES = List.of("x1", "x2", "k", "c", "flag", "f", "y1", "y2");

    @TempDir
    Path folder;

    static Path resource(String name) throws IOException {
        try (InputStream in = ArrowTableReaderTest.class.getResourceAsStream(name)) {
            Path dir = Files.createTempDirectory("okl-arrow-test");
            Path file = dir.resolve(name);
            Files.copy(in, file);
            file.toFile().deleteOnExit();
            dir.toFile().deleteOnExit();
            return file;
        }
    }

    /** The CSV copy of the rows, parsed independently of OKL's readers. */
    static Matrix csvRows() throws IOException {
        List<String> lines = Files.readAllLines(resource("data.csv"));
        assertThat(lines.get(0)).isEqualTo(String.join(",", NAMES));
        double[][] rows = lines.stream().skip(1).map(l -> Arrays.stream(l.split(","))
                .mapToDouble(Double::parseDouble).toArray()).toArray(double[][]::new);
        return Matrix.fromRows(rows);
    }

    @ParameterizedTest
    @ValueSource(strings = {"data.arrow", "data-lz4.arrow", "data-zstd.arrow", "data.feather", "data.arrows"})
    void everyCodecAndLayoutGivesTheRowsOfTheCsvCopy(String name) throws IOException {
        Table table = new ArrowTableReader(name.endsWith(".arrows")).read(resource(name));
        assertThat(table.columnNames()).isEqualTo(NAMES);
        assertThat(table.values().rows()).isEqualTo(40);
        assertThat(table.values().data()).containsExactly(csvRows().data());
        assertThat(table.levels()).isEmpty();
    }

    @Test
    void theFilesHaveSeveralBatchesAndCompressedBuffers() throws IOException {
        try (RootAllocator a = new RootAllocator();
                FileChannel c = FileChannel.open(resource("data-zstd.arrow"));
                ArrowFileReader r = new ArrowFileReader(c, a, ArrowTableReader.CODECS)) {
            assertThat(r.getRecordBlocks()).hasSize(6);
        }
        byte[] plain = Files.readAllBytes(resource("data.arrow"));
        for (String packed : List.of("data-zstd.arrow", "data-lz4.arrow")) {
            assertThat(Arrays.equals(plain, Files.readAllBytes(resource(packed)))).isFalse();
        }
    }

    @Test
    void aNullIsAMissingValue() throws IOException {
        Matrix csv = csvRows();
        Matrix read = new ArrowTableReader(false).read(resource("nulls.arrow")).values();
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < NAMES.size(); j++) {
                double expected = j == 1 && i % 5 == 3 ? Double.NaN : csv.get(i, j);
                assertThat(Double.valueOf(read.get(i, j))).as("row %d column %d", i, j)
                        .isEqualTo(Double.valueOf(expected));
            }
        }
    }

    @Test
    void aStreamReadsOneBatchAtATimeAndOnlyTheProjectedColumns() throws IOException {
        Matrix csv = csvRows();
        for (String name : List.of("data-lz4.arrow", "data.arrows")) {
            try (TableStream s = new ArrowTableReader(false).open(resource(name))) {
                s.project(new int[] {6, 0});
                Optional<Matrix> first = s.next(1000);
                assertThat(first).isPresent();
                assertThat(first.get().rows()).as("one record batch, not the whole file").isEqualTo(7);
                for (int i = 0; i < 7; i++) {
                    assertThat(first.get().get(i, 0)).isEqualTo(csv.get(i, 0));
                    assertThat(first.get().get(i, 6)).isEqualTo(csv.get(i, 6));
                    assertThat(first.get().get(i, 1)).as("not decoded").isZero();
                }
                int rows = 7;
                for (Optional<Matrix> b = s.next(3); b.isPresent(); b = s.next(3)) {
                    assertThat(b.get().rows()).isLessThanOrEqualTo(3);
                    assertThat(b.get().get(0, 0)).isEqualTo(csv.get(rows, 0));
                    rows += b.get().rows();
                }
                assertThat(rows).isEqualTo(40);
            }
        }
        try (TableStream s = new ArrowTableReader(false).open(resource("text.arrow"))) {
            s.project(new int[] {0, 3});
            assertThat(s.next(10).orElseThrow().get(2, 3)).as("the text columns are not read").isEqualTo(2.9);
        }
    }

    @Test
    void textColumnsAreNominalWithSortedLevelsReadWholeOrStreamed() throws IOException {
        Table table = new ArrowTableReader(false).read(resource("text.arrow"));
        assertThat(table.columnNames()).containsExactly("x", "colour", "size", "y");
        assertThat(table.levels()).containsExactly(List.of(), List.of("blue", "green", "red"), List.of("l", "m", "s"),
                List.of());
        List<String> codes = Files.readAllLines(resource("codes.csv"));
        Matrix streamed;
        try (TableStream s = new ArrowTableReader(false).open(resource("text.arrow"))) {
            s.project(new int[] {1, 2});
            streamed = s.next(2).orElseThrow();
            assertThat(streamed.rows()).isEqualTo(2);
        }
        for (int i = 0; i < 9; i++) {
            String[] f = codes.get(i + 1).split(",", -1);
            for (int j = 0; j < 4; j++) {
                double expected = f[j].isEmpty() ? Double.NaN : Double.parseDouble(f[j]);
                assertThat(Double.valueOf(table.values().get(i, j))).as("row %d column %d", i, j)
                        .isEqualTo(Double.valueOf(expected));
                if (i < 2 && (j == 1 || j == 2)) {
                    assertThat(streamed.get(i, j)).as("streamed, by the same levels").isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void everyDictionaryEntryIsALevelUsedOrNot() throws IOException {
        Table table = new ArrowTableReader(false).read(resource("categories.arrow"));
        assertThat(table.levels().get(1)).containsExactly("blue", "green", "red", "yellow");
        assertThat(table.values().columnValues(1)).containsExactly(2, 1, 0, 1);
    }

    @Test
    void unsupportedColumnsAreRefusedByName() throws IOException {
        Path nested = resource("nested.arrow");
        assertThatThrownBy(() -> new ArrowTableReader(false).read(nested)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("nested.arrow").hasMessageContaining("column 's' is nested (Struct)");
    }

    @Test
    void truncatedOrWrongMagicFilesAreOneLineErrorsNamingTheFile() throws IOException {
        byte[] bytes = Files.readAllBytes(resource("data-lz4.arrow"));
        Path truncated = Files.write(folder.resolve("truncated.arrow"), Arrays.copyOf(bytes, bytes.length / 2));
        byte[] magic = bytes.clone();
        magic[magic.length - 1] = 'X';
        Path wrong = Files.write(folder.resolve("magic.arrow"), magic);
        Path text = Files.writeString(folder.resolve("text.feather"), "x1,x2\n1,2\n");
        for (Path bad : List.of(truncated, wrong, text)) {
            assertThatThrownBy(() -> new ArrowTableReader(false).read(bad)).isInstanceOf(DataFormatException.class)
                    .hasMessageContaining(bad.getFileName().toString())
                    .hasMessageContaining("not a readable Arrow IPC file")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    @Test
    void aStreamCutInABatchNamesTheBatch() throws IOException {
        byte[] bytes = Files.readAllBytes(resource("data.arrows"));
        Path cut = Files.write(folder.resolve("cut.arrows"), Arrays.copyOf(bytes, bytes.length / 2));
        assertThatThrownBy(() -> new ArrowTableReader(true).read(cut)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("cut.arrows").hasMessageMatching(".*record batch [2-5]: cannot be read.*")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void writtenRowsReadBackExactly(boolean stream) throws IOException {
        Matrix csv = csvRows();
        Path file = folder.resolve(stream ? "out.arrows" : "out.arrow");
        try (OutputStream out = Files.newOutputStream(file)) {
            TableSink sink = new ArrowTableReader(stream).sink(out, List.of("a", "b")).orElseThrow();
            sink.write(csv.selectColumns(new int[] {0, 7}).rowRange(0, 25));
            sink.write(csv.selectColumns(new int[] {0, 7}).rowRange(25, 40));
            sink.finish();
        }
        Table back = new ArrowTableReader(false).read(file);
        assertThat(back.columnNames()).containsExactly("a", "b");
        assertThat(back.values().data()).containsExactly(csv.selectColumns(new int[] {0, 7}).data());
    }
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void twoColumnsOfOneNameAreRefusedWholeStreamedAndSplit(boolean stream) throws IOException {
        Matrix csv = csvRows();
        Path file = folder.resolve(stream ? "dup.arrows" : "dup.arrow");
        Path distinct = folder.resolve(stream ? "distinct.arrows" : "distinct.arrow");
        for (Path p : List.of(file, distinct)) {
            try (OutputStream out = Files.newOutputStream(p)) {
                List<String> names = p == file ? List.of("x", "z", "x", "y") : List.of("x", "z", "w", "y");
                TableSink sink = new ArrowTableReader(stream).sink(out, names).orElseThrow();
                sink.write(csv.selectColumns(new int[] {0, 1, 2, 3}));
                sink.finish();
            }
        }
        String message = file + ": columns 1 and 3 are both named 'x'; OKL chooses columns by name, so every column "
                + "needs a name of its own: rename one of them";
        ArrowTableReader reader = new ArrowTableReader(stream);
        assertThatThrownBy(() -> reader.read(file)).isInstanceOf(DataFormatException.class).hasMessage(message);
        assertThatThrownBy(() -> reader.open(file)).isInstanceOf(DataFormatException.class).hasMessage(message);
        if (!stream) {
            assertThatThrownBy(() -> reader.split(file, 1 << 20)).isInstanceOf(DataFormatException.class)
                    .hasMessage(message);
        }
        Table back = reader.read(distinct);
        assertThat(back.columnNames()).containsExactly("x", "z", "w", "y");
        assertThat(back.values().data()).containsExactly(csv.selectColumns(new int[] {0, 1, 2, 3}).data());
    }
}
