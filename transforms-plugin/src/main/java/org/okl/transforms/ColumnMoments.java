package org.okl.transforms;

import java.util.Map;
import org.okl.api.linalg.Matrix;

/**
 * The count, mean and sum of squared deviations of every column, over rows added block by block, NaN left out. Each
 * block's moments are computed in two passes and merged with the running ones by Chan, Golub and LeVeque's update,
 * which keeps the variance accurate when the mean is large against the spread.
 */
final class ColumnMoments {
    private final long[] count;
    private final double[] mean;
    private final double[] squares;

    ColumnMoments(int columns) {
        count = new long[columns];
        mean = new double[columns];
        squares = new double[columns];
    }

    void add(Matrix rows) {
        int n = rows.rows();
        double[] d = rows.data();
        for (int j = 0; j < count.length; j++) {
            int off = j * n;
            long nb = 0;
            double sum = 0;
            for (int i = 0; i < n; i++) {
                double v = d[off + i];
                if (!Double.isNaN(v)) {
                    nb++;
                    sum += v;
                }
            }
            if (nb == 0) {
                continue;
            }
            double mb = sum / nb;
            double m2 = 0;
            for (int i = 0; i < n; i++) {
                double v = d[off + i];
                if (!Double.isNaN(v)) {
                    m2 += (v - mb) * (v - mb);
                }
            }
            long na = count[j];
            long total = na + nb;
            double delta = mb - mean[j];
            mean[j] += delta * nb / total;
            squares[j] += m2 + delta * delta * ((double) na * nb / total);
            count[j] = total;
        }
    }

    /** The moments as arrays ({@code count}, {@code mean}, {@code squares}, each 1 x columns). */
    Map<String, Matrix> part() {
        double[] counts = new double[count.length];
        for (int j = 0; j < counts.length; j++) {
            counts[j] = count[j];
        }
        return Map.of("count", States.rowOf(counts), "mean", States.rowOf(mean.clone()), "squares",
                States.rowOf(squares.clone()));
    }

    /** Merges the moments of other rows ({@link #part()}) by the same update as a block's. */
    void merge(Map<String, Matrix> part, String transform) {
        double[] nb = States.row(part, transform, "count");
        double[] mb = States.row(part, transform, "mean");
        double[] m2 = States.row(part, transform, "squares");
        if (nb.length != count.length || mb.length != count.length || m2.length != count.length) {
            throw new IllegalArgumentException(transform + ": a part has " + nb.length + " columns, expected "
                    + count.length);
        }
        for (int j = 0; j < count.length; j++) {
            long n = (long) nb[j];
            if (n == 0) {
                continue;
            }
            long na = count[j];
            long total = na + n;
            double delta = mb[j] - mean[j];
            mean[j] += delta * n / total;
            squares[j] += m2[j] + delta * delta * ((double) na * n / total);
            count[j] = total;
        }
    }

    long count(int j) {
        return count[j];
    }

    double mean(int j) {
        return mean[j];
    }

    /** The population standard deviation (divided by the count, as scikit-learn's StandardScaler). */
    double deviation(int j) {
        return count[j] == 0 ? 0.0 : Math.sqrt(squares[j] / count[j]);
    }

    int columns() {
        return count.length;
    }
}
