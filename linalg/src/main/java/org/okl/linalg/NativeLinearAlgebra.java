package org.okl.linalg;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.lapack.LAPACK;
import java.util.Arrays;
import java.util.Optional;
import org.netlib.util.intW;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.linalg.parallel.BlasThreads;

/**
 * The native back-end: BLAS and LAPACK (OpenBLAS on a standard Linux install) called through netlib's JNI bindings.
 * {@link Matrix} is column-major, as Fortran expects, so arrays are handed over without transposing; inputs are
 * copied only where LAPACK overwrites its argument. Each call says its size in floating-point operations to
 * {@link BlasThreads#call}, which runs the small ones on one BLAS thread.
 */
final class NativeLinearAlgebra extends BlasBackEnd {

    private final BLAS blas;
    private final LAPACK lapack;
    private final String description;

    NativeLinearAlgebra(BLAS blas, LAPACK lapack, String description) {
        this.blas = blas;
        this.lapack = lapack;
        this.description = description;
    }

    /** The BLAS, for calls on sub-matrices ({@link TiledProducts}). */
    BLAS blas() {
        return blas;
    }

    @Override
    public String name() {
        return "native";
    }

    @Override
    public String description() {
        return description;
    }

    /**
     * OpenBLAS's build configuration, file and kernels when the process loaded OpenBLAS, else the libraries as
     * {@link #description()} names them.
     */
    @Override
    BlasLibrary blasLibrary() {
        return BlasThreads.library().map(path -> {
            String config = BlasThreads.ask("openblas_get_config");
            return new BlasLibrary(config.isEmpty() ? path : config + " (" + path + ")",
                    BlasThreads.ask("openblas_get_corename"));
        }).orElseGet(() -> new BlasLibrary(description, ""));
    }

    @Override
    void product(boolean transA, boolean transB, int m, int n, int k, double alpha, double[] a, int lda, double[] b,
            int ldb, double beta, double[] c) {
        BlasThreads.run(2.0 * m * n * k, () -> blas.dgemm(transA ? "T" : "N", transB ? "T" : "N", m, n, k, alpha, a,
                lda, b, ldb, beta, c, Dense.ld(m)));
    }

    /** {@code dsyrk} on the lower triangle. */
    @Override
    void rankUpdate(double alpha, Matrix a, boolean transpose, int n, int k, double beta, Matrix c) {
        double[] ad = Dense.unaliased(a.data(), c.data());
        BlasThreads.run((double) n * n * k, () -> blas.dsyrk("L", transpose ? "T" : "N", n, k, alpha, ad,
                Dense.ld(a.rows()), beta, c.data(), Dense.ld(n)));
    }

    @Override
    Matrix gram(Matrix a, boolean transpose) {
        int n = transpose ? a.cols() : a.rows();
        int k = transpose ? a.rows() : a.cols();
        Matrix c = Matrix.zeros(n, n);
        if (n == 0 || k == 0) {
            return c;
        }
        BlasThreads.run((double) n * n * k, () -> blas.dsyrk("L", transpose ? "T" : "N", n, k, 1.0, a.data(),
                Dense.ld(a.rows()), 0.0, c.data(), n));
        Dense.mirrorLowerToUpper(c.data(), n);
        return c;
    }

    @Override
    public SymmetricEigen eigenSymmetric(Matrix symmetric) {
        Dense.requireSquare("eigenSymmetric", symmetric);
        int n = symmetric.rows();
        double[] v = symmetric.data().clone();
        double[] w = new double[n];
        if (n == 0) {
            return new SymmetricEigen(w, symmetric.copy());
        }
        NonFiniteMatrixException.requireFiniteLower("eigenSymmetric", v, n);
        intW info = new intW(0);
        double[] workSize = new double[1];
        int[] iworkSize = new int[1];
        lapack.dsyevd("V", "L", n, v, n, w, workSize, -1, iworkSize, -1, info);
        check("dsyevd (workspace query)", info);
        double[] work = new double[Math.max(1, (int) workSize[0])];
        int[] iwork = new int[Math.max(1, iworkSize[0])];
        BlasThreads.run(9.0 * n * n * n, () -> lapack.dsyevd("V", "L", n, v, n, w, work, work.length, iwork,
                iwork.length, info));
        if (info.val > 0) {
            throw new ArithmeticException("eigenSymmetric: dsyevd failed to converge (info=" + info.val
                    + "); the matrix probably contains NaN or infinite values");
        }
        check("dsyevd", info);
        return Dense.reverseIncreasing(w, v, n);
    }

    @Override
    public Optional<Matrix> cholesky(Matrix symmetricPositiveDefinite) {
        Dense.requireSquare("cholesky", symmetricPositiveDefinite);
        int n = symmetricPositiveDefinite.rows();
        double[] l = symmetricPositiveDefinite.data().clone();
        NonFiniteMatrixException.requireFiniteLower("cholesky", l, n);
        intW info = new intW(0);
        BlasThreads.run(n * (double) n * n / 3.0, () -> lapack.dpotrf("L", n, l, Dense.ld(n), info));
        if (info.val > 0) {
            return Optional.empty();
        }
        check("dpotrf", info);
        if (!Dense.positiveFiniteDiagonal(l, n)) {
            return Optional.empty();
        }
        Dense.zeroUpper(l, n);
        return Optional.of(new Matrix(n, n, l));
    }

