package org.okl.api.filter;

import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * An iterative filter that runs on Gram products only (Landweber, nu-method), so it works with any operator-valued
 * kernel. Its iterates must equal {@link SpectralFilter#apply} applied in the eigenbasis, and when the filter's path
 * parameter is {@code iterations}, iterate j must not depend on the total number of iterations: after model
 * selection the pipeline refits with {@code iterations} cut to the chosen one.
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
public interface IterativeFilter {

    /**
     * Runs the iteration and reports the coefficients at every path point.
     *
     * @param gram    the Gram action {@code C -> Gamma C}; {@code gram.size()} is the number of training points n of
     *                the 1/n normalisation
     * @param targets Y in the space the operator acts on: n x d in sample coordinates, or any r x d when a solver
     *                runs the iteration in another basis (the eigenbasis, or the r sketch features, where the
     *                operator is {@code Z^T Z} and the targets {@code Z^T Y}); shapes follow the targets
     * @param sMax    the largest eigenvalue of Gamma/n
     */
    void run(GramOperator gram, Matrix targets, double sMax, PathListener listener);
}
