package org.okl.core.linalg;

import java.util.Optional;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.core.parallel.Workers;

/** {@link TiledProducts#onWorkers}: a back-end whose large products run as column tiles on the workers. */
final class WorkerProducts implements LinearAlgebra {
    private final LinearAlgebra base;
    private final TiledProducts products;
    private final Workers workers;

    WorkerProducts(LinearAlgebra base, TiledProducts products, Workers workers) {
        this.base = base;
        this.products = products;
        this.workers = workers;
    }

    @Override
    public String name() {
        return base.name();
    }

    @Override
    public String description() {
        return base.description();
    }

    @Override
    public void gemm(double alpha, Matrix a, boolean transA, Matrix b, boolean transB, double beta, Matrix c) {
        Dense.requireGemmShapes(a, transA, b, transB, c);
        int k = transA ? a.rows() : a.cols();
        if (k == 0 || 2.0 * c.rows() * c.cols() * k < TiledProducts.LARGE_FLOPS || c.cols() < 2 * TiledProducts.TILE
                || a.data() == c.data() || b.data() == c.data()) {
            base.gemm(alpha, a, transA, b, transB, beta, c);
            return;
        }
        products.gemmByColumns(alpha, a, transA, b, transB, beta, c, workers);
    }

    @Override
    public Matrix outerGram(Matrix a) {
        return base.outerGram(a);
    }

    @Override
    public Matrix innerGram(Matrix a) {
        return base.innerGram(a);
    }

    @Override
    public void symmetricRankUpdate(double alpha, Matrix a, boolean transpose, double beta, Matrix c) {
        base.symmetricRankUpdate(alpha, a, transpose, beta, c);
    }

    @Override
    public SymmetricEigen eigenSymmetric(Matrix symmetric) {
        return base.eigenSymmetric(symmetric);
    }

    @Override
    public double[] eigenvaluesSymmetric(Matrix symmetric) {
        return base.eigenvaluesSymmetric(symmetric);
    }

    @Override
    public Optional<Matrix> cholesky(Matrix symmetricPositiveDefinite) {
        return base.cholesky(symmetricPositiveDefinite);
    }

    @Override
    public Matrix choleskySolve(Matrix lower, Matrix b) {
        return base.choleskySolve(lower, b);
    }

    @Override
    public Matrix triangularSolve(Matrix t, boolean lower, boolean transpose, Matrix b) {
        return base.triangularSolve(t, lower, transpose, b);
    }

    @Override
    public Matrix solve(Matrix a, Matrix b) {
        return base.solve(a, b);
    }

    @Override
    public Matrix orthonormalBasis(Matrix a) {
        return base.orthonormalBasis(a);
    }
}
