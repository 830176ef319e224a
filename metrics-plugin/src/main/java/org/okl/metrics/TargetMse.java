package org.okl.metrics;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.TargetSpaceMetric;

/**
 * {@code target-mse}: the mean squared error of the regression in the output embedding's target space,
 * (1/(t·d)) Σ_i ||h(x_i) − z(y_i)||², where z codes an output (one-hot rows for classes). A selection metric: it
 * scores candidates by the loss their filter fits rather than by their decisions, which on small data is the steadier
 * guide (for one-hot classes with argmax decisions, the mean squared error of the class scores, the Brier score of
 * the regression). Decoded outputs cannot be scored with it.
 */
public final class TargetMse implements TargetSpaceMetric {

    @Override
    public double fromSquaredDistances(double[] squaredDistances, int dimension) {
        if (dimension < 1) {
            throw new IllegalArgumentException("target-mse: the target space has dimension " + dimension);
        }
        if (squaredDistances.length == 0) {
            throw new IllegalArgumentException("target-mse: no validation rows");
        }
        double sum = 0;
        for (double d : squaredDistances) {
            sum += d;
        }
        return sum / ((double) squaredDistances.length * dimension);
    }

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        throw new IllegalArgumentException("target-mse scores the regression in the output embedding's target space, "
                + "before decoding: name it as selection.metric, and score decoded outputs with a decision metric "
                + "such as subset-accuracy or mse");
    }

    @Override
    public boolean higherIsBetter() {
        return false;
    }
}
