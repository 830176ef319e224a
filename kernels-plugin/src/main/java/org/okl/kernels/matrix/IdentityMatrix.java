package org.okl.kernels.matrix;

import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;

/** {@code A = I_d}: independent outputs (d separate scalar problems). */
public final class IdentityMatrix implements OutputMatrix {

    @Override
    public Matrix build(Matrix targets, ComponentContext context) {
        return Matrix.identity(targets.cols());
    }
}
