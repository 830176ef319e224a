package org.okl.kernels.scalar;

import org.okl.api.linalg.LinearAlgebra;

/** The linear kernel {@code k(x, x') = <x, x'>}; its Gram matrix is one product through the linear-algebra layer. */
public final class LinearKernel extends InnerProductKernel {

    /** @param linearAlgebra the back-end for the Gram product */
    public LinearKernel(LinearAlgebra linearAlgebra) {
        super(linearAlgebra);
    }

    @Override
    protected String id() {
        return "linear";
    }

    @Override
    protected double entry(double inner, double squaredNormA, double squaredNormB) {
        return inner;
    }

    @Override
    protected void transformColumn(double[] g, int offset, int from, int to, double[] squaredNormsA,
            double squaredNormB) {
        // the inner product is the kernel value: nothing to transform
    }
}
