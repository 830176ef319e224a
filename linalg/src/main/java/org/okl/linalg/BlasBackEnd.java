package org.okl.linalg;

import org.okl.api.linalg.Matrix;

/**
 * What OKL's two back-ends share around their BLAS: the argument checks and trivial cases of {@code gemm} and of
 * the symmetric rank update, the Gram matrices as one method, and the BLAS library they report. Each back-end gives
 * only the call that does the work ({@link NativeLinearAlgebra}: {@code dgemm} and {@code dsyrk};
 * {@link JavaLinearAlgebra}: its parallel Java products).
 */
abstract class BlasBackEnd implements SolverLinearAlgebra {

    @Override
    public final void gemm(double alpha, Matrix a, boolean transA, Matrix b, boolean transB, double beta,
            Matrix c) {
        Dense.requireGemmShapes(a, transA, b, transB, c);
        int m = c.rows();
        int n = c.cols();
        int k = transA ? a.rows() : a.cols();
        if (m == 0 || n == 0) {
            return;
        }
        double[] cd = c.data();
        if (k == 0) {
            Dense.scale(cd, beta);
            return;
        }
        product(transA, transB, m, n, k, alpha, Dense.unaliased(a.data(), cd), Dense.ld(a.rows()),
                Dense.unaliased(b.data(), cd), Dense.ld(b.rows()), beta, cd);
    }

    /**
     * {@code C = alpha op(A) op(B) + beta C} on column-major arrays, every dimension positive, A and B not aliasing
     * C.
     */
    abstract void product(boolean transA, boolean transB, int m, int n, int k, double alpha, double[] a, int lda,
            double[] b, int ldb, double beta, double[] c);

    @Override
    public final Matrix outerGram(Matrix a) {
        return gram(a, false);
    }

    @Override
    public final Matrix innerGram(Matrix a) {
        return gram(a, true);
    }

    /** {@code A^T A} when {@code inner}, else {@code A A^T}, both triangles filled. */
    abstract Matrix gram(Matrix a, boolean inner);

    @Override
    public final void symmetricRankUpdate(double alpha, Matrix a, boolean transpose, double beta, Matrix c) {
        int n = transpose ? a.cols() : a.rows();
        int k = transpose ? a.rows() : a.cols();
        if (Dense.trivialRankUpdate(n, k, alpha, beta, c)) {
            return;
        }
        rankUpdate(alpha, a, transpose, n, k, beta, c);
    }

    /**
     * The lower triangle of {@code C = alpha op(A) op(A)^T + beta C} (n x n, op(A) n x k), n and k positive and
     * alpha non-zero.
     */
    abstract void rankUpdate(double alpha, Matrix a, boolean transpose, int n, int k, double beta, Matrix c);

    /** The BLAS library the products run on, and its kernels when it can tell. */
    abstract BlasLibrary blasLibrary();
}
