package org.okl.api.linalg;

import java.util.Optional;

/**
 * The one linear-algebra layer every hot path goes through: matrix products, Cholesky, symmetric
 * eigendecomposition, solves, orthonormalisation, and Hessenberg and tridiagonal reduction.
 *
 * <p>OKL ships a native back-end (BLAS/LAPACK through JNI) and a pure-Java fall-back chosen automatically when no
 * native library loads. Components receive the active back-end from
 * {@link org.okl.api.component.ComponentContext#linearAlgebra()}; they never pick one themselves.
 *
 * <p>Inputs are never modified; every method returns new matrices unless it says otherwise.
 */
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

    /** The orthogonal reduction of a square matrix to upper Hessenberg form. */
    HessenbergForm hessenberg(Matrix square);

    /**
     * The orthogonal reduction of a symmetric matrix to tridiagonal form {@code M = Q T Q^T}. Only the lower triangle
     * is read. The default returns the eigendecomposition (a diagonal T is tridiagonal); back-ends override it with
     * a Householder reduction, which is several times cheaper.
     */
    default TridiagonalForm tridiagonal(Matrix symmetric) {
        SymmetricEigen eigen = eigenSymmetric(symmetric);
        int n = eigen.values().length;
        return TridiagonalForm.explicit(eigen.values(), new double[Math.max(n - 1, 0)], eigen.vectors(), this);
    }

    /**
     * Solves the tridiagonal system {@code T X = B} by Gaussian elimination with partial pivoting (stable for any
     * non-singular T, definite or not). The default forms T densely and calls {@link #solve}; back-ends override it
     * with an O(n) per column solve.
     *
     * @param sub      the subdiagonal T(i+1, i) (length n - 1)
     * @param diagonal the diagonal (length n)
     * @param sup      the superdiagonal T(i, i+1) (length n - 1)
     * @param b        the right-hand sides (n x m)
     * @throws IllegalArgumentException when T is singular or the lengths do not match
     */
    default Matrix solveTridiagonal(double[] sub, double[] diagonal, double[] sup, Matrix b) {
        int n = diagonal.length;
        if (sub.length != Math.max(n - 1, 0) || sup.length != Math.max(n - 1, 0) || b.rows() != n) {
            throw new IllegalArgumentException("solveTridiagonal: a diagonal of length " + n + " needs off-diagonals "
                    + "of length " + Math.max(n - 1, 0) + " and " + n + " rows, got " + sub.length + ", "
                    + sup.length + " and " + b.rows());
        }
        Matrix t = Matrix.diagonal(diagonal);
        for (int i = 0; i + 1 < n; i++) {
            t.set(i + 1, i, sub[i]);
            t.set(i, i + 1, sup[i]);
        }
        return solve(t, b);
    }
}
