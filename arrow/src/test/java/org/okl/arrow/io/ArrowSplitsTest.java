package org.okl.arrow.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.TableSink;
import org.okl.api.data.TableSplits;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.data.FileRows;

/**
 * The record-batch pieces ({@link ArrowSplits}, decoded in parallel by core's {@link FileRows}) and the stream
 * ({@link ArrowBatches}, double columns now copied in bulk) give, bit for bit, the values Arrow's own per-value
 * accessors give: on pyarrow's files (batches of 7 and a last of 5, uncompressed, LZ4, Zstandard, Feather, nulls)
 * and on files OKL writes with batches of different sizes. A piece declines on text and on an infinite value, and
 * the stream's one-line error (file, record batch, column) is what the user sees.
 */
class ArrowSplitsTest {

    @TempDir
    Path folder;

    /** The chosen columns through Arrow's per-value accessors, batch by batch (independent of OKL's decoding). */
    private static Matrix reference(Path file, int[] columns) throws IOException {
        List<double[]> rows = new ArrayList<>();
        try (RootAllocator a = new RootAllocator();
                FileChannel c = FileChannel.open(file);
                ArrowFileReader r = new ArrowFileReader(c, a, ArrowTableReader.CODECS)) {
            VectorSchemaRoot root = r.getVectorSchemaRoot();
            for (ArrowBlock block : r.getRecordBlocks()) {
                r.loadRecordBatch(block);
                for (int i = 0; i < root.getRowCount(); i++) {
                    double[] row = new double[columns.length];
                    for (int k = 0; k < columns.length; k++) {
                        FieldVector v = root.getVector(columns[k]);
                        Object o = v.getObject(i);
                        row[k] = o == null ? Double.NaN : o instanceof Boolean b ? (b ? 1 : 0)
                                : ((Number) o).doubleValue();
                    }
                    rows.add(row);
                }
            }
        }
        return Matrix.fromRows(rows.toArray(double[][]::new));
    }

    private static Matrix streamed(Path file, int[] columns) {
        return new ArrowTableReader(false).read(file, columns).values().selectColumns(columns);
    }

    private static Matrix pieced(Path file, int[] columns) {
        try (TableSplits s = new ArrowTableReader(false).split(file, 1).orElseThrow()) {
            Matrix all = null;
            for (int k = 0; k < s.pieces(); k++) {
                Matrix m = s.parse(k, columns).orElseThrow(() -> new AssertionError("a piece declined"));
                all = all == null ? m : all.stackRows(m);
            }
            return all;
        }
    }

    private static Matrix fileRows(Path file, int[] columns, boolean cached) {
        Okl okl = Okl.builder().build();
        List<Matrix> blocks = new ArrayList<>();
        try (FileRows rows = new FileRows(file, okl.tables(), columns, new int[0], cached, okl.workers())) {
            rows.forEachRowBlock((first, in, out) -> blocks.add(in));
        }
        return blocks.stream().reduce(Matrix::stackRows).orElseThrow();
    }

    private static void assertSameBits(Matrix actual, Matrix expected) {
        assertThat(actual.rows()).isEqualTo(expected.rows());
        assertThat(actual.cols()).isEqualTo(expected.cols());
        long[] a = Arrays.stream(actual.data()).mapToLong(Double::doubleToRawLongBits).toArray();
        long[] e = Arrays.stream(expected.data()).mapToLong(Double::doubleToRawLongBits).toArray();
        assertThat(a).containsExactly(e);
    }

    @ParameterizedTest
    @ValueSource(strings = {"data.arrow", "data-lz4.arrow", "data-zstd.arrow", "data.feather", "nulls.arrow"})
    void piecesOfPyarrowFilesGiveArrowsValues(String name) throws IOException {
        Path file = ArrowTableReaderTest.resource(name);
        int[] all = IntStream.range(0, 8).toArray();
        try (TableSplits s = new ArrowTableReader(false).split(file, 1).orElseThrow()) {
            assertThat(s.pieces()).as("one piece per record batch").isEqualTo(6);
            assertThat(s.parse(5, all).orElseThrow().rows()).as("the last batch").isEqualTo(5);
        }
        Matrix expected = reference(file, all);
        assertThat(expected.rows()).isEqualTo(40);
        if (name.equals("nulls.arrow")) {
            assertThat(Double.isNaN(expected.get(3, 1))).as("a null").isTrue();
        }
        assertSameBits(streamed(file, all), expected);
        assertSameBits(pieced(file, all), expected);
        int[] some = {7, 1, 1, 3};
        assertSameBits(pieced(file, some), reference(file, some));
        assertSameBits(fileRows(file, all, true), expected);
        assertSameBits(fileRows(file, all, false), expected);
    }

