package org.okl.parquet.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.TableSplits;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.data.FileRows;

/**
 * The row-group pieces ({@link ParquetSplits}, decoded in parallel by core's {@link FileRows}) give the values the
 * sequential stream gives, bit for bit: on pyarrow's files (dictionary pages, nulls, every codec, row groups of 7 and
 * a last of 5) and on files written here with Parquet's own writer (plain and dictionary pages, a dictionary that
 * falls back to plain within a chunk, nulls, float, int32, int64 and boolean columns, version 1 and 2 pages, row
 * groups of different sizes). A piece declines on text columns and on anything wrong, and the stream's one-line
 * error (file, row group, column) is what the user sees.
 */
class ParquetSplitsTest {
    private static final int ROWS = 5000;
    private static final List<String> WRITTEN = List.of("d", "o", "f", "i", "l", "b");

    @TempDir
    Path folder;

    /** The values of the chosen columns as the sequential stream reads them (rows x columns.length). */
    private static Matrix streamed(Path file, int[] columns) {
        return new ParquetReader().read(file, columns).values().selectColumns(columns);
    }

    /** Every piece's rows, in order; fails when a piece declines. */
    private static Matrix pieced(Path file, int[] columns) {
        try (TableSplits s = new ParquetReader().split(file, 1 << 20).orElseThrow()) {
            Matrix all = null;
            for (int k = 0; k < s.pieces(); k++) {
                Matrix m = s.parse(k, columns).orElseThrow(() -> new AssertionError("a piece declined"));
                all = all == null ? m : all.stackRows(m);
            }
            return all;
        }
    }

    /** The chosen columns as core's file route reads them (parallel pieces, cached or not). */
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
    @ValueSource(strings = {"data-snappy", "data-zstd", "data-gzip", "data-none", "nulls"})
    void piecesOfPyarrowFilesGiveTheStreamsValues(String name) throws IOException {
        Path file = ParquetReaderTest.resource(name + ".parquet");
        int[] all = IntStream.range(0, 8).toArray();
        try (TableSplits s = new ParquetReader().split(file, 1).orElseThrow()) {
            assertThat(s.pieces()).as("one piece per row group").isEqualTo(6);
            assertThat(s.parse(5, all).orElseThrow().rows()).as("the last group").isEqualTo(5);
        }
        Matrix expected = streamed(file, all);
        assertThat(expected.rows()).isEqualTo(40);
        assertSameBits(pieced(file, all), expected);
        int[] some = {7, 1, 1, 3};
        assertSameBits(pieced(file, some), streamed(file, some));
        assertSameBits(fileRows(file, all, true), expected);
        assertSameBits(fileRows(file, all, false), expected);
    }

    @ParameterizedTest
    @CsvSource({"UNCOMPRESSED,false,PARQUET_1_0", "SNAPPY,false,PARQUET_1_0", "SNAPPY,true,PARQUET_1_0",
        "UNCOMPRESSED,true,PARQUET_1_0", "SNAPPY,false,PARQUET_2_0", "SNAPPY,true,PARQUET_2_0"})
    void piecesOfWrittenFilesGiveTheStreamsValues(CompressionCodecName codec, boolean dictionary,
            ParquetProperties.WriterVersion version) throws IOException {
        Path file = write(folder.resolve("w.parquet"), codec, dictionary, version, rows(-1));
        try (ParquetFileReader r = new ParquetFileReader(new LocalInputFile(file), ParquetStream.OPTIONS)) {
            List<Long> sizes = r.getRowGroups().stream().map(BlockMetaData::getRowCount).toList();
            assertThat(sizes).as("row groups of different sizes").containsExactly(1700L, 1700L, 1600L);
        }
        int[] all = IntStream.range(0, WRITTEN.size()).toArray();
        Matrix expected = streamed(file, all);
        assertThat(expected.rows()).isEqualTo(ROWS);
        assertThat(Double.isNaN(expected.get(3, 1))).as("a null").isTrue();
        assertThat(expected.get(4, 1)).as("not a null").isEqualTo(rows(-1)[4][1]);
        assertSameBits(pieced(file, all), expected);
        int[] some = {4, 0, 2, 0};
        assertSameBits(pieced(file, some), streamed(file, some));
        assertSameBits(fileRows(file, all, true), expected);
        assertSameBits(fileRows(file, some, false), streamed(file, some));
    }

