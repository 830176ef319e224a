package org.okl.api.filter;

import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * The action of the (unnormalised) block Gram on coefficients, {@code C -> Gamma C}, for iterative filters. For a
 * separable kernel it is {@code k C A}; for a general kernel a block product.
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
public interface GramOperator {

    /** The number of training points n. */
    int size();

    /** {@code Gamma C} for coefficients C (the targets' shape, n x d in sample coordinates), as a new matrix. */
    Matrix apply(Matrix coefficients);
}
