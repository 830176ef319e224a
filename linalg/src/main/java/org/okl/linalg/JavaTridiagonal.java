package org.okl.linalg;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.lapack.LAPACK;
import java.util.Arrays;
import org.netlib.util.doubleW;
import org.netlib.util.intW;
import org.okl.api.linalg.Matrix;

/**
 * The tridiagonal reduction of the pure-Java back-end: LAPACK's blocked dsytrd (lower) with its BLAS work on all
 * cores through {@link ParallelBlas}. netlib's Java translation of the reference LAPACK calls its own one-core,
 * plain-loop BLAS, so the panel reduction (dlatrd) is ported here to call the fast BLAS; the matrix is kept
 * symmetric in full storage so that its symmetric matrix-vector products (half the flops and nearly all of the
 * memory traffic; bound by memory bandwidth, so one thread is as fast as two) may read whichever triangle netlib's
 * Java BLAS reads faster, and the rank-2·nb trailing updates and the block-reflector applications of Q (dormtr's
 * dlarfb) run as multithreaded gemm. Reflector generation (dlarfg), block-reflector factors (dlarft)
 * and the last small block (dsytd2) stay with the reference code. The result has dsytrd's layout and equals
 * dsytrd's to rounding.
 */
final class JavaTridiagonal {
    /** Panel width of the reduction and block size of Q's application. */
    static final int BLOCK = 64;
    /** Matrices up to this order are reduced unblocked (dsytrd's crossover). */
    static final int CROSSOVER = 128;

    private JavaTridiagonal() {
    }

    /** Reduces the lower triangle of a square symmetric matrix (the matrix is not modified). */
    static HouseholderTridiagonal reduce(LAPACK lapack, ParallelBlas blas, Matrix symmetric) {
        return reduce(lapack, blas, blas.fastSymmetricTriangle(), symmetric);
    }

    /** The same, the symmetric products reading the given triangle ("U" or "L") of the symmetrized copy. */
    static HouseholderTridiagonal reduce(LAPACK lapack, ParallelBlas blas, String productTriangle,
            Matrix symmetric) {
        Dense.requireSquare("tridiagonal", symmetric);
        int n = symmetric.rows();
        HouseholderTridiagonal.ReflectorProduct product = (size, reflectors, tau, c, m, transpose) ->
                applyQ(lapack, blas, size, reflectors, tau, c, m, transpose);
        if (n == 0) {
            return new HouseholderTridiagonal(product, 0, new double[0], new double[0], new double[0],
                    new double[0]);
        }
        double[] a = Dense.paddedCopy(symmetric.data(), n);
        double[] d = new double[n];
        double[] e = new double[Math.max(n - 1, 1)];
        double[] tau = new double[Math.max(n - 1, 1)];
        int p = 0;
        if (n > CROSSOVER) {
            Dense.mirrorLowerToUpper(a, n);
            double[] w = new double[n * BLOCK];
            for (; p < n - CROSSOVER; p += BLOCK) {
                reducePanel(lapack, blas.blas(), productTriangle, a, n, p, e, tau, w);
                updateTrailing(blas, a, n, p, w);
                for (int j = p; j < p + BLOCK; j++) {
                    a[j + 1 + j * n] = e[j];
                    d[j] = a[j + j * n];
                }
            }
        }
        intW info = new intW(0);
        lapack.dsytd2("L", n - p, a, p + p * n, n, d, p, e, p, tau, p, info);
        NativeLinearAlgebra.check("dsytd2", info);
        return new HouseholderTridiagonal(product, n, a, tau, d, Arrays.copyOf(e, n - 1));
    }