    @Override
    public Matrix choleskySolve(Matrix lower, Matrix b) {
        Dense.requireSquare("choleskySolve", lower);
        Dense.requireRows("choleskySolve", lower, b);
        Dense.requireNonsingularTriangular(lower);
        int n = lower.rows();
        Matrix x = b.copy();
        if (n == 0 || b.cols() == 0) {
            return x;
        }
        intW info = new intW(0);
        BlasThreads.run(2.0 * n * n * b.cols(), () -> lapack.dpotrs("L", n, b.cols(), lower.data(), n, x.data(), n,
                info));
        check("dpotrs", info);
        return x;
    }

    @Override
    public Matrix triangularSolve(Matrix t, boolean lower, boolean transpose, Matrix b) {
        Dense.requireSquare("triangularSolve", t);
        Dense.requireRows("triangularSolve", t, b);
        int n = t.rows();
        Matrix x = b.copy();
        if (n == 0 || b.cols() == 0) {
            return x;
        }
        intW info = new intW(0);
        BlasThreads.run((double) n * n * b.cols(), () -> lapack.dtrtrs(lower ? "L" : "U", transpose ? "T" : "N", "N",
                n, b.cols(), t.data(), n, x.data(), n, info));
        if (info.val > 0) {
            throw new IllegalArgumentException(
                    "triangular matrix is singular: diagonal element " + (info.val - 1) + " is zero");
        }
        check("dtrtrs", info);
        return x;
    }

    @Override
    public Matrix solve(Matrix a, Matrix b) {
        Dense.requireSquare("solve", a);
        Dense.requireRows("solve", a, b);
        int n = a.rows();
        Matrix x = b.copy();
        if (n == 0 || b.cols() == 0) {
            return x;
        }
        double[] lu = a.data().clone();
        intW info = new intW(0);
        // OpenBLAS's dgetrf needs a deeper stack than Java threads have by default (see LargeStackExecutor)
        double flops = 2.0 * n * n * n / 3.0 + 2.0 * n * n * b.cols();
        LargeStackExecutor.call(() -> BlasThreads.call(flops, () -> {
            lapack.dgesv(n, b.cols(), lu, n, new int[n], x.data(), n, info);
            return null;
        }));
        if (info.val > 0) {
            throw new IllegalArgumentException("matrix is singular: LU pivot " + (info.val - 1) + " is exactly zero");
        }
        check("dgesv", info);
        return x;
    }

    @Override
    public Matrix orthonormalBasis(Matrix a) {
        int m = a.rows();
        int n = a.cols();
        int k = Math.min(m, n);
        if (k == 0) {
            return Matrix.zeros(m, 0);
        }
        double[] q = a.data().clone();
        double[] tau = new double[k];
        intW info = new intW(0);
        double[] workSize = new double[1];
        lapack.dgeqrf(m, n, q, m, tau, workSize, -1, info);
        check("dgeqrf (workspace query)", info);
        double[] first = new double[Math.max(1, (int) workSize[0])];
        double flops = 2.0 * m * n * k;
        BlasThreads.run(flops, () -> lapack.dgeqrf(m, n, q, m, tau, first, first.length, info));
        check("dgeqrf", info);
        lapack.dorgqr(m, k, k, q, m, tau, workSize, -1, info);
        check("dorgqr (workspace query)", info);
        double[] work = workSize[0] > first.length ? new double[(int) workSize[0]] : first;
        BlasThreads.run(flops, () -> lapack.dorgqr(m, k, k, q, m, tau, work, work.length, info));
        check("dorgqr", info);
        return new Matrix(m, k, k == n ? q : Arrays.copyOf(q, m * k));
    }

    @Override
    public HessenbergForm hessenberg(Matrix square) {
        Dense.requireSquare("hessenberg", square);
        int n = square.rows();
        if (n == 0) {
            return new HessenbergForm(Matrix.zeros(0, 0), Matrix.zeros(0, 0));
        }
        double[] h = square.data().clone();
        double[] tau = new double[Math.max(1, n - 1)];
        intW info = new intW(0);
        double[] workSize = new double[1];
        lapack.dgehrd(n, 1, n, h, n, tau, workSize, -1, info);
        check("dgehrd (workspace query)", info);
        double[] first = new double[Math.max(1, (int) workSize[0])];
        double cube = (double) n * n * n;
        BlasThreads.run(10.0 * cube / 3.0, () -> lapack.dgehrd(n, 1, n, h, n, tau, first, first.length, info));
        check("dgehrd", info);
        double[] q = h.clone();
        lapack.dorghr(n, 1, n, q, n, tau, workSize, -1, info);
        check("dorghr (workspace query)", info);
        double[] work = workSize[0] > first.length ? new double[(int) workSize[0]] : first;
        BlasThreads.run(4.0 * cube / 3.0, () -> lapack.dorghr(n, 1, n, q, n, tau, work, work.length, info));
        check("dorghr", info);
        Dense.zeroBelowSubdiagonal(h, n);
        return new HessenbergForm(new Matrix(n, n, q), new Matrix(n, n, h));
    }

    @Override
    public TridiagonalForm tridiagonal(Matrix symmetric) {
        return HouseholderTridiagonal.reduce(lapack, symmetric);
    }

    @Override
    public Matrix solveTridiagonal(double[] sub, double[] diagonal, double[] sup, Matrix b) {
        return TridiagonalSolve.solve(lapack, sub, diagonal, sup, b);
    }

    static void check(String routine, intW info) {
        if (info.val != 0) {
            throw new IllegalStateException(routine + " failed with info=" + info.val
                    + (info.val < 0 ? " (illegal value of argument " + (-info.val) + ")" : ""));
        }
    }
}
