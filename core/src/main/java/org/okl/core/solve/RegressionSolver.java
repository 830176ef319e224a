package org.okl.core.solve;

/**
 * Fits one family of regression problems (separable eigen route, covariance KDE, manifold Sylvester, block
 * iterative, ...) along the whole regularization path of the problem's filter.
 */
public interface RegressionSolver {

    /** Whether this solver handles the problem (kernel structure, embedding, regularizers). */
    boolean supports(RegressionProblem problem);

    /** Fits the problem; the result covers every point of the filter's path. */
    RegressionPath fit(RegressionProblem problem);
}
