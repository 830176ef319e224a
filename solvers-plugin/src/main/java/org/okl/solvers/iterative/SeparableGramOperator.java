package org.okl.solvers.iterative;

import org.okl.api.filter.GramOperator;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/** The separable Gram action {@code C -> k C A} (never the nd x nd matrix); A may be {@code null} for identity. */
public final class SeparableGramOperator implements GramOperator {
    private final Matrix k;
    private final Matrix a;
    private final LinearAlgebra linearAlgebra;

    /**
     * @param k             the scalar Gram (n x n)
     * @param a             the output matrix (d x d), or {@code null} for the identity
     * @param linearAlgebra the back-end
     */
    public SeparableGramOperator(Matrix k, Matrix a, LinearAlgebra linearAlgebra) {
        this.k = k;
        this.a = a;
        this.linearAlgebra = linearAlgebra;
    }

    @Override
    public int size() {
        return k.rows();
    }

    @Override
    public Matrix apply(Matrix coefficients) {
        Matrix kc = linearAlgebra.multiply(k, coefficients);
        return a == null ? kc : linearAlgebra.multiply(kc, a);
    }
}
