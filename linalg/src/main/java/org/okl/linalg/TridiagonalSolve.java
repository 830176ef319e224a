package org.okl.linalg;

import dev.ludovic.netlib.lapack.LAPACK;
import java.util.Arrays;
import org.netlib.util.intW;
import org.okl.api.linalg.Matrix;

/**
 * Tridiagonal solves by LAPACK's dgtsv (Gaussian elimination with partial pivoting, O(n) per right-hand side), for
 * both back-ends: the native one passes its JNI LAPACK, the pure-Java one netlib's Java translation.
 */
final class TridiagonalSolve {

    private TridiagonalSolve() {
    }

    /** Checks that the diagonals and the right-hand sides of {@code T X = B} fit together. */
    static void requireShapes(double[] sub, double[] diagonal, double[] sup, Matrix b) {
        int n = diagonal.length;
        int off = Math.max(n - 1, 0);
        if (sub.length != off || sup.length != off || b.rows() != n) {
            throw new IllegalArgumentException("solveTridiagonal: a diagonal of length " + n + " needs off-diagonals "
                    + "of length " + off + " and " + n + " rows, got " + sub.length + ", " + sup.length + " and "
                    + b.rows());
        }
    }

    /** A new matrix X with {@code T X = B}; the inputs are not modified. */
    static Matrix solve(LAPACK lapack, double[] sub, double[] diagonal, double[] sup, Matrix b) {
        requireShapes(sub, diagonal, sup, b);
        int n = diagonal.length;
        int off = Math.max(n - 1, 0);
        Matrix x = b.copy();
        if (n == 0 || b.cols() == 0) {
            return x;
        }
        intW info = new intW(0);
        lapack.dgtsv(n, b.cols(), Arrays.copyOf(sub, Math.max(off, 1)), diagonal.clone(),
                Arrays.copyOf(sup, Math.max(off, 1)), x.data(), n, info);
        if (info.val > 0) {
            throw new IllegalArgumentException(
                    "tridiagonal matrix is singular: pivot " + (info.val - 1) + " is exactly zero");
        }
        NativeLinearAlgebra.check("dgtsv", info);
        return x;
    }
}
