package org.okl.testkit;

import java.util.Random;
import org.okl.api.linalg.Matrix;

/**
 * Seeded test matrices and naive, obviously correct reference computations (the oracles tests compare the
 * linear-algebra back-ends and the algorithms built on them against), plus a matrix assertion with a useful message.
 *
 * <p>The naive routines are O(n^3) triple loops meant for small test problems only; production code goes through
 * {@link org.okl.api.linalg.LinearAlgebra}.
 */
public final class TestMatrices {

    private TestMatrices() {
    }

    /** A rows x cols matrix with independent entries uniform in [-1, 1), reproducible from the seed. */
    public static Matrix random(int rows, int cols, long seed) {
        Random random = new Random(seed);
        Matrix m = Matrix.zeros(rows, cols);
        double[] d = m.data();
        for (int i = 0; i < d.length; i++) {
            d[i] = 2.0 * random.nextDouble() - 1.0;
        }
        return m;
    }

    /**
     * A well-conditioned symmetric positive definite n x n matrix {@code G G^T / n + I} with G random, reproducible
     * from the seed; its eigenvalues lie in [1, 1 + n].
     */
    public static Matrix randomSpd(int n, long seed) {
        Matrix g = random(n, n, seed);
        Matrix spd = naiveMultiply(g, false, g, true).times(1.0 / Math.max(1, n));
        spd.symmetrize();
        return spd.addToDiagonal(1.0);
    }

    /** A random symmetric n x n matrix (entries uniform in [-1, 1)), reproducible from the seed. */
    public static Matrix randomSymmetric(int n, long seed) {
        return random(n, n, seed).symmetrize();
    }

    /** The product {@code A * B} by the textbook triple loop. */
    public static Matrix naiveMultiply(Matrix a, Matrix b) {
        return naiveMultiply(a, false, b, false);
    }

    /** The product {@code op(A) * op(B)} by the textbook triple loop; op transposes when its flag is set. */
    public static Matrix naiveMultiply(Matrix a, boolean transA, Matrix b, boolean transB) {
        int m = transA ? a.cols() : a.rows();
        int k = transA ? a.rows() : a.cols();
        int kb = transB ? b.cols() : b.rows();
        int n = transB ? b.rows() : b.cols();
        if (k != kb) {
            throw new IllegalArgumentException("inner dimensions differ: " + k + " vs " + kb);
        }
        Matrix c = Matrix.zeros(m, n);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int l = 0; l < k; l++) {
                    double x = transA ? a.get(l, i) : a.get(i, l);
                    double y = transB ? b.get(j, l) : b.get(l, j);
                    s += x * y;
                }
                c.set(i, j, s);
            }
        }
        return c;
    }

    /**
     * Solves the square system {@code A X = B} by Gaussian elimination with partial pivoting on copies of the
     * inputs.
     *
     * @throws IllegalArgumentException if a pivot is exactly zero
     */
    public static Matrix naiveSolve(Matrix a, Matrix b) {
        int n = a.rows();
        if (a.cols() != n || b.rows() != n) {
            throw new IllegalArgumentException("naiveSolve needs a square A and B with as many rows");
        }
        double[][] u = a.toRows();
        double[][] x = b.toRows();
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int i = col + 1; i < n; i++) {
                if (Math.abs(u[i][col]) > Math.abs(u[pivot][col])) {
                    pivot = i;
                }
            }
            if (u[pivot][col] == 0.0) {
                throw new IllegalArgumentException("singular matrix: zero pivot in column " + col);
            }
            double[] t = u[col];
            u[col] = u[pivot];
            u[pivot] = t;
            t = x[col];
            x[col] = x[pivot];
            x[pivot] = t;
            for (int i = col + 1; i < n; i++) {
                double f = u[i][col] / u[col][col];
                for (int j = col; j < n; j++) {
                    u[i][j] -= f * u[col][j];
                }
                for (int j = 0; j < b.cols(); j++) {
                    x[i][j] -= f * x[col][j];
                }
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            for (int j = 0; j < b.cols(); j++) {
                double s = x[i][j];
                for (int l = i + 1; l < n; l++) {
                    s -= u[i][l] * x[l][j];
                }
                x[i][j] = s / u[i][i];
            }
        }
        return n == 0 ? Matrix.zeros(0, b.cols()) : Matrix.fromRows(x);
    }

    /**
     * Asserts that two matrices have the same shape and that every element differs by at most
     * {@code tol * max(1, max |expected|)} (a tolerance relative to the scale of {@code expected}).
     *
     * @throws AssertionError naming the shape mismatch, or the worst element, its two values and the tolerance
     */
    public static void assertClose(Matrix expected, Matrix actual, double tol) {
        if (expected.rows() != actual.rows() || expected.cols() != actual.cols()) {
            throw new AssertionError("expected a " + expected.rows() + " x " + expected.cols()
                    + " matrix but got " + actual.rows() + " x " + actual.cols());
        }
        double scale = 1.0;
        for (double v : expected.data()) {
            scale = Math.max(scale, Math.abs(v));
        }
        double allowed = tol * scale;
        int worst = -1;
        double worstDiff = 0.0;
        double[] e = expected.data();
        double[] a = actual.data();
        for (int k = 0; k < e.length; k++) {
            double diff = Math.abs(e[k] - a[k]);
            if (Double.isNaN(diff)) {
                diff = Double.POSITIVE_INFINITY;
            }
            if (diff > worstDiff) {
                worst = k;
                worstDiff = diff;
            }
        }
        if (worstDiff > allowed) {
            int rows = Math.max(1, expected.rows());
            throw new AssertionError(String.format(
                    "%d x %d matrices differ: element (%d, %d) expected %.17g but was %.17g (|difference| %.3g > "
                            + "allowed %.3g = tol %.3g x scale %.3g)",
                    expected.rows(), expected.cols(), worst % rows, worst / rows, e[worst], a[worst], worstDiff,
                    allowed, tol, scale));
        }
    }
}
