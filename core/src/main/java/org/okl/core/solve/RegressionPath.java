package org.okl.core.solve;

import org.okl.api.linalg.Matrix;

/**
 * A regression fitted along a regularization path: one predictor per path point, sharing one decomposition or one
 * run of an iterative filter.
 */
public interface RegressionPath {

    /** The number of path points (equals the filter's path length). */
    int length();

    /**
     * Predictions H at every path point for the given inputs, cheaper than asking {@link #at(int)} each time:
     * element {@code [j]} is t x D for path point j.
     */
    Matrix[] predictAll(Matrix inputs);

    /** The predictor at one path point. */
    Predictor at(int index);
}
