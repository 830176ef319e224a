package org.okl.kernels.matrix;

import java.util.Arrays;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;

/**
 * B12 eq. 33, {@code A = omega · 1 1^T + (1 - omega) · I} with omega in [0, 1]: eigenvalue 1 - omega + omega·d on
 * the constant vector and 1 - omega (d - 1 times) on its complement.
 */
public final class CommonSimilarityMatrix implements OutputMatrix {
    private final double omega;

    /** @param omega the weight of the shared component, in [0, 1] */
    public CommonSimilarityMatrix(double omega) {
        this.omega = omega;
    }

    @Override
    public Matrix build(Matrix targets, ComponentContext context) {
        int d = targets.cols();
        Matrix a = Matrix.zeros(d, d);
        Arrays.fill(a.data(), omega);
        a.addToDiagonal(1.0 - omega);
        return SymmetricMatrices.requirePsd("common-similarity", "omega", a, d, context.linearAlgebra());
    }
}
