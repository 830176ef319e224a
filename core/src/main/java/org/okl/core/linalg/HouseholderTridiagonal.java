package org.okl.core.linalg;

import dev.ludovic.netlib.lapack.LAPACK;
import org.netlib.util.intW;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.TridiagonalForm;

/**
 * A tridiagonal form from LAPACK's dsytrd, Q kept as the n - 1 Householder reflectors dsytrd leaves below the
 * subdiagonal: applying Q or Q^T to an n x m block (dormtr) costs about 2·n²·m flops and never forms Q. Both
 * back-ends use it: the native one with its JNI LAPACK, the pure-Java one with netlib's Java translation of the
 * reference LAPACK (measured at n = 2000 about twice as fast as ojAlgo's tridiagonal decomposition, which also
 * forms Q explicitly).
 */
final class HouseholderTridiagonal implements TridiagonalForm {
    private final LAPACK lapack;
    private final int n;
    private final double[] reflectors;
    private final double[] tau;
    private final double[] diagonal;
    private final double[] offDiagonal;

    private HouseholderTridiagonal(LAPACK lapack, int n, double[] reflectors, double[] tau, double[] diagonal,
            double[] offDiagonal) {
        this.lapack = lapack;
        this.n = n;
        this.reflectors = reflectors;
        this.tau = tau;
        this.diagonal = diagonal;
        this.offDiagonal = offDiagonal;
    }

    /** Reduces the lower triangle of a square symmetric matrix (the matrix is not modified). */
    static HouseholderTridiagonal reduce(LAPACK lapack, Matrix symmetric) {
        Dense.requireSquare("tridiagonal", symmetric);
        int n = symmetric.rows();
        if (n == 0) {
            return new HouseholderTridiagonal(lapack, 0, new double[0], new double[0], new double[0], new double[0]);
        }
        double[] a = symmetric.data().clone();
        double[] d = new double[n];
        double[] e = new double[Math.max(n - 1, 1)];
        double[] tau = new double[Math.max(n - 1, 1)];
        intW info = new intW(0);
        double[] workSize = new double[1];
        lapack.dsytrd("L", n, a, n, d, e, tau, workSize, -1, info);
        NativeLinearAlgebra.check("dsytrd (workspace query)", info);
        double[] work = new double[Math.max(1, (int) workSize[0])];
        lapack.dsytrd("L", n, a, n, d, e, tau, work, work.length, info);
        NativeLinearAlgebra.check("dsytrd", info);
        return new HouseholderTridiagonal(lapack, n, a, tau, d, java.util.Arrays.copyOf(e, n - 1));
    }

    @Override
    public double[] diagonal() {
        return diagonal.clone();
    }

    @Override
    public double[] offDiagonal() {
        return offDiagonal.clone();
    }

    @Override
    public Matrix multiplyQ(Matrix b, boolean transpose) {
        if (b.rows() != n) {
            throw new IllegalArgumentException("multiplyQ: " + b.rows() + " rows, Q is " + n + " x " + n);
        }
        Matrix c = b.copy();
        int m = b.cols();
        if (n == 0 || m == 0) {
            return c;
        }
        String trans = transpose ? "T" : "N";
        intW info = new intW(0);
        double[] workSize = new double[1];
        lapack.dormtr("L", "L", trans, n, m, reflectors, n, tau, c.data(), n, workSize, -1, info);
        NativeLinearAlgebra.check("dormtr (workspace query)", info);
        double[] work = new double[Math.max(1, (int) workSize[0])];
        lapack.dormtr("L", "L", trans, n, m, reflectors, n, tau, c.data(), n, work, work.length, info);
        NativeLinearAlgebra.check("dormtr", info);
        return c;
    }
}
