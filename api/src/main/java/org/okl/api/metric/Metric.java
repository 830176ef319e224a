package org.okl.api.metric;

import org.okl.api.API;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;

/**
 * An evaluation measure of predictions against true outputs, such as MSE, RBF loss or mean AUC.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface Metric {

    /**
     * Computes the measure.
     *
     * @param truth     true outputs (t x q)
     * @param predicted decoded predictions (outputs, and scores or rankings when the metric needs them)
     * @throws IllegalArgumentException when the prediction lacks what the metric needs (for example scores for AUC)
     */
    double evaluate(Matrix truth, Decoded predicted);

    /** Whether larger values are better (accuracies) or smaller (losses). */
    boolean higherIsBetter();
}
