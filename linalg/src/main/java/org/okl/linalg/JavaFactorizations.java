package org.okl.linalg;

import dev.ludovic.netlib.lapack.LAPACK;
import java.util.Arrays;
import java.util.Optional;
import org.netlib.util.intW;
import org.okl.api.linalg.Matrix;

/**
 * LU and Cholesky for the pure-Java back-end: LAPACK's right-looking blocked dgetrf and dpotrf with their trailing
 * updates (nearly all the flops) as {@link ParallelBlas} gemm on all cores; the unblocked panel factorizations
 * (dgetf2, dpotf2) and row interchanges (dlaswp) are the reference LAPACK's, the block triangular solves netlib's
 * Java dtrsm.
 */
final class JavaFactorizations {
    /** Panel width. */
    static final int BLOCK = 64;

    private JavaFactorizations() {
    }

    /**
     * The lower Cholesky factor of the lower triangle of a square matrix (the matrix is not modified; the factor's
     * upper triangle is zero), or empty when the matrix is not positive definite.
     */
    static Optional<Matrix> cholesky(LAPACK lapack, ParallelBlas blas, Matrix symmetric) {
        int n = symmetric.rows();
        double[] l = Dense.paddedCopy(symmetric.data(), n);
        intW info = new intW(0);
        for (int j = 0; j < n; j += BLOCK) {
            int width = Math.min(BLOCK, n - j);
            int diagonal = j + j * n;
            lapack.dpotf2("L", width, l, diagonal, n, info);
            if (info.val > 0) {
                return Optional.empty();
            }
            NativeLinearAlgebra.check("dpotf2", info);
            int below = n - j - width;
            if (below > 0) {
                int panel = j + width + j * n;
                blas.blas().dtrsm("R", "L", "T", "N", below, width, 1.0, l, diagonal, n, l, panel, n);
                blas.lowerRankUpdate(below, width, -1.0, l, panel, n, l, panel, n, l, panel + width * n, n);
            }
        }
        if (!Dense.positiveFiniteDiagonal(l, n)) {
            return Optional.empty();
        }
        Dense.zeroUpper(l, n);
        return Optional.of(new Matrix(n, n, Arrays.copyOf(l, n * n)));
    }

    /**
     * The solution of A·X = B by LU with partial pivoting (dgesv).
     *
     * @throws IllegalArgumentException if a pivot is exactly zero
     */
    static Matrix solve(LAPACK lapack, ParallelBlas blas, Matrix a, Matrix b) {
        int n = a.rows();
        double[] lu = Dense.paddedCopy(a.data(), n);
        int[] pivots = new int[n];
        factorLu(lapack, blas, lu, n, pivots);
        Matrix x = b.copy();
        int columns = b.cols();
        lapack.dlaswp(columns, x.data(), 0, n, 1, n, pivots, 0, 1);
        blas.blas().dtrsm("L", "L", "N", "U", n, columns, 1.0, lu, 0, n, x.data(), 0, n);
        blas.blas().dtrsm("L", "U", "N", "N", n, columns, 1.0, lu, 0, n, x.data(), 0, n);
        return x;
    }

    /** dgetrf on the n x n array in place; pivots are 1-based, as LAPACK's. */
    private static void factorLu(LAPACK lapack, ParallelBlas blas, double[] a, int n, int[] pivots) {
        intW info = new intW(0);
        for (int j = 0; j < n; j += BLOCK) {
            int width = Math.min(BLOCK, n - j);
            lapack.dgetf2(n - j, width, a, j + j * n, n, pivots, j, info);
            if (info.val > 0) {
                throw new IllegalArgumentException("matrix is singular: LU pivot " + (j + info.val - 1)
                        + " is exactly zero");
            }
            NativeLinearAlgebra.check("dgetf2", info);
            for (int i = j; i < j + width; i++) {
                pivots[i] += j;
            }
            lapack.dlaswp(j, a, 0, n, j + 1, j + width, pivots, 0, 1);
            int right = n - j - width;
            if (right > 0) {
                int rightColumns = (j + width) * n;
                lapack.dlaswp(right, a, rightColumns, n, j + 1, j + width, pivots, 0, 1);
                blas.blas().dtrsm("L", "L", "N", "U", width, right, 1.0, a, j + j * n, n, a, j + rightColumns, n);
                blas.gemm(false, false, n - j - width, right, width, -1.0, a, j + width + j * n, n, a,
                        j + rightColumns, n, 1.0, a, j + width + rightColumns, n);
            }
        }
    }
}
