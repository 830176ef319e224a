package org.okl.api.regularizer;

import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;

/**
 * A penalty {@code gammaI <f, M f>} over the values of f on labelled and unlabelled inputs, with M a graph Laplacian
 * (or a power of one): manifold regularization (Minh and Sindhwani 2011, eq. 12).
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
public interface InputGraphPenalty {

    /** The weight gammaI. */
    double weight();

    /** The N x N positive semi-definite matrix M over all inputs (labelled rows first, then unlabelled). */
    Matrix laplacian(Matrix allInputs, ComponentContext context);
}
