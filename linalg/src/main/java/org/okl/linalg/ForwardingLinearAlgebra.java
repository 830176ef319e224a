package org.okl.linalg;

import java.util.Optional;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/**
 * A back-end that hands every call of {@link LinearAlgebra} to another one; a subclass overrides the calls it
 * changes ({@link WorkerProducts}: large products on the workers; {@link SolverLinearAlgebra.Adapter}: the solver
 * methods an api back-end lacks). {@code multiply} is left to the interface, so it goes through {@link #gemm}.
 */
abstract class ForwardingLinearAlgebra implements LinearAlgebra {
    private final LinearAlgebra delegate;

    ForwardingLinearAlgebra(LinearAlgebra delegate) {
        this.delegate = delegate;
    }

    /** The back-end the calls go to. */
    public LinearAlgebra delegate() {
        return delegate;
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public String description() {
        return delegate.description();
    }

    @Override
    public void gemm(double alpha, Matrix a, boolean transA, Matrix b, boolean transB, double beta, Matrix c) {
        delegate.gemm(alpha, a, transA, b, transB, beta, c);
    }

    @Override
    public Matrix outerGram(Matrix a) {
        return delegate.outerGram(a);
    }

    @Override
    public Matrix innerGram(Matrix a) {
        return delegate.innerGram(a);
    }

    @Override
    public void symmetricRankUpdate(double alpha, Matrix a, boolean transpose, double beta, Matrix c) {
        delegate.symmetricRankUpdate(alpha, a, transpose, beta, c);
    }

    @Override
    public SymmetricEigen eigenSymmetric(Matrix symmetric) {
        return delegate.eigenSymmetric(symmetric);
    }

    @Override
    public double[] eigenvaluesSymmetric(Matrix symmetric) {
        return delegate.eigenvaluesSymmetric(symmetric);
    }

    @Override
    public Optional<Matrix> cholesky(Matrix symmetricPositiveDefinite) {
        return delegate.cholesky(symmetricPositiveDefinite);
    }

    @Override
    public Matrix choleskySolve(Matrix lower, Matrix b) {
        return delegate.choleskySolve(lower, b);
    }

    @Override
    public Matrix triangularSolve(Matrix t, boolean lower, boolean transpose, Matrix b) {
        return delegate.triangularSolve(t, lower, transpose, b);
    }

    @Override
    public Matrix solve(Matrix a, Matrix b) {
        return delegate.solve(a, b);
    }

    @Override
    public Matrix orthonormalBasis(Matrix a) {
        return delegate.orthonormalBasis(a);
    }
}
