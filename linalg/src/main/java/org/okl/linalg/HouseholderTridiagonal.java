package org.okl.linalg;

import dev.ludovic.netlib.lapack.LAPACK;
import org.netlib.util.intW;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.parallel.BlasThreads;

/**
 * A tridiagonal form in LAPACK's dsytrd layout, Q kept as the n - 1 Householder reflectors below the subdiagonal:
 * applying Q or Q^T to an n x m block costs about 2·n²·m flops and never forms Q. The native back-end reduces with
 * its JNI LAPACK ({@link #reduce}) and applies Q with dormtr; the pure-Java back-end builds the same layout with
 * {@link JavaTridiagonal} and applies Q with its own block reflectors.
 */
final class HouseholderTridiagonal implements TridiagonalForm {

    /** Applies Q (or Q^T) in place to the n x m column-major block c, from the reflectors and their scalars. */
    @FunctionalInterface
    interface ReflectorProduct {
        void apply(int n, double[] reflectors, double[] tau, double[] c, int m, boolean transpose);
    }

    private final ReflectorProduct product;
    private final int n;
    private final double[] reflectors;
    private final double[] tau;
    private final double[] diagonal;
    private final double[] offDiagonal;

    HouseholderTridiagonal(ReflectorProduct product, int n, double[] reflectors, double[] tau, double[] diagonal,
            double[] offDiagonal) {
        this.product = product;
        this.n = n;
        this.reflectors = reflectors;
        this.tau = tau;
        this.diagonal = diagonal;
        this.offDiagonal = offDiagonal;
    }

    /**
     * Reduces the lower triangle of a square symmetric matrix with LAPACK's dsytrd (the matrix is not modified); Q
     * is applied with dormtr.
     */
    static HouseholderTridiagonal reduce(LAPACK lapack, Matrix symmetric) {
        Dense.requireSquare("tridiagonal", symmetric);
        int n = symmetric.rows();
        ReflectorProduct dormtr = (size, reflectors, tau, c, m, transpose) ->
                dormtr(lapack, size, reflectors, tau, c, m, transpose);
        if (n == 0) {
            return new HouseholderTridiagonal(dormtr, 0, new double[0], new double[0], new double[0], new double[0]);
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
        BlasThreads.run(4.0 * n * n * n / 3.0, () -> lapack.dsytrd("L", n, a, n, d, e, tau, work, work.length, info));
        NativeLinearAlgebra.check("dsytrd", info);
        return new HouseholderTridiagonal(dormtr, n, a, tau, d, java.util.Arrays.copyOf(e, n - 1));
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
        product.apply(n, reflectors, tau, c.data(), m, transpose);
        return c;
    }

    private static void dormtr(LAPACK lapack, int n, double[] reflectors, double[] tau, double[] c, int m,
            boolean transpose) {
        String trans = transpose ? "T" : "N";
        intW info = new intW(0);
        double[] workSize = new double[1];
        lapack.dormtr("L", "L", trans, n, m, reflectors, n, tau, c, n, workSize, -1, info);
        NativeLinearAlgebra.check("dormtr (workspace query)", info);
        double[] work = new double[Math.max(1, (int) workSize[0])];
        BlasThreads.run(2.0 * n * n * m, () -> lapack.dormtr("L", "L", trans, n, m, reflectors, n, tau, c, n, work,
                work.length, info));
        NativeLinearAlgebra.check("dormtr", info);
    }
}
