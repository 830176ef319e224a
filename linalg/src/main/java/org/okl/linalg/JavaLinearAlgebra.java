package org.okl.linalg;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.lapack.LAPACK;
import java.util.Arrays;
import java.util.Optional;
import org.netlib.util.intW;
import org.ojalgo.matrix.decomposition.Hessenberg;
import org.ojalgo.matrix.decomposition.QR;
import org.ojalgo.matrix.store.MatrixStore;
import org.ojalgo.matrix.store.R064Store;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.linalg.parallel.Workers;

/**
 * The pure-Java back-end, used when no native BLAS/LAPACK loads. Matrix products run on netlib's Java BLAS through
 * {@link ParallelBlas} (cache panels, all cores; its Vector API kernel when the JVM has
 * {@code --add-modules jdk.incubator.vector}), measured 2-8x faster than ojAlgo's; the tridiagonal reduction and
 * solves, the symmetric eigendecomposition, Cholesky and LU use netlib's Java translation of the reference LAPACK
 * with those products ({@link JavaTridiagonal}, {@link JavaFactorizations}); triangular solves use netlib's Java
 * BLAS; QR and Hessenberg decompositions use ojAlgo, the fastest pure-Java library measured for them.
 * Column-major {@link Matrix} arrays are wrapped as ojAlgo {@link R064Store}s without copying.
 */
final class JavaLinearAlgebra extends BlasBackEnd {

    private final LAPACK lapack;
    private final ParallelBlas products;

    JavaLinearAlgebra(BLAS javaBlas, LAPACK javaLapack, Workers workers) {
        this.lapack = javaLapack;
        this.products = new ParallelBlas(javaBlas, workers);
    }

    /** The products, for calls on sub-matrices ({@link TiledProducts}). */
    ParallelBlas products() {
        return products;
    }

    @Override
    public String name() {
        return "java";
    }

    @Override
    public String description() {
        return "java (ojAlgo " + ojAlgoVersion() + "; BLAS: netlib " + products.blas().getClass().getSimpleName()
                + " on " + products.threads() + " threads; reference LAPACK: netlib "
                + lapack.getClass().getSimpleName() + " " + NetlibLoader.version() + ")";
    }

    /** netlib's Java BLAS class (its Vector API kernels when {@code VectorBLAS}) and version; no kernel name. */
    @Override
    BlasLibrary blasLibrary() {
        return new BlasLibrary("netlib " + products.blas().getClass().getSimpleName() + " "
                + NetlibLoader.version(), "");
    }

    /** The product on the workers; with {@code alpha} 0, C scaled by beta without reading A and B. */
    @Override
    void product(boolean transA, boolean transB, int m, int n, int k, double alpha, double[] a, int lda, double[] b,
            int ldb, double beta, double[] c) {
        if (alpha == 0.0) {
            Dense.scale(c, beta);
            return;
        }
        products.gemm(transA, transB, m, n, k, alpha, a, 0, lda, b, 0, ldb, beta, c, 0, Dense.ld(m));
    }

    /**
     * The lower triangle by column strips of {@value ParallelBlas#LOWER_STRIP} (a gemm per strip on all cores), about
     * half the product's flops.
     */
    @Override
    void rankUpdate(double alpha, Matrix a, boolean transpose, int n, int k, double beta, Matrix c) {
        double[] cd = c.data();
        double[] ad = Dense.unaliased(a.data(), cd);
        int lda = Dense.ld(a.rows());
        for (int j = 0; j < n; j += ParallelBlas.LOWER_STRIP) {
            int cols = Math.min(ParallelBlas.LOWER_STRIP, n - j);
            int offset = transpose ? j * lda : j;
            products.gemm(transpose, !transpose, n - j, cols, k, alpha, ad, offset, lda, ad, offset, lda, beta, cd,
                    j + j * n, Dense.ld(n));
        }
    }

    @Override
    Matrix gram(Matrix a, boolean inner) {
        Matrix g = multiply(a, inner, a, !inner);
        Dense.mirrorLowerToUpper(g.data(), g.rows());
        return g;
    }

    /**
     * LAPACK's dsyevd route: the tridiagonal reduction of {@link JavaTridiagonal}, the reference divide and conquer
     * (dstedc) for T's eigenvectors, and Q applied to them as block reflectors. Measured at n = 4000 on two cores:
     * 30 s, against 84 s for ojAlgo's eigendecomposition, whose QL iterations run on one core.
     */
    @Override
    public SymmetricEigen eigenSymmetric(Matrix symmetric) {
        Dense.requireSquare("eigenSymmetric", symmetric);
        int n = symmetric.rows();
        if (n == 0) {
            return new SymmetricEigen(new double[0], Matrix.zeros(0, 0));
        }
        NonFiniteMatrixException.requireFiniteLower("eigenSymmetric", symmetric.data(), n);
        TridiagonalForm form = tridiagonal(symmetric);
        double[] values = form.diagonal();
        double[] offDiagonal = Arrays.copyOf(form.offDiagonal(), n);
        if (!allFinite(values) || !allFinite(offDiagonal)) {
            throw new ArithmeticException("eigenSymmetric: the lower triangle contains NaN or infinite values");
        }
        double[] z = new double[n * n];
        intW info = new intW(0);
        double[] workSize = new double[1];
        int[] iworkSize = new int[1];
        lapack.dstedc("I", n, values, offDiagonal, z, n, workSize, -1, iworkSize, -1, info);
        NativeLinearAlgebra.check("dstedc (workspace query)", info);
        double[] work = new double[Math.max(1, (int) workSize[0])];
        int[] iwork = new int[Math.max(1, iworkSize[0])];
        lapack.dstedc("I", n, values, offDiagonal, z, n, work, work.length, iwork, iwork.length, info);
        if (info.val > 0) {
            throw new ArithmeticException("eigenSymmetric: dstedc failed to converge (info=" + info.val + ")");
        }
        NativeLinearAlgebra.check("dstedc", info);
        Matrix vectors = form.multiplyQ(new Matrix(n, n, z), false);
        return Dense.reverseIncreasing(values, vectors.data(), n);
    }