    @ParameterizedTest
    @CsvSource({"false,PARQUET_1_0,true", "true,PARQUET_1_0,true", "false,PARQUET_2_0,false"})
    void plainAndDictionaryPagesOfVersionOneAreDecodedInBulk(boolean dictionary,
            ParquetProperties.WriterVersion version, boolean bulk) throws IOException {
        Path file = write(folder.resolve("b.parquet"), CompressionCodecName.SNAPPY, dictionary, version, rows(-1));
        MessageType schema;
        try (ParquetFileReader r = new ParquetFileReader(new LocalInputFile(file), ParquetStream.OPTIONS)) {
            schema = r.getFooter().getFileMetaData().getSchema();
            ColumnChunkMetaData small = r.getRowGroups().get(0).getColumns().get(3);
            assertThat(small.getEncodings().stream().anyMatch(e -> e.usesDictionary())).isEqualTo(dictionary);
        }
        Matrix expected = streamed(file, IntStream.range(0, WRITTEN.size()).toArray());
        for (int j = 0; j < 5; j++) {
            try (ParquetFileReader r = new ParquetFileReader(new LocalInputFile(file), ParquetStream.OPTIONS)) {
                r.setRequestedSchema(new MessageType("m", List.of(schema.getType(j))));
                PageReadStore pages = r.readRowGroup(1);
                ColumnDescriptor column = schema.getColumnDescription(new String[] {WRITTEN.get(j)});
                double[] out = new double[1700];
                assertThat(BulkColumn.decode(new BufferedPages(pages.getPageReader(column)), column, 1700, out, 0))
                        .as("column %s in bulk", WRITTEN.get(j)).isEqualTo(bulk);
                if (bulk) {
                    for (int i = 0; i < 1700; i++) {
                        assertThat(Double.doubleToRawLongBits(out[i])).as("row %d column %d", i, j)
                                .isEqualTo(Double.doubleToRawLongBits(expected.get(1700 + i, j)));
                    }
                }
            }
        }
    }

