package org.okl.kernels.operator;

import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.operator.SeparableOperatorKernel;

/** The separable kernel {@code Gamma(x, x') = k(x, x') A}, A built by its nested {@code matrix} component. */
public final class SeparableKernel implements SeparableOperatorKernel {
    private final OutputMatrix matrix;

    /** @param matrix the builder of A */
    public SeparableKernel(OutputMatrix matrix) {
        this.matrix = matrix;
    }

    @Override
    public Matrix outputMatrix(Matrix targets, ComponentContext context) {
        return matrix.build(targets, context);
    }

    @Override
    public boolean outputMatrixFromTargets() {
        return matrix.fromTargets();
    }
}