    /**
     * LAPACK's dlatrd (lower) on the panel of {@value #BLOCK} columns starting at p: reduces those columns, leaving
     * the reflectors in A (with A(c+1, c) = 1) and W (rows p..n-1, leading dimension n) such that the trailing matrix
     * is updated by A - V·W^T - W·V^T. A is symmetric in full storage below and right of p.
     */
    private static void reducePanel(LAPACK lapack, BLAS blas, String productTriangle, double[] a, int n, int p,
            double[] e, double[] tau, double[] w) {
        doubleW alpha = new doubleW(0.0);
        doubleW tauW = new doubleW(0.0);
        for (int j = 0; j < BLOCK; j++) {
            int c = p + j;
            int cc = c + c * n;
            if (j > 0) {
                // A(c:n, c) -= A(c:n, p:c)·W(c, 0:j)^T + W(c:n, 0:j)·A(c, p:c)^T
                blas.dgemv("N", n - c, j, -1.0, a, c + p * n, n, w, c - p, n, 1.0, a, cc, 1);
                blas.dgemv("N", n - c, j, -1.0, w, c - p, n, a, c + p * n, n, 1.0, a, cc, 1);
            }
            int below = n - c - 1;
            int v = cc + 1;
            alpha.val = a[v];
            lapack.dlarfg(below, alpha, a, Math.min(c + 2, n - 1) + c * n, 1, tauW);
            e[c] = alpha.val;
            tau[c] = tauW.val;
            a[v] = 1.0;
            int wj = c + 1 - p + j * n;
            blas.dsymv(productTriangle, below, 1.0, a, (c + 1) + (c + 1) * n, n, a, v, 1, 0.0, w, wj, 1);
            if (j > 0) {
                int scratch = j * n;
                blas.dgemv("T", below, j, 1.0, w, c + 1 - p, n, a, v, 1, 0.0, w, scratch, 1);
                blas.dgemv("N", below, j, -1.0, a, (c + 1) + p * n, n, w, scratch, 1, 1.0, w, wj, 1);
                blas.dgemv("T", below, j, 1.0, a, (c + 1) + p * n, n, a, v, 1, 0.0, w, scratch, 1);
                blas.dgemv("N", below, j, -1.0, w, c + 1 - p, n, w, scratch, 1, 1.0, w, wj, 1);
            }
            blas.dscal(below, tau[c], w, wj, 1);
            double correction = -0.5 * tau[c] * blas.ddot(below, w, wj, 1, a, v, 1);
            blas.daxpy(below, correction, a, v, 1, w, wj, 1);
        }
    }

    /**
     * A(i+b:n, i+b:n) := A - V·W^T - W·V^T (dsytrd's dsyr2k) on the lower triangle, then copied onto the upper one.
     */
    private static void updateTrailing(ParallelBlas blas, double[] a, int n, int i, double[] w) {
        int m = n - i - BLOCK;
        int v = i + BLOCK + i * n;
        int c = i + BLOCK + (i + BLOCK) * n;
        blas.lowerRankUpdate(m, BLOCK, -1.0, a, v, n, w, BLOCK, n, a, c, n);
        blas.lowerRankUpdate(m, BLOCK, -1.0, w, BLOCK, n, a, v, n, a, c, n);
        Dense.mirrorLowerToUpper(a, c, n, m);
    }

    /**
     * Applies Q or Q^T to the n x m block c in place, as dormtr("L", "L") does: Q = H(1)···H(n-1) acts on rows
     * 2..n, and each block of {@value #BLOCK} reflectors is applied as I - V·T·V^T (T from dlarft) with gemm calls.
     */
    private static void applyQ(LAPACK lapack, ParallelBlas gemm, int n, double[] reflectors, double[] tau, double[] c,
            int m, boolean transpose) {
        int k = n - 1;
        if (k <= 0 || m == 0) {
            return;
        }
        int blocks = (k + BLOCK - 1) / BLOCK;
        double[] t = new double[BLOCK * BLOCK];
        double[] v = new double[k * BLOCK];
        double[] z = new double[m * BLOCK];
        double[] y = new double[m * BLOCK];
        for (int step = 0; step < blocks; step++) {
            int block = transpose ? step : blocks - 1 - step;
            int i = block * BLOCK;
            int width = Math.min(BLOCK, k - i);
            int rows = k - i;
            int first = 1 + i + i * n;
            Arrays.fill(t, 0.0);
            lapack.dlarft("F", "C", rows, width, reflectors, first, n, tau, i, t, 0, BLOCK);
            unitLowerCopy(reflectors, first, n, rows, width, v);
            int cRows = 1 + i;
            // Z = C^T V (m x width), Y = Z T^T for H = I - V T V^T or Z T for H^T, C := C - V Y^T
            gemm.gemm(true, false, m, width, rows, 1.0, c, cRows, n, v, 0, rows, 0.0, z, 0, m);
            gemm.gemm(false, !transpose, m, width, width, 1.0, z, 0, m, t, 0, BLOCK, 0.0, y, 0, m);
            gemm.gemm(false, true, rows, m, width, -1.0, v, 0, rows, y, 0, m, 1.0, c, cRows, n);
        }
    }

    /** The rows x width reflector block as an explicit unit lower-trapezoidal matrix (leading dimension rows). */
    private static void unitLowerCopy(double[] reflectors, int first, int ld, int rows, int width, double[] v) {
        for (int j = 0; j < width; j++) {
            int column = j * rows;
            Arrays.fill(v, column, column + j, 0.0);
            v[column + j] = 1.0;
            System.arraycopy(reflectors, first + j + 1 + j * ld, v, column + j + 1, rows - j - 1);
        }
    }
}
