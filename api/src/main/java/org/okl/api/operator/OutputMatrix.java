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
}
