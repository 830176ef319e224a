package org.okl.kernels.scalar;

import org.okl.api.linalg.LinearAlgebra;

/**
 * The Tanimoto (Jaccard) kernel {@code T(y, y') = <y, y'> / (||y||^2 + ||y'||^2 - <y, y'>)} for binary or non-negative
 * vectors, with {@code T(0, 0) := 1} (docs/conventions.md#scalar-kernels). Gram: one product, then one element-wise
 * pass.
 */
public final class TanimotoKernel extends InnerProductKernel {

    /** @param linearAlgebra the back-end for the Gram product */
    public TanimotoKernel(LinearAlgebra linearAlgebra) {
        super(linearAlgebra);
    }

    /** The Tanimoto similarity from the inner product and the squared norms. */
    static double tanimoto(double inner, double squaredNormA, double squaredNormB) {
        double denominator = squaredNormA + squaredNormB - inner;
        return denominator == 0.0 ? 1.0 : inner / denominator;
    }

    @Override
    protected String id() {
        return "tanimoto";
    }

    @Override
    protected double entry(double inner, double squaredNormA, double squaredNormB) {
        return tanimoto(inner, squaredNormA, squaredNormB);
    }

    @Override
    protected void transformColumn(double[] g, int offset, int from, int to, double[] squaredNormsA,
            double squaredNormB) {
        for (int i = from; i < to; i++) {
            g[offset + i] = tanimoto(g[offset + i], squaredNormsA[i], squaredNormB);
        }
    }
}