    @Test
    void anInfiniteValueDeclinesItsPieceAndTheStreamNamesTheRow() throws IOException {
        Path file = write(folder.resolve("inf.parquet"), CompressionCodecName.SNAPPY, false,
                ParquetProperties.WriterVersion.PARQUET_1_0, rows(4321));
        try (TableSplits s = new ParquetReader().split(file, 1).orElseThrow()) {
            assertThat(s.parse(0, new int[] {0})).isPresent();
            assertThat(s.parse(2, new int[] {0})).isEmpty();
            assertThat(s.parse(2, new int[] {1})).as("another column of that group").isPresent();
        }
        assertThatThrownBy(() -> fileRows(file, new int[] {0, 1}, true)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("inf.parquet").hasMessageContaining("row group 3 of 3")
                .hasMessageContaining("row 4322, column 'd'").hasMessageContaining("not a finite number");
    }

    @ParameterizedTest
    @ValueSource(strings = {"gzip", "zstd", "snappy"})
    void aCorruptRowGroupIsOneLineNamingTheFileTheColumnAndTheRowGroup(String codec) throws IOException {
        Path file = folder.resolve("corrupt-" + codec + ".parquet");
        Files.copy(ParquetReaderTest.resource("data-" + codec + ".parquet"), file);
        ColumnChunkMetaData chunk;
        try (ParquetFileReader r = new ParquetFileReader(new LocalInputFile(file), ParquetStream.OPTIONS)) {
            chunk = r.getRowGroups().get(1).getColumns().get(0);
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            long end = chunk.getStartingPos() + chunk.getTotalSize();
            for (long at = end - 24; at < end; at++) {
                raf.seek(at);
                raf.write(0xA5);
            }
        }
        try (TableSplits s = new ParquetReader().split(file, 1).orElseThrow()) {
            assertThat(s.parse(0, new int[] {0, 1})).isPresent();
            assertThat(s.parse(1, new int[] {0, 1})).isEmpty();
        }
        for (boolean cached : new boolean[] {true, false}) {
            assertThatThrownBy(() -> fileRows(file, new int[] {0, 1}, cached))
                    .isInstanceOf(DataFormatException.class).hasMessageContaining(file.getFileName().toString())
                    .hasMessageContaining("row group 2 of 6").hasMessageContaining("'x1'")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    @Test
    void textColumnsAreLeftToTheStream() throws IOException {
        Path file = ParquetReaderTest.resource("text-groups.parquet");
        int[] all = {0, 1, 2, 3};
        try (TableSplits s = new ParquetReader().split(file, 1).orElseThrow()) {
            assertThat(s.parse(0, all)).as("text needs the whole file's levels").isEmpty();
            assertThat(s.parse(0, new int[] {0, 3})).isPresent();
        }
        assertSameBits(fileRows(file, all, true), streamed(file, all));
        assertThat(new ParquetReader().split(folder, 1)).as("a folder is read by the stream").isEmpty();
    }

    /**
     * The rows written: d uniform (one NaN), o with every fifth row null, f a float, i small integers (a few
     * distinct values), l large integers with every third row null, b a boolean; an infinite d at row {@code inf}.
     */
    private static double[][] rows(int inf) {
        SplittableRandom random = new SplittableRandom(7);
        double[][] rows = new double[ROWS][];
        for (int i = 0; i < ROWS; i++) {
            rows[i] = new double[] {i == 17 ? Double.NaN : i == inf ? Double.POSITIVE_INFINITY
                : random.nextDouble(-1, 1), i % 5 == 3 ? Double.NaN : random.nextDouble() * 1e6,
                (float) random.nextDouble(-3, 3), i % 7 - 3, i % 3 == 0 ? Double.NaN : (double) (1L << 40) + i,
                i % 2};
        }
        return rows;
    }

    /** The rows through Apache Parquet's writer: row groups of 1700 rows, pages of 300 at most. */
    private static Path write(Path file, CompressionCodecName codec, boolean dictionary,
            ParquetProperties.WriterVersion version, double[][] rows) throws IOException {
        MessageType schema = Types.buildMessage().required(PrimitiveTypeName.DOUBLE).named("d")
                .optional(PrimitiveTypeName.DOUBLE).named("o").required(PrimitiveTypeName.FLOAT).named("f")
                .required(PrimitiveTypeName.INT32).named("i").optional(PrimitiveTypeName.INT64).named("l")
                .required(PrimitiveTypeName.BOOLEAN).named("b").named("m");
        Files.deleteIfExists(file);
        try (ParquetWriter<double[]> writer = new Builder(file, schema).withConf(new PlainParquetConfiguration())
                .withCodecFactory(new PureJavaCodecs()).withCompressionCodec(codec)
                .withDictionaryEncoding(dictionary).withDictionaryPageSize(4096).withWriterVersion(version)
                .withRowGroupRowCountLimit(1700).withPageRowCountLimit(300).build()) {
            for (double[] row : rows) {
                writer.write(row);
            }
        }
        return file;
    }

    private static final class Builder extends ParquetWriter.Builder<double[], Builder> {
        private final MessageType schema;

        Builder(Path file, MessageType schema) {
            super(new LocalOutputFile(file));
            this.schema = schema;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<double[]> getWriteSupport(Configuration conf) {
            return new Rows(schema);
        }

        @Override
        protected WriteSupport<double[]> getWriteSupport(ParquetConfiguration conf) {
            return new Rows(schema);
        }
    }

    /** A row of the six columns; NaN in an optional column is a null. */
    private static final class Rows extends WriteSupport<double[]> {
        private final MessageType schema;
        private RecordConsumer consumer;

        Rows(MessageType schema) {
            this.schema = schema;
        }

        @Override
        public WriteContext init(Configuration configuration) {
            return new WriteContext(schema, Map.of());
        }

        @Override
        public WriteContext init(ParquetConfiguration configuration) {
            return new WriteContext(schema, Map.of());
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            consumer = recordConsumer;
        }

        @Override
        public void write(double[] row) {
            consumer.startMessage();
            for (int j = 0; j < row.length; j++) {
                boolean optional = j == 1 || j == 4;
                if (optional && Double.isNaN(row[j])) {
                    continue;
                }
                consumer.startField(WRITTEN.get(j), j);
                switch (j) {
                    case 0, 1 -> consumer.addDouble(row[j]);
                    case 2 -> consumer.addFloat((float) row[j]);
                    case 3 -> consumer.addInteger((int) row[j]);
                    case 4 -> consumer.addLong((long) row[j]);
                    default -> consumer.addBoolean(row[j] != 0);
                }
                consumer.endField(WRITTEN.get(j), j);
            }
            consumer.endMessage();
        }
    }
}
