package org.okl.linalg;

import java.util.Arrays;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/** Shape checks and O(n^2) array passes shared by the back-ends. */
final class Dense {

    /** Square blocks for the cache-friendly triangle mirror. */
    private static final int BLOCK = 64;

    private Dense() {
    }

    static void requireSquare(String operation, Matrix m) {
        if (m.rows() != m.cols()) {
            throw new IllegalArgumentException(
                    operation + ": matrix must be square, got " + m.rows() + " x " + m.cols());
        }
    }

    static void requireRows(String operation, Matrix square, Matrix rhs) {
        if (rhs.rows() != square.rows()) {
            throw new IllegalArgumentException(operation + ": right-hand side has " + rhs.rows()
                    + " rows, the " + square.rows() + " x " + square.cols() + " matrix needs " + square.rows());
        }
    }

    static void requireGemmShapes(Matrix a, boolean transA, Matrix b, boolean transB, Matrix c) {
        int m = transA ? a.cols() : a.rows();
        int k = transA ? a.rows() : a.cols();
        int kb = transB ? b.cols() : b.rows();
        int n = transB ? b.rows() : b.cols();
        if (k != kb || c.rows() != m || c.cols() != n) {
            throw new IllegalArgumentException("gemm: cannot compute a " + c.rows() + " x " + c.cols() + " product from "
                    + m + " x " + k + " (A" + (transA ? "^T" : "") + ") times " + kb + " x " + n
                    + " (B" + (transB ? "^T" : "") + ")");
        }
    }

    /**
     * A copy of a square column-major array with n spare entries at the end: netlib's Java BLAS and LAPACK check that
     * a sub-matrix's last column has lda entries, which trailing sub-matrices of a square array do not.
     */
    static double[] paddedCopy(double[] square, int n) {
        return Arrays.copyOf(square, n * n + n);
    }

    /** The leading dimension LAPACK expects for a column-major array with the given number of rows. */
    static int ld(int rows) {
        return Math.max(1, rows);
    }

    /** Copies the lower triangle of a square column-major array onto its upper triangle, in place. */
    static void mirrorLowerToUpper(double[] a, int n) {
        mirrorLowerToUpper(a, 0, n, n);
    }

    /** The same for the n x n block at the given offset of an array with leading dimension ld. */
    static void mirrorLowerToUpper(double[] a, int offset, int ld, int n) {
        for (int jb = 0; jb < n; jb += BLOCK) {
            int jEnd = Math.min(n, jb + BLOCK);
            for (int ib = jb; ib < n; ib += BLOCK) {
                int iEnd = Math.min(n, ib + BLOCK);
                for (int j = jb; j < jEnd; j++) {
                    for (int i = Math.max(ib, j + 1); i < iEnd; i++) {
                        a[offset + j + i * ld] = a[offset + i + j * ld];
                    }
                }
            }
        }
    }

    /** Sets the strict upper triangle of a square column-major array to zero, in place. */
    static void zeroUpper(double[] a, int n) {
        for (int j = 1; j < n; j++) {
            Arrays.fill(a, j * n, j * n + j, 0.0);
        }
    }

    /** Sets the entries below the first subdiagonal of a square column-major array to zero, in place. */
    static void zeroBelowSubdiagonal(double[] a, int n) {
        for (int j = 0; j + 2 < n; j++) {
            Arrays.fill(a, j * n + j + 2, (j + 1) * n, 0.0);
        }
    }

    /**
     * Reorders an eigendecomposition with increasing eigenvalues (LAPACK's order) to decreasing order, in place.
     *
     * @param values  n eigenvalues, increasing
     * @param vectors column-major n x n eigenvectors matching {@code values}
     */
    static SymmetricEigen reverseIncreasing(double[] values, double[] vectors, int n) {
        double[] column = new double[n];
        for (int lo = 0, hi = n - 1; lo < hi; lo++, hi--) {
            double v = values[lo];
            values[lo] = values[hi];
            values[hi] = v;
            System.arraycopy(vectors, lo * n, column, 0, n);
            System.arraycopy(vectors, hi * n, vectors, lo * n, n);
            System.arraycopy(column, 0, vectors, hi * n, n);
        }
        return new SymmetricEigen(values, new Matrix(n, n, vectors));
    }

    /** Whether the diagonal of a square matrix is finite and strictly positive (a usable Cholesky factor). */
    static boolean positiveFiniteDiagonal(double[] a, int n) {
        for (int i = 0; i < n; i++) {
            double d = a[i + i * n];
            if (!(d > 0.0) || !Double.isFinite(d)) {
                return false;
            }
        }
        return true;
    }

    /** Throws when a triangular matrix has an exact zero on its diagonal. */
    static void requireNonsingularTriangular(Matrix t) {
        int n = t.rows();
        double[] a = t.data();
        for (int i = 0; i < n; i++) {
            if (a[i + i * n] == 0.0) {
                throw new IllegalArgumentException(
                        "triangular matrix is singular: diagonal element " + i + " is zero");
            }
        }
    }

    /** The given array, or a copy of it when it is the output array {@code c} (BLAS forbids aliasing). */
    static double[] unaliased(double[] input, double[] c) {
        return input == c ? input.clone() : input;
    }

    /** Multiplies every element by beta in place; beta = 0 clears NaN and infinity too (BLAS semantics). */
    static void scale(double[] c, double beta) {
        if (beta == 0.0) {
            Arrays.fill(c, 0.0);
        } else if (beta != 1.0) {
            for (int i = 0; i < c.length; i++) {
                c[i] *= beta;
            }
        }
    }

    /**
     * Checks that C is n x n for a rank-k update of order n, and does the update when it is trivial (n = 0, or k = 0
     * or alpha = 0: C := beta·C).
     *
     * @return whether the update is done
     */
    static boolean trivialRankUpdate(int n, int k, double alpha, double beta, Matrix c) {
        if (c.rows() != n || c.cols() != n) {
            throw new IllegalArgumentException("symmetricRankUpdate: C is " + c.rows() + " x " + c.cols()
                    + ", expected " + n + " x " + n);
        }
        if (n > 0 && (k == 0 || alpha == 0.0)) {
            scale(c.data(), beta);
        }
        return n == 0 || k == 0 || alpha == 0.0;
    }
}
