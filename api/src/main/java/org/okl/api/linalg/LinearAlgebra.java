package org.okl.api.linalg;

import java.util.Optional;
import org.okl.api.API;

/**
 * The one linear-algebra layer every hot path goes through: matrix products, Gram matrices, symmetric
 * eigendecomposition, Cholesky, triangular and general solves, and orthonormalisation (thin QR). Core's solvers use
 * further reductions (Hessenberg, tridiagonal) that stay internal to core.
 *
 * <p>OKL ships a native back-end (BLAS/LAPACK through JNI) and a pure-Java fall-back chosen automatically when no
 * native library loads. Components receive the active back-end from
 * {@link org.okl.api.component.ComponentContext#linearAlgebra()}; they never pick one themselves.
 *
 * <p>Inputs are never modified; every method returns new matrices unless it says otherwise.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface LinearAlgebra {

    /** A short, stable name of the back-end, for example {@code native} or {@code java}. */
    String name();

    /** A human-readable description, for example which native library was loaded. */
    String description();

    /**
     * General product {@code C = alpha * op(A) * op(B) + beta * C}, written into {@code c}.
     *
     * @param transA whether op(A) = A^T
     * @param transB whether op(B) = B^T
     */
    void gemm(double alpha, Matrix a, boolean transA, Matrix b, boolean transB, double beta, Matrix c);

    /** A new matrix {@code A * B}. */
    default Matrix multiply(Matrix a, Matrix b) {
        return multiply(a, false, b, false);
    }

    /** A new matrix {@code op(A) * op(B)}. */
    default Matrix multiply(Matrix a, boolean transA, Matrix b, boolean transB) {
        int m = transA ? a.cols() : a.rows();
        int n = transB ? b.rows() : b.cols();
        Matrix c = Matrix.zeros(m, n);
        gemm(1.0, a, transA, b, transB, 0.0, c);
        return c;
    }

    /** A new symmetric matrix {@code A * A^T} (rows of A are samples: the linear-kernel Gram). */
    Matrix outerGram(Matrix a);

    /** A new symmetric matrix {@code A^T * A}. */
    Matrix innerGram(Matrix a);

    /**
     * Symmetric rank-k update {@code C := alpha·A^T·A + beta·C} ({@code transpose}) or {@code C := alpha·A·A^T +
     * beta·C}, in place: BLAS {@code dsyrk}, about half the flops of the product, for sums of Gram blocks. Only the
     * lower triangle of C is defined afterwards; the strict upper triangle may hold anything (mirror it once the
     * sum is complete). The default computes the whole product with {@link #gemm}.
     */
    default void symmetricRankUpdate(double alpha, Matrix a, boolean transpose, double beta, Matrix c) {
        gemm(alpha, a, transpose, a, !transpose, beta, c);
    }

    /**
     * All eigenpairs of a symmetric matrix, eigenvalues in decreasing order. Only the lower triangle is read; the
     * caller symmetrizes when round-off matters.
     */
    SymmetricEigen eigenSymmetric(Matrix symmetric);

    /** The eigenvalues of a symmetric matrix, in decreasing order. */
    default double[] eigenvaluesSymmetric(Matrix symmetric) {
        return eigenSymmetric(symmetric).values();
    }

    /**
     * The lower Cholesky factor L with {@code M = L L^T}, or empty when M is not (numerically) positive definite.
     */
    Optional<Matrix> cholesky(Matrix symmetricPositiveDefinite);

    /** Solves {@code L L^T X = B} given the lower Cholesky factor L. */
    Matrix choleskySolve(Matrix lower, Matrix b);

    /**
     * Solves a triangular system {@code op(T) X = B}.
     *
     * @param lower     whether T is lower (else upper) triangular
     * @param transpose whether op(T) = T^T
     */
    Matrix triangularSolve(Matrix t, boolean lower, boolean transpose, Matrix b);

    /** Solves the square system {@code A X = B} by LU with partial pivoting; throws if A is singular. */
    Matrix solve(Matrix a, Matrix b);

    /** The orthonormal factor Q (m x min(m, n)) of a thin QR decomposition of A (m x n). */
    Matrix orthonormalBasis(Matrix a);
}
