package org.okl.kernels.bandwidth;

import java.util.stream.IntStream;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * Data-dependent widths for Gaussian kernels, as used in the papers: the median pairwise distance (MS11 scene
 * data) and the mean distance to the k nearest neighbours (B12 school data). Distances are Euclidean between rows,
 * computed from one product through the linear-algebra layer.
 */
public final class Bandwidths {

    private Bandwidths() {
    }

    /**
     * The median of the Euclidean distances ||x_i - x_j|| over all pairs i &lt; j of rows (for an even number of
     * pairs, the mean of the two middle values).
     *
     * @throws IllegalArgumentException with fewer than two rows
     */
    public static double medianPairwiseDistance(Matrix x, LinearAlgebra linearAlgebra) {
        int n = x.rows();
        if (n < 2) {
            throw new IllegalArgumentException("the median pairwise distance needs at least 2 points, got " + n);
        }
        return medianOfDistances(distances(x, linearAlgebra));
    }

    /**
     * The median of the off-diagonal entries d_ij, i &lt; j, of a symmetric n x n distance matrix (for an even number
     * of pairs, the mean of the two middle values).
     *
     * @throws IllegalArgumentException with fewer than two rows
     */
    public static double medianOfDistances(Matrix d) {
        int n = d.rows();
        if (n < 2) {
            throw new IllegalArgumentException("the median pairwise distance needs at least 2 points, got " + n);
        }
        long pairs = (long) n * (n - 1) / 2;
        if (pairs > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("the median pairwise distance over " + n + " points (" + pairs
                    + " pairs) exceeds one array; pass a subsample");
        }
        double[] dd = d.data();
        double[] v = new double[(int) pairs];
        int t = 0;
        for (int j = 0; j < n; j++) {
            int len = n - j - 1;
            System.arraycopy(dd, j * n + j + 1, v, t, len);
            t += len;
        }
        int m = v.length;
        int upper = m / 2;
        Selection.select(v, 0, m, upper);
        if (m % 2 == 1) {
            return v[upper];
        }
        double below = Selection.max(v, 0, upper);
        return 0.5 * (below + v[upper]);
    }

    /**
     * The mean over rows of the mean Euclidean distance to their k nearest other rows (B12's school-data width).
     *
     * @throws IllegalArgumentException unless 1 &lt;= k &lt; number of rows
     */
    public static double meanNearestNeighbourDistance(Matrix x, int k, LinearAlgebra linearAlgebra) {
        int n = x.rows();
        if (k < 1 || k >= n) {
            throw new IllegalArgumentException(
                    "the number of nearest neighbours must be in [1, " + (n - 1) + "] for " + n + " points, got " + k);
        }
        return meanNearestNeighbourOfDistances(distances(x, linearAlgebra), k);
    }

    /** The same from a symmetric n x n distance matrix. */
    public static double meanNearestNeighbourOfDistances(Matrix d, int k) {
        int n = d.rows();
        if (k < 1 || k >= n) {
            throw new IllegalArgumentException(
                    "the number of nearest neighbours must be in [1, " + (n - 1) + "] for " + n + " points, got " + k);
        }
        double[] dd = d.data();
        double total = IntStream.range(0, n).parallel().mapToDouble(j -> {
            double[] col = new double[n - 1];
            System.arraycopy(dd, j * n, col, 0, j);
            System.arraycopy(dd, j * n + j + 1, col, j, n - 1 - j);
            Selection.select(col, 0, n - 1, k - 1);
            double s = 0;
            for (int i = 0; i < k; i++) {
                s += col[i];
            }
            return s / k;
        }).sum();
        return total / n;
    }

    /**
     * The number of neighbours k for a fraction of the n training points: round(fraction · n), kept within
     * [1, n - 1].
     */
    public static int neighboursFromFraction(int n, double fraction) {
        long k = Math.round(fraction * n);
        return (int) Math.max(1, Math.min(n - 1, k));
    }

    /** The n x n matrix of L1 distances between the rows of x, exactly symmetric with a zero diagonal. */
    public static Matrix manhattanDistances(Matrix x) {
        int n = x.rows();
        int p = x.cols();
        double[] xd = x.data();
        Matrix d = Matrix.zeros(n, n);
        double[] dd = d.data();
        IntStream.range(0, n).parallel().forEach(j -> {
            int off = j * n;
            for (int k = 0; k < p; k++) {
                double xjk = xd[j + k * n];
                int xk = k * n;
                for (int i = j + 1; i < n; i++) {
                    dd[off + i] += Math.abs(xd[xk + i] - xjk);
                }
            }
        });
        IntStream.range(0, n).parallel().forEach(j -> {
            for (int i = 0; i < j; i++) {
                dd[j * n + i] = dd[i * n + j];
            }
        });
        return d;
    }

    /**
     * The n x n matrix of distances {@code sqrt(2 - 2 T(x_i, x_j))} between the rows of x in the Tanimoto kernel's
     * feature space (T(0, 0) = 1), exactly symmetric with a zero diagonal.
     */
    public static Matrix tanimotoDistances(Matrix x, LinearAlgebra linearAlgebra) {
        int n = x.rows();
        Matrix g = linearAlgebra.outerGram(x);
        double[] s = g.diagonalValues();
        double[] gd = g.data();
        IntStream.range(0, n).parallel().forEach(j -> {
            int off = j * n;
            for (int i = j + 1; i < n; i++) {
                double union = s[i] + s[j] - gd[off + i];
                double t = union == 0.0 ? 1.0 : gd[off + i] / union;
                double v = Math.sqrt(Math.max(2.0 - 2.0 * t, 0.0));
                gd[off + i] = v;
                gd[i * n + j] = v;
            }
            gd[off + j] = 0.0;
        });
        return g;
    }

    /** The n x n matrix of Euclidean distances between the rows of x, exactly symmetric with a zero diagonal. */
    public static Matrix distances(Matrix x, LinearAlgebra linearAlgebra) {
        int n = x.rows();
        Matrix g = linearAlgebra.outerGram(x);
        double[] s = g.diagonalValues();
        double[] gd = g.data();
        IntStream.range(0, n).parallel().forEach(j -> {
            int off = j * n;
            for (int i = j + 1; i < n; i++) {
                double v = Math.sqrt(Math.max(s[i] + s[j] - 2.0 * gd[off + i], 0.0));
                gd[off + i] = v;
                gd[i * n + j] = v;
            }
            gd[off + j] = 0.0;
        });
        return g;
    }
}
