package org.okl.api.filter;

import org.okl.api.linalg.Matrix;

/**
 * An iterative filter that runs on Gram products only (Landweber, nu-method), so it works with any operator-valued
 * kernel. Its iterates must equal {@link SpectralFilter#apply} applied in the eigenbasis.
 */
public interface IterativeFilter {

    /**
     * Runs the iteration and reports the coefficients at every path point.
     *
     * @param gram    the Gram action {@code C -> Gamma C}
     * @param targets Y (n x d)
     * @param sMax    the largest eigenvalue of Gamma/n
     */
    void run(GramOperator gram, Matrix targets, double sMax, PathListener listener);
}
