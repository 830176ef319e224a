package org.okl.parquet.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;

/**
 * Reads files that pyarrow 25 wrote ({@code generate.py} beside them: 40 rows in row groups of 7, dictionary pages,
 * one file per codec, a file with nulls, a nested and a text column) and checks them against {@code data.csv}, the
 * same rows printed by Python with every digit, parsed here with {@link Double#parseDouble}.
 */
class ParquetReaderTest {
    private static final List<String> NAMES = List.of("x1", "x2", "k", "c", "flag", "f", "y1", "y2");

    @TempDir
    Path folder;

    static Path resource(String name) throws IOException {
        try (InputStream in = ParquetReaderTest.class.getResourceAsStream(name)) {
            Path dir = Files.createTempDirectory("okl-parquet-test");
            Path file = dir.resolve(name.substring(name.lastIndexOf('/') + 1));
            assertThat(in).as(name).isNotNull();
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
        double[][] rows = lines.stream().skip(1).map(l -> java.util.Arrays.stream(l.split(","))
                .mapToDouble(Double::parseDouble).toArray()).toArray(double[][]::new);
        return Matrix.fromRows(rows);
    }

    @ParameterizedTest
    @ValueSource(strings = {"snappy", "zstd", "gzip", "none"})
    void everyCodecGivesTheRowsOfTheCsvCopy(String codec) throws IOException {
        Table table = new ParquetReader().read(resource("data-" + codec + ".parquet"));
        assertThat(table.columnNames()).isEqualTo(NAMES);
        assertThat(table.values().rows()).isEqualTo(40);
        assertThat(table.values().data()).containsExactly(csvRows().data());
    }

    @Test
    void theFilesHaveSeveralRowGroupsAndDictionaryPages() throws IOException {
        try (ParquetFileReader r = new ParquetFileReader(new LocalInputFile(resource("data-zstd.parquet")),
                ParquetStream.OPTIONS)) {
            assertThat(r.getRowGroups()).hasSize(6);
            ColumnChunkMetaData c = r.getRowGroups().get(0).getColumns().get(3);
            assertThat(c.getEncodings()).contains(Encoding.RLE_DICTIONARY);
        }
    }

    @Test
    void aNullIsAMissingValue() throws IOException {
        Matrix csv = csvRows();
        Matrix read = new ParquetReader().read(resource("nulls.parquet")).values();
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < NAMES.size(); j++) {
                double expected = j == 1 && i % 5 == 3 ? Double.NaN : csv.get(i, j);
                assertThat(Double.valueOf(read.get(i, j))).as("row %d column %d", i, j)
                        .isEqualTo(Double.valueOf(expected));
            }
        }
    }

    @Test
    void aStreamReadsOneRowGroupAtATimeAndOnlyTheProjectedColumns() throws IOException {
        Matrix csv = csvRows();
        try (TableStream s = new ParquetReader().open(resource("data-snappy.parquet"))) {
            s.project(new int[] {6, 0});
            Optional<Matrix> first = s.next(1000);
            assertThat(first).isPresent();
            assertThat(first.get().rows()).as("one row group, not the whole file").isEqualTo(7);
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
        try (TableStream s = new ParquetReader().open(resource("decimal.parquet"))) {
            s.project(new int[] {0});
            assertThat(s.next(10).orElseThrow().get(1, 0)).as("the decimal column is not read").isEqualTo(2.0);
        }
    }

    /** The rows of codes.csv: each text coded by its index among the column's sorted distinct texts. */
    private static void assertCodes(Matrix read) throws IOException {
        List<String> codes = Files.readAllLines(resource("codes.csv"));
        assertThat(read.rows()).isEqualTo(9);
        for (int i = 0; i < 9; i++) {
            String[] f = codes.get(i + 1).split(",", -1);
            for (int j = 0; j < 4; j++) {
                double expected = f[j].isEmpty() ? Double.NaN : Double.parseDouble(f[j]);
                assertThat(Double.valueOf(read.get(i, j))).as("row %d column %d", i, j)
                        .isEqualTo(Double.valueOf(expected));
            }
        }
    }

    @Test
    void textColumnsAreNominalWithSortedLevelsReadWholeOrStreamed() throws IOException {
        Table table = new ParquetReader().read(resource("text-groups.parquet"));
        assertThat(table.levels()).containsExactly(List.of(), List.of("blue", "green", "red"), List.of("l", "m", "s"),
                List.of());
        assertCodes(table.values());
        List<Matrix> blocks = new java.util.ArrayList<>();
        try (TableStream s = new ParquetReader().open(resource("text-groups.parquet"))) {
            for (Optional<Matrix> b = s.next(100); b.isPresent(); b = s.next(100)) {
                assertThat(b.get().rows()).as("one row group").isEqualTo(3);
                blocks.add(b.get());
            }
        }
        assertCodes(blocks.stream().reduce(Matrix::stackRows).orElseThrow());
    }

    @Test
    void aFolderCodesItsTextsByTheLevelsOfAllItsFiles() throws IOException {
        Path dir = folder.resolve("parts");
        Files.createDirectories(dir);
        for (String part : List.of("part-0.parquet", "part-1.parquet")) {
            Files.copy(resource("text-parts/" + part), dir.resolve(part));
        }
        Table table = new ParquetReader().read(dir);
        assertThat(table.levels().get(1)).containsExactly("blue", "green", "red");
        assertCodes(table.values());
    }

    @Test
    void unsupportedColumnsAreRefusedByName() throws IOException {
        Path decimal = resource("decimal.parquet");
        assertThatThrownBy(() -> new ParquetReader().read(decimal)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("decimal.parquet").hasMessageContaining("column 'd' holds DECIMAL");
        Path nested = resource("nested.parquet");
        assertThatThrownBy(() -> new ParquetReader().read(nested)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("nested.parquet").hasMessageContaining("column 's' is a nested group");
    }

    @Test
    void truncatedOrWrongMagicFilesAreOneLineErrorsNamingTheFile() throws IOException {
        byte[] bytes = Files.readAllBytes(resource("data-snappy.parquet"));
        Path truncated = Files.write(folder.resolve("truncated.parquet"),
                java.util.Arrays.copyOf(bytes, bytes.length / 2));
        byte[] magic = bytes.clone();
        magic[magic.length - 1] = 'X';
        Path wrong = Files.write(folder.resolve("magic.parquet"), magic);
        for (Path bad : List.of(truncated, wrong)) {
            assertThatThrownBy(() -> new ParquetReader().read(bad)).isInstanceOf(DataFormatException.class)
                    .hasMessageContaining(bad.getFileName().toString()).hasMessageContaining("not a readable Parquet")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "zstd", "snappy"})
    void aCorruptPageNamesTheRowGroupAndColumn(String codec) throws IOException {
        Path file = folder.resolve("corrupt-" + codec + ".parquet");
        Files.copy(resource("data-" + codec + ".parquet"), file);
        ColumnChunkMetaData chunk;
        try (ParquetFileReader r = new ParquetFileReader(new LocalInputFile(file),
                ParquetStream.OPTIONS)) {
            chunk = r.getRowGroups().get(1).getColumns().get(0);
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            long end = chunk.getStartingPos() + chunk.getTotalSize();
            for (long at = end - 24; at < end; at++) {
                raf.seek(at);
                raf.write(0xA5);
            }
        }
        assertThatThrownBy(() -> new ParquetReader().read(file)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining(file.getFileName().toString())
                .hasMessageContaining("row group 2 of 6").hasMessageContaining("'x1'")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void writtenRowsReadBackExactly() throws IOException {
        Matrix csv = csvRows();
        Path file = folder.resolve("out.parquet");
        try (java.io.OutputStream out = Files.newOutputStream(file)) {
            org.okl.api.data.TableSink sink = new ParquetReader().sink(out, List.of("a", "b")).orElseThrow();
            sink.write(csv.selectColumns(new int[] {0, 7}).rowRange(0, 25));
            sink.write(csv.selectColumns(new int[] {0, 7}).rowRange(25, 40));
            sink.finish();
        }
        Table back = new ParquetReader().read(file);
        assertThat(back.columnNames()).containsExactly("a", "b");
        assertThat(back.values().data()).containsExactly(csv.selectColumns(new int[] {0, 7}).data());
    }
    /** A file whose schema names two columns alike, as Parquet's writer allows (and OKL's own sink writes). */
    private Path written(String name, List<String> columns) throws IOException {
        Path file = folder.resolve(name);
        Files.createDirectories(file.getParent());
        try (java.io.OutputStream out = Files.newOutputStream(file)) {
            org.okl.api.data.TableSink sink = new ParquetReader().sink(out, columns).orElseThrow();
            sink.write(csvRows().selectColumns(java.util.stream.IntStream.range(0, columns.size()).toArray()));
            sink.finish();
        }
        return file;
    }

    @Test
    void twoColumnsOfOneNameAreRefusedWholeStreamedSplitAndInAFolder() throws IOException {
        Path file = written("dup.parquet", List.of("x", "z", "x", "y"));
        String message = file + ": columns 1 and 3 are both named 'x'; OKL chooses columns by name, so every column "
                + "needs a name of its own: rename one of them";
        ParquetReader reader = new ParquetReader();
        assertThatThrownBy(() -> reader.read(file)).isInstanceOf(DataFormatException.class).hasMessage(message);
        assertThatThrownBy(() -> reader.read(file, new int[] {2})).isInstanceOf(DataFormatException.class)
                .hasMessage(message);
        assertThatThrownBy(() -> reader.open(file)).isInstanceOf(DataFormatException.class).hasMessage(message);
        assertThatThrownBy(() -> reader.split(file, 1 << 20)).isInstanceOf(DataFormatException.class)
                .hasMessage(message);
        Path part = written("parts/part-0.parquet", List.of("x", "z", "x", "y"));
        assertThatThrownBy(() -> reader.read(part.getParent())).isInstanceOf(DataFormatException.class)
                .hasMessage(message.replace(file.toString(), part.toString()));

        Path distinct = written("distinct.parquet", List.of("x", "z", "w", "y"));
        Table back = reader.read(distinct);
        assertThat(back.columnNames()).containsExactly("x", "z", "w", "y");
        assertThat(back.values().data()).containsExactly(csvRows().selectColumns(new int[] {0, 1, 2, 3}).data());
    }
}
