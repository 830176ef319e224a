package org.okl.solvers.manifold;

import org.okl.api.linalg.Matrix;

/**
 * Solves shifted upper Hessenberg systems {@code (scale·H + shift·I) X = B} by Gaussian elimination with partial
 * pivoting, in O(N^2) for the elimination plus O(N^2) per right-hand side: step 4 of the Hessenberg-Schur Sylvester
 * solver (Golub, Nash and Van Loan 1979). At elimination step k only rows k and k+1 hold a
 * non-zero in column k, so the pivot is chosen between those two rows.
 */
public final class HessenbergSolver {

    private HessenbergSolver() {
    }

    /**
     * Solves {@code (scale·H + shift·I) X = B}.
     *
     * @param h     upper Hessenberg N x N (entries below the first subdiagonal are ignored)
     * @param scale the factor of H
     * @param shift the multiple of the identity added
     * @param b     right-hand sides (N x m)
     * @return X (N x m), a new matrix
     * @throws ArithmeticException when the shifted matrix is singular (a zero pivot)
     */
    public static Matrix solve(Matrix h, double scale, double shift, Matrix b) {
        int n = h.rows();
        if (h.cols() != n || b.rows() != n) {
            throw new IllegalArgumentException("need a square H and matching right-hand sides, got " + h.rows() + " x "
                    + h.cols() + " and " + b.rows() + " x " + b.cols());
        }
        int m = b.cols();
        double[] a = shiftedRowMajor(h, scale, shift);
        double[] x = b.transpose().data();
        for (int k = 0; k < n - 1; k++) {
            int rowK = k * n;
            int rowNext = rowK + n;
            if (Math.abs(a[rowNext + k]) > Math.abs(a[rowK + k])) {
                swap(a, rowK + k, rowNext + k, n - k);
                swap(x, k * m, (k + 1) * m, m);
            }
            double pivot = a[rowK + k];
            if (pivot == 0) {
                throw new ArithmeticException("singular shifted Hessenberg system (zero pivot at column " + k + ")");
            }
            double multiplier = a[rowNext + k] / pivot;
            if (multiplier != 0) {
                a[rowNext + k] = 0;
                for (int j = k + 1; j < n; j++) {
                    a[rowNext + j] -= multiplier * a[rowK + j];
                }
                int xk = k * m;
                int xNext = xk + m;
                for (int c = 0; c < m; c++) {
                    x[xNext + c] -= multiplier * x[xk + c];
                }
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            int row = i * n;
            int xi = i * m;
            for (int j = i + 1; j < n; j++) {
                double aij = a[row + j];
                if (aij != 0) {
                    int xj = j * m;
                    for (int c = 0; c < m; c++) {
                        x[xi + c] -= aij * x[xj + c];
                    }
                }
            }
            double diagonal = a[row + i];
            if (diagonal == 0) {
                throw new ArithmeticException("singular shifted Hessenberg system (zero pivot at column " + i + ")");
            }
            for (int c = 0; c < m; c++) {
                x[xi + c] /= diagonal;
            }
        }
        return new Matrix(m, n, x).transpose();
    }

    private static double[] shiftedRowMajor(Matrix h, double scale, double shift) {
        int n = h.rows();
        double[] src = h.data();
        double[] a = new double[n * n];
        for (int j = 0; j < n; j++) {
            int last = Math.min(j + 1, n - 1);
            for (int i = 0; i <= last; i++) {
                a[i * n + j] = scale * src[i + j * n];
            }
            a[j * n + j] += shift;
        }
        return a;
    }

    private static void swap(double[] v, int from, int to, int count) {
        for (int c = 0; c < count; c++) {
            double t = v[from + c];
            v[from + c] = v[to + c];
            v[to + c] = t;
        }
    }
}
