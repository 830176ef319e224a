package org.okl.linalg;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.parallel.Workers;

/** {@link TiledProducts#onWorkers}: a back-end whose large products run as column tiles on the workers. */
final class WorkerProducts extends ForwardingLinearAlgebra {
    private final TiledProducts products;
    private final Workers workers;

    WorkerProducts(LinearAlgebra base, TiledProducts products, Workers workers) {
        super(base);
        this.products = products;
        this.workers = workers;
    }

    @Override
    public void gemm(double alpha, Matrix a, boolean transA, Matrix b, boolean transB, double beta, Matrix c) {
        Dense.requireGemmShapes(a, transA, b, transB, c);
        int k = transA ? a.rows() : a.cols();
        if (k == 0 || 2.0 * c.rows() * c.cols() * k < TiledProducts.LARGE_FLOPS || c.cols() < 2 * TiledProducts.TILE
                || a.data() == c.data() || b.data() == c.data()) {
            delegate().gemm(alpha, a, transA, b, transB, beta, c);
            return;
        }
        products.gemmByColumns(alpha, a, transA, b, transB, beta, c, workers);
    }
}
