package org.okl.api.operator;

import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;

/**
 * Builds the d x d positive semi-definite matrix A of a separable kernel {@code k(x, x') A}: fixed (identity, common
 * similarity, a file) or estimated from the training outputs (output-graph Laplacian, covariance).
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface OutputMatrix {

    /**
     * The matrix A for training targets Y (n x d, possibly with NaN for missing values).
     *
     * @throws org.okl.api.component.InvalidParameterException if the parameters give a matrix that is not symmetric
     *                                                          positive semi-definite or has the wrong size
     */
    Matrix build(Matrix targets, ComponentContext context);

    /**
     * Whether A is estimated from the training targets (output-laplacian, covariance): it then needs every target
     * before a fit starts, so a fit over rows read in passes cannot build it. A fixed matrix (the default) builds
     * from the number of outputs alone ({@code targets} with no rows).
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.4")
    default boolean fromTargets() {
        return false;
    }
}
