package org.okl.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.okl.api.linalg.Matrix;

/**
 * The bench generator at test sizes: X ~ N(0, I) (n x p), Y = tanh(X W / sqrt(p)) + 0.1 N(0, 1) (n x d), W ~ N(0, 1),
 * as matrices and as a data set with a vector column {@code features} and numeric columns {@code y0..y(d-1)}, in row
 * order, in a given number of partitions.
 *
 * @param x the inputs
 * @param y the outputs
 */
public record SyntheticData(Matrix x, Matrix y) {

    /** Draws n rows. */
    public static SyntheticData draw(int n, int p, int d, long seed) {
        Random r = new Random(seed);
        Matrix w = Matrix.zeros(p, d);
        fill(w, r, 1);
        Matrix x = Matrix.zeros(n, p);
        fill(x, r, 1);
        Matrix y = Matrix.zeros(n, d);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                double s = 0;
                for (int k = 0; k < p; k++) {
                    s += x.get(i, k) * w.get(k, j);
                }
                y.set(i, j, Math.tanh(s / Math.sqrt(p)) + 0.1 * r.nextGaussian());
            }
        }
        return new SyntheticData(x, y);
    }

    private static void fill(Matrix m, Random r, double scale) {
        for (int k = 0; k < m.data().length; k++) {
            m.data()[k] = scale * r.nextGaussian();
        }
    }

    /**
     * Writes the rows as CSV, inputs then outputs, every value with 17 significant digits (read back exactly).
     *
     * @param header the header line, or {@code null} for none
     */
    public Path writeCsv(Path file, String header) throws IOException {
        StringBuilder sb = new StringBuilder(header == null ? "" : header + "\n");
        for (int i = 0; i < x.rows(); i++) {
            List<String> fields = new ArrayList<>();
            for (double v : x.row(i)) {
                fields.add(String.format(Locale.ROOT, "%.17g", v));
            }
            for (double v : y.row(i)) {
                fields.add(String.format(Locale.ROOT, "%.17g", v));
            }
            sb.append(String.join(",", fields)).append('\n');
        }
        return Files.writeString(file, sb);
    }

    /** The names of the output columns. */
    public List<String> outputColumns() {
        List<String> names = new ArrayList<>();
        for (int j = 0; j < y.cols(); j++) {
            names.add("y" + j);
        }
        return names;
    }

    /** The rows as a data set in row order: {@code features} (vector), {@code y0..}, in {@code partitions} slices. */
    public Dataset<Row> dataset(SparkSession spark, int partitions) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < x.rows(); i++) {
            Object[] fields = new Object[1 + y.cols()];
            fields[0] = Vectors.dense(x.row(i));
            for (int j = 0; j < y.cols(); j++) {
                fields[1 + j] = y.get(i, j);
            }
            rows.add(RowFactory.create(fields));
        }
        StructType schema = new StructType().add("features", SQLDataTypes.VectorType(), false);
        for (String c : outputColumns()) {
            schema = schema.add(c, DataTypes.DoubleType, false);
        }
        return spark.createDataFrame(new org.apache.spark.api.java.JavaSparkContext(spark.sparkContext())
                .parallelize(rows, partitions), schema);
    }
}
