package org.okl.api.operator;

import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;

/**
 * A separable (decomposable) kernel {@code Gamma(x, x') = k(x, x') A}: the scalar input kernel of the pipeline times
 * a d x d positive semi-definite matrix. Its block Gram is {@code k ⊗ A}; solvers never form it and instead
 * eigendecompose k and A separately.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface SeparableOperatorKernel extends OperatorKernel {

    /** The matrix A for the given training targets (n x d). */
    Matrix outputMatrix(Matrix targets, ComponentContext context);

    /** Whether A is estimated from the training targets ({@link OutputMatrix#fromTargets}); by default not. */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4")
    default boolean outputMatrixFromTargets() {
        return false;
    }
}
