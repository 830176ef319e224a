package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.parquet.column.Encoding;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.data.Table;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;

/**
 * Files from another writer: Spark writes a table as Parquet (a folder of part files, row groups of a few kilobytes
 * so that each file holds several, dictionary pages, a nullable column, a text column, each codec Spark offers by
 * default) and OKL's reader (okl-parquet) reads it: the values equal the rows Spark was given, and a fit on them
 * equals the fit on those rows in memory.
 */
class SparkWrittenParquetTest {
    private static final Okl OKL = Okl.builder().build();
    private static final int N = 600;
    private static final String[] COLOURS = {"red", "green", "blue"};
    private static final String PIPELINE = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.5},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 40},"
            + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-3, 1e-1]},"
            + " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 5}}";

    @TempDir
    Path dir;

    /** Rows id, x1, x2 (null every 9th), k, colour, y, drawn once. */
    private static List<Row> rows() {
        Random random = new Random(11);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            double x1 = random.nextGaussian();
            double x2 = random.nextDouble() * 4 - 2;
            int k = random.nextInt(7) - 3;
            int c = random.nextInt(3);
            double y = Math.sin(x1) + 0.3 * k + 0.5 * c + 0.01 * random.nextGaussian();
            rows.add(RowFactory.create((long) i, x1, i % 9 == 4 ? null : x2, k, COLOURS[c], y));
        }
        return rows;
    }

    private static StructType schema() {
        return new StructType().add("id", DataTypes.LongType, false).add("x1", DataTypes.DoubleType, false)
                .add("x2", DataTypes.DoubleType, true).add("k", DataTypes.IntegerType, false)
                .add("colour", DataTypes.StringType, false).add("y", DataTypes.DoubleType, false);
    }

    /** The colour's index among the sorted texts (blue, green, red), as OKL codes a text column. */
    private static double code(String colour) {
        return switch (colour) {
            case "blue" -> 0;
            case "green" -> 1;
            default -> 2;
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"snappy", "zstd", "gzip"})
    void oklReadsWhatSparkWroteAndFitsAsOnTheRowsInMemory(String codec) throws IOException {
        assumeTrue(LocalSpark.session().version().startsWith("4."),
                "okl-parquet is built on Parquet 1.16 (Spark 4.1's); Spark 3.5 ships 1.13");
        List<Row> rows = rows();
        Path folder = dir.resolve(codec);
        LocalSpark.session().createDataFrame(rows, schema()).coalesce(2).write().option("compression", codec)
                .option("parquet.block.size", "4096").option("parquet.page.size", "1024")
                .parquet(folder.toString());
        List<Path> parts;
        try (Stream<Path> files = Files.list(folder)) {
            parts = files.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().toList();
        }
        int groups = 0;
        boolean dictionary = false;
        for (Path part : parts) {
            try (ParquetFileReader r = ParquetFileReader.open(
                    HadoopInputFile.fromPath(new org.apache.hadoop.fs.Path(part.toUri()), new Configuration()))) {
                groups += r.getRowGroups().size();
                for (BlockMetaData group : r.getRowGroups()) {
                    for (ColumnChunkMetaData column : group.getColumns()) {
                        assertThat(column.getCodec().name()).isEqualToIgnoringCase(codec);
                        dictionary |= column.getEncodings().contains(Encoding.PLAIN_DICTIONARY)
                                || column.getEncodings().contains(Encoding.RLE_DICTIONARY);
                    }
                }
            }
        }
        assertThat(parts).hasSizeGreaterThanOrEqualTo(2);
        assertThat(groups).as("row groups").isGreaterThanOrEqualTo(2 * parts.size());
        assertThat(dictionary).as("dictionary pages").isTrue();

        Table table = OKL.tables().read(folder);
        assertThat(table.columnNames()).containsExactly("id", "x1", "x2", "k", "colour", "y");
        assertThat(table.levels().get(4)).containsExactly("blue", "green", "red");
        Matrix read = table.values();
        assertThat(read.rows()).isEqualTo(N);
        double[][] x = new double[N][];
        double[][] y = new double[N][];
        double[][] xRead = new double[N][];
        double[][] yRead = new double[N][];
        for (int r = 0; r < N; r++) {
            int i = (int) read.get(r, 0);
            Row row = rows.get(i);
            assertThat(read.get(r, 1)).isEqualTo(row.getDouble(1));
            assertThat(Double.valueOf(read.get(r, 2)))
                    .isEqualTo(Double.valueOf(row.isNullAt(2) ? Double.NaN : row.getDouble(2)));
            assertThat(read.get(r, 3)).isEqualTo(row.getInt(3));
            assertThat(read.get(r, 4)).isEqualTo(code(row.getString(4)));
            assertThat(read.get(r, 5)).isEqualTo(row.getDouble(5));
            x[i] = new double[] {row.getDouble(1), row.getInt(3), code(row.getString(4))};
            y[i] = new double[] {row.getDouble(5)};
            xRead[i] = new double[] {read.get(r, 1), read.get(r, 3), read.get(r, 4)};
            yRead[i] = new double[] {read.get(r, 5)};
        }
        Model inMemory = fit(Matrix.fromRows(x), Matrix.fromRows(y));
        Model fromParquet = fit(Matrix.fromRows(xRead), Matrix.fromRows(yRead));
        Matrix a = inMemory.predict(Matrix.fromRows(x)).outputs();
        Matrix b = fromParquet.predict(Matrix.fromRows(x)).outputs();
        for (int i = 0; i < N; i++) {
            assertThat(b.get(i, 0)).isCloseTo(a.get(i, 0), within(1e-12));
        }
    }

    private static Model fit(Matrix x, Matrix y) {
        return OKL.pipeline(PipelineFiles.parse(PIPELINE, "test", OKL.registry())).fit(new MatrixRows(x, y))
                .model();
    }
}
