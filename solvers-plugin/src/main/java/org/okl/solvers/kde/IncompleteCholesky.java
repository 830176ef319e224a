package org.okl.solvers.kde;

import java.util.Arrays;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * Pivoted incomplete Cholesky decomposition of a positive semi-definite matrix, {@code M ≈ G G^T} with G (n x r),
 * r at most a given rank (Bach and Jordan 2002). It reads the diagonal and only the r pivot
 * columns of M, so a kernel Gram matrix is never formed: O(n r^2) time, O(n r) memory, r kernel columns.
 *
 * <p>Stopping rule: after r = {@code maxRank} columns, or when the remaining trace {@code sum_i d_i} (the trace of
 * {@code M - G G^T}) is at most {@code tolerance}, or when the largest remaining pivot is at the round-off floor
 * {@code n · 2^-52 · max_i M_ii} (the matrix has no further numerical rank).
 */
public final class IncompleteCholesky {
    private static final double ROUND_OFF = 0x1.0p-52;

    /** The part of a positive semi-definite matrix the decomposition reads: its diagonal and single columns. */
    public interface Columns {

        /** The size n of the matrix. */
        int size();

        /** The diagonal, as a new array. */
        double[] diagonal();

        /** Column j, as a new array or a read-only view of length n. */
        double[] column(int j);
    }

    /**
     * The result {@code M ≈ G G^T}.
     *
     * @param factor G (n x r)
     * @param pivots the row chosen at each step (length r)
     */
    public record Factor(Matrix factor, int[] pivots) {

        /** The rank r reached. */
        public int rank() {
            return pivots.length;
        }
    }

    private IncompleteCholesky() {
    }

    /** The columns of a matrix held in memory (for example an output Gram). */
    public static Columns of(Matrix symmetric) {
        if (symmetric.rows() != symmetric.cols()) {
            throw new IllegalArgumentException(
                    "incomplete Cholesky needs a square matrix, got " + symmetric.rows() + " x " + symmetric.cols());
        }
        return new Columns() {
            @Override
            public int size() {
                return symmetric.rows();
            }

            @Override
            public double[] diagonal() {
                return symmetric.diagonalValues();
            }

            @Override
            public double[] column(int j) {
                return symmetric.columnValues(j);
            }
        };
    }

    /**
     * The columns of the linear Gram {@code Y Y^T} of the rows of Y (n x d), computed one at a time without forming
     * the n x n matrix.
     */
    public static Columns ofRows(Matrix y, LinearAlgebra linearAlgebra) {
        return new Columns() {
            @Override
            public int size() {
                return y.rows();
            }

            @Override
            public double[] diagonal() {
                double[] d = new double[y.rows()];
                double[] v = y.data();
                int n = y.rows();
                for (int c = 0; c < y.cols(); c++) {
                    int off = c * n;
                    for (int i = 0; i < n; i++) {
                        d[i] += v[off + i] * v[off + i];
                    }
                }
                return d;
            }

            @Override
            public double[] column(int j) {
                return linearAlgebra.multiply(y, false, y.selectRows(new int[] {j}), true).data();
            }
        };
    }

    /** The columns of the Gram matrix {@code k(X, X)} of a kernel, computed one at a time. */
    public static Columns of(VectorKernel kernel, Matrix inputs) {
        return new Columns() {
            @Override
            public int size() {
                return inputs.rows();
            }

            @Override
            public double[] diagonal() {
                return kernel.diagonal(inputs);
            }

            @Override
            public double[] column(int j) {
                return kernel.gram(inputs, inputs.selectRows(new int[] {j})).data();
            }
        };
    }

    /**
     * Decomposes {@code M ≈ G G^T}.
     *
     * @param source    the diagonal and columns of M
     * @param maxRank   the largest rank r (capped at n)
     * @param tolerance stop once the trace of the residual {@code M - G G^T} is at most this (0: only the rank and
     *                  the round-off floor stop)
     */
    public static Factor factor(Columns source, int maxRank, double tolerance) {
        if (maxRank < 1) {
            throw new IllegalArgumentException("incomplete Cholesky rank must be >= 1, got " + maxRank);
        }
        if (!(tolerance >= 0)) {
            throw new IllegalArgumentException("incomplete Cholesky tolerance must be >= 0, got " + tolerance);
        }
        int n = source.size();
        int m = Math.min(maxRank, n);
        double[] d = source.diagonal();
        double maxDiagonal = 0;
        for (double v : d) {
            maxDiagonal = Math.max(maxDiagonal, v);
        }
        double floor = n * ROUND_OFF * maxDiagonal;
        double[] g = new double[n * m];
        int[] pivots = new int[m];
        int r = 0;
        while (r < m) {
            int best = -1;
            double bestValue = Double.NEGATIVE_INFINITY;
            double trace = 0;
            for (int i = 0; i < n; i++) {
                trace += Math.max(d[i], 0);
                if (d[i] > bestValue) {
                    bestValue = d[i];
                    best = i;
                }
            }
            if (trace <= tolerance || bestValue <= floor) {
                break;
            }
            double[] column = source.column(best);
            int out = r * n;
            for (int i = 0; i < n; i++) {
                g[out + i] = column[i];
            }
            for (int q = 0; q < r; q++) {
                double gq = g[best + q * n];
                int off = q * n;
                for (int i = 0; i < n; i++) {
                    g[out + i] -= g[off + i] * gq;
                }
            }
            double scale = 1.0 / Math.sqrt(bestValue);
            for (int i = 0; i < n; i++) {
                double v = g[out + i] * scale;
                g[out + i] = v;
                d[i] -= v * v;
            }
            d[best] = 0;
            pivots[r] = best;
            r++;
        }
        double[] kept = r == m ? g : Arrays.copyOf(g, n * r);
        return new Factor(new Matrix(n, r, kept), Arrays.copyOf(pivots, r));
    }
}