    @Override
    public Optional<Matrix> cholesky(Matrix symmetricPositiveDefinite) {
        Dense.requireSquare("cholesky", symmetricPositiveDefinite);
        int n = symmetricPositiveDefinite.rows();
        if (n == 0) {
            return Optional.of(Matrix.zeros(0, 0));
        }
        NonFiniteMatrixException.requireFiniteLower("cholesky", symmetricPositiveDefinite.data(), n);
        return JavaFactorizations.cholesky(lapack, products, symmetricPositiveDefinite);
    }

    @Override
    public Matrix choleskySolve(Matrix lower, Matrix b) {
        Dense.requireSquare("choleskySolve", lower);
        Dense.requireRows("choleskySolve", lower, b);
        Dense.requireNonsingularTriangular(lower);
        Matrix x = b.copy();
        trsm(lower, true, false, x);
        trsm(lower, true, true, x);
        return x;
    }

    @Override
    public Matrix triangularSolve(Matrix t, boolean lower, boolean transpose, Matrix b) {
        Dense.requireSquare("triangularSolve", t);
        Dense.requireRows("triangularSolve", t, b);
        Dense.requireNonsingularTriangular(t);
        Matrix x = b.copy();
        trsm(t, lower, transpose, x);
        return x;
    }

    private void trsm(Matrix t, boolean lower, boolean transpose, Matrix x) {
        int n = t.rows();
        if (n == 0 || x.cols() == 0) {
            return;
        }
        products.blas().dtrsm("L", lower ? "L" : "U", transpose ? "T" : "N", "N", n, x.cols(), 1.0, t.data(), n,
                x.data(), n);
    }

    @Override
    public Matrix solve(Matrix a, Matrix b) {
        Dense.requireSquare("solve", a);
        Dense.requireRows("solve", a, b);
        int n = a.rows();
        if (n == 0 || b.cols() == 0) {
            return b.copy();
        }
        return JavaFactorizations.solve(lapack, products, a, b);
    }

    @Override
    public Matrix orthonormalBasis(Matrix a) {
        int m = a.rows();
        int k = Math.min(m, a.cols());
        if (k == 0) {
            return Matrix.zeros(m, 0);
        }
        R064Store input = wrap(a.data(), m);
        QR<Double> qr = QR.R064.make(input);
        if (!qr.decompose(input)) {
            throw new ArithmeticException("orthonormalBasis: ojAlgo's QR decomposition failed");
        }
        MatrixStore<Double> q = qr.getQ();
        return toMatrix(q.getColDim() == k ? q : q.limits(m, k));
    }

    @Override
    public HessenbergForm hessenberg(Matrix square) {
        Dense.requireSquare("hessenberg", square);
        int n = square.rows();
        if (n == 0) {
            return new HessenbergForm(Matrix.zeros(0, 0), Matrix.zeros(0, 0));
        }
        R064Store input = wrap(square.data(), n);
        Hessenberg<Double> hessenberg = Hessenberg.R064.make(input);
        if (!hessenberg.compute(input, true)) {
            throw new ArithmeticException("hessenberg: ojAlgo's Hessenberg reduction failed");
        }
        double[] h = dataOf(hessenberg.getH(), n, n);
        Dense.zeroBelowSubdiagonal(h, n);
        return new HessenbergForm(new Matrix(n, n, dataOf(hessenberg.getQ(), n, n)), new Matrix(n, n, h));
    }

    @Override
    public TridiagonalForm tridiagonal(Matrix symmetric) {
        return JavaTridiagonal.reduce(lapack, products, symmetric);
    }

    @Override
    public Matrix solveTridiagonal(double[] sub, double[] diagonal, double[] sup, Matrix b) {
        return TridiagonalSolve.solve(lapack, sub, diagonal, sup, b);
    }

    private static boolean allFinite(double[] values) {
        return Arrays.stream(values).allMatch(Double::isFinite);
    }

    private static R064Store wrap(double[] columnMajor, int rows) {
        return R064Store.wrap(columnMajor, rows);
    }

    private static Matrix toMatrix(MatrixStore<Double> store) {
        int rows = store.getRowDim();
        int cols = store.getColDim();
        return new Matrix(rows, cols, dataOf(store, rows, cols));
    }

    /** A column-major array owned by the caller, holding the given ojAlgo result. */
    private static double[] dataOf(MatrixStore<Double> store, int rows, int cols) {
        if (store.getRowDim() != rows || store.getColDim() != cols) {
            throw new IllegalStateException("ojAlgo returned a " + store.getRowDim() + " x " + store.getColDim()
                    + " matrix, expected " + rows + " x " + cols);
        }
        R064Store copy = R064Store.FACTORY.copy(store);
        return copy.data;
    }

    private static String ojAlgoVersion() {
        String v = NetlibLoader.mavenVersion(R064Store.class, "org.ojalgo", "ojalgo");
        return v.isEmpty() ? "(version unknown)" : v;
    }
}
