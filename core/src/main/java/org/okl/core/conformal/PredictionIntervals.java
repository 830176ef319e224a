package org.okl.core.conformal;

import org.okl.api.linalg.Matrix;

/**
 * Prediction intervals for t new rows and q outputs: per-output intervals {@code [lower, upper]} that each cover
 * their output with probability about {@code level}, and a simultaneous region {@code [jointLower, jointUpper]}
 * (a box over all outputs) that covers the whole output vector of a row with probability about {@code level}.
 *
 * @param predictions the point predictions (t x q)
 * @param lower       the per-output lower bounds (t x q)
 * @param upper       the per-output upper bounds (t x q)
 * @param jointLower  the lower corners of the simultaneous boxes (t x q)
 * @param jointUpper  the upper corners of the simultaneous boxes (t x q)
 * @param level       the nominal coverage 1 - alpha
 * @param method      how the intervals were computed, in words
 */
public record PredictionIntervals(Matrix predictions, Matrix lower, Matrix upper, Matrix jointLower,
        Matrix jointUpper, double level, String method) {
}