    /** 5000 rows of three double columns (one NaN; an infinity at row {@code inf}) in batches of 1700, 1700, 1600. */
    private Path written(String name, int inf) throws IOException {
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        Matrix rows = Matrix.zeros(5000, 3);
        for (int i = 0; i < 5000; i++) {
            for (int j = 0; j < 3; j++) {
                rows.set(i, j, random.nextDouble(-1e3, 1e3));
            }
        }
        rows.set(17, 1, Double.NaN);
        if (inf >= 0) {
            rows.set(inf, 2, Double.NEGATIVE_INFINITY);
        }
        Path file = folder.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            TableSink sink = new ArrowTableReader(false).sink(out, List.of("a", "b", "c")).orElseThrow();
            sink.write(rows.rowRange(0, 1700));
            sink.write(rows.rowRange(1700, 3400));
            sink.write(rows.rowRange(3400, 5000));
            sink.finish();
        }
        return file;
    }

    @Test
    void piecesOfBatchesOfDifferentSizesGiveArrowsValues() throws IOException {
        Path file = written("w.arrow", -1);
        int[] all = {0, 1, 2};
        Matrix expected = reference(file, all);
        assertThat(Double.isNaN(expected.get(17, 1))).isTrue();
        try (TableSplits s = new ArrowTableReader(false).split(file, 1).orElseThrow()) {
            assertThat(s.pieces()).isEqualTo(3);
            assertThat(s.parse(2, all).orElseThrow().rows()).isEqualTo(1600);
        }
        assertSameBits(streamed(file, all), expected);
        assertSameBits(pieced(file, all), expected);
        int[] some = {2, 0, 2};
        assertSameBits(pieced(file, some), reference(file, some));
        assertSameBits(fileRows(file, all, true), expected);
        assertSameBits(fileRows(file, some, false), reference(file, some));
    }

    @Test
    void anInfiniteValueDeclinesItsPieceAndTheStreamNamesTheBatchRowAndColumn() throws IOException {
        Path file = written("inf.arrow", 4000);
        try (TableSplits s = new ArrowTableReader(false).split(file, 1).orElseThrow()) {
            assertThat(s.parse(0, new int[] {2})).isPresent();
            assertThat(s.parse(2, new int[] {2})).isEmpty();
            assertThat(s.parse(2, new int[] {0, 1})).as("the other columns of that batch").isPresent();
        }
        for (boolean cached : new boolean[] {true, false}) {
            assertThatThrownBy(() -> fileRows(file, new int[] {0, 2}, cached))
                    .isInstanceOf(DataFormatException.class).hasMessageContaining("inf.arrow")
                    .hasMessageContaining("record batch 3 of 3").hasMessageContaining("row 4001, column 'c'")
                    .hasMessageContaining("not a finite number")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    @Test
    void aDamagedBatchIsOneLineNamingTheFileAndTheBatch() throws IOException {
        Path file = folder.resolve("damaged.arrow");
        Files.copy(ArrowTableReaderTest.resource("data-lz4.arrow"), file);
        ArrowBlock second;
        try (RootAllocator a = new RootAllocator();
                FileChannel c = FileChannel.open(file);
                ArrowFileReader r = new ArrowFileReader(c, a, ArrowTableReader.CODECS)) {
            second = r.getRecordBlocks().get(1);
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            long body = second.getOffset() + second.getMetadataLength();
            for (long at = body; at < body + second.getBodyLength(); at++) {
                raf.seek(at);
                raf.write(0xA5);
            }
        }
        try (TableSplits s = new ArrowTableReader(false).split(file, 1).orElseThrow()) {
            assertThat(s.parse(0, new int[] {0, 1})).isPresent();
            assertThat(s.parse(1, new int[] {0, 1})).isEmpty();
        }
        for (boolean cached : new boolean[] {true, false}) {
            assertThatThrownBy(() -> fileRows(file, new int[] {0, 1}, cached))
                    .isInstanceOf(DataFormatException.class).hasMessageContaining("damaged.arrow")
                    .hasMessageContaining("record batch 2 of 6")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    @Test
    void textAndStreamsAreLeftToTheStream() throws IOException {
        Path text = ArrowTableReaderTest.resource("text.arrow");
        try (TableSplits s = new ArrowTableReader(false).split(text, 1).orElseThrow()) {
            int[] all = IntStream.range(0, s.columnNames().size()).toArray();
            assertThat(s.parse(0, all)).as("text needs the whole file's levels").isEmpty();
            assertSameBits(fileRows(text, all, true), new ArrowTableReader(false).read(text).values());
        }
        assertThat(new ArrowTableReader(true).split(ArrowTableReaderTest.resource("data.arrows"), 1)).isEmpty();
    }
}
