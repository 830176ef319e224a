package org.okl.linalg;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/**
 * The linear algebra core's solvers need beyond the plugin api: the reductions to Hessenberg form (the Sylvester
 * solver of manifold regularization) and to tridiagonal form with tridiagonal solves (short Tikhonov paths). Both
 * of OKL's back-ends implement it; {@link #of} adapts any other api back-end (one a program passes to
 * {@code Okl.builder().linearAlgebra(...)}), so a plugin author implementing {@link LinearAlgebra} never sees these
 * methods. Internal to core: not part of the plugin api.
 */
public interface SolverLinearAlgebra extends LinearAlgebra {

    /** The orthogonal reduction of a square matrix to upper Hessenberg form. */
    HessenbergForm hessenberg(Matrix square);

    /**
     * The orthogonal reduction of a symmetric matrix to tridiagonal form {@code M = Q T Q^T}. Only the lower triangle
     * is read. The default returns the eigendecomposition (a diagonal T is tridiagonal); OKL's back-ends override it
     * with a Householder reduction, which is several times cheaper.
     */
    default TridiagonalForm tridiagonal(Matrix symmetric) {
        SymmetricEigen eigen = eigenSymmetric(symmetric);
        int n = eigen.values().length;
        return TridiagonalForm.explicit(eigen.values(), new double[Math.max(n - 1, 0)], eigen.vectors(), this);
    }

    /**
     * Solves the tridiagonal system {@code T X = B} by Gaussian elimination with partial pivoting (stable for any
     * non-singular T, definite or not). The default forms T densely and calls {@link #solve}; OKL's back-ends override
     * it with an O(n) per column solve.
     *
     * @param sub      the subdiagonal T(i+1, i) (length n - 1)
     * @param diagonal the diagonal (length n)
     * @param sup      the superdiagonal T(i, i+1) (length n - 1)
     * @param b        the right-hand sides (n x m)
     * @throws IllegalArgumentException when T is singular or the lengths do not match
     */
    default Matrix solveTridiagonal(double[] sub, double[] diagonal, double[] sup, Matrix b) {
        TridiagonalSolve.requireShapes(sub, diagonal, sup, b);
        int n = diagonal.length;
        Matrix t = Matrix.diagonal(diagonal);
        for (int i = 0; i + 1 < n; i++) {
            t.set(i + 1, i, sub[i]);
            t.set(i, i + 1, sup[i]);
        }
        return solve(t, b);
    }

    /**
     * The back-end itself when it is one of OKL's, else an adapter that keeps its products, decompositions and
     * solves, derives the tridiagonal methods from them, and takes the Hessenberg reduction from the pure-Java
     * back-end.
     */
    static SolverLinearAlgebra of(LinearAlgebra linearAlgebra) {
        return linearAlgebra instanceof SolverLinearAlgebra own ? own : new Adapter(linearAlgebra);
    }

    /**
     * An api back-end seen as a {@link SolverLinearAlgebra}: every {@link LinearAlgebra} call goes to the back-end
     * ({@link ForwardingLinearAlgebra}); the Hessenberg reduction comes from the pure-Java back-end.
     */
    final class Adapter extends ForwardingLinearAlgebra implements SolverLinearAlgebra {
        Adapter(LinearAlgebra delegate) {
            super(delegate);
        }

        @Override
        public HessenbergForm hessenberg(Matrix square) {
            return LinearAlgebras.java().hessenberg(square);
        }
    }
}
