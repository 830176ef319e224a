package org.okl.core.select;

import org.okl.api.linalg.Matrix;
import org.okl.api.solve.RegressionPath;

/** Validation errors of a fitted path. */
public final class PathErrors {

    private PathErrors() {
    }

    /**
     * The mean squared error at every path point: the mean over validation points and outputs of
     * {@code (H_ij - Y_ij)²}, skipping missing (NaN) targets. Predictions for the whole path come from one
     * {@link RegressionPath#predictAll} call.
     *
     * @param path    the fitted path
     * @param inputs  validation inputs (t x p)
     * @param targets validation targets in the embedding space (t x D)
     */
    public static double[] squaredErrors(RegressionPath path, Matrix inputs, Matrix targets) {
        Matrix[] predictions = path.predictAll(inputs);
        double[] errors = new double[predictions.length];
        for (int j = 0; j < predictions.length; j++) {
            errors[j] = meanSquaredError(predictions[j], targets);
        }
        return errors;
    }

    /** The mean over observed (non-NaN) targets of the squared difference. */
    public static double meanSquaredError(Matrix predictions, Matrix targets) {
        if (predictions.rows() != targets.rows() || predictions.cols() != targets.cols()) {
            throw new IllegalArgumentException("predictions are " + predictions.rows() + " x " + predictions.cols()
                    + " but targets are " + targets.rows() + " x " + targets.cols());
        }
        double[] h = predictions.data();
        double[] y = targets.data();
        double sum = 0;
        long count = 0;
        for (int k = 0; k < y.length; k++) {
            if (!Double.isNaN(y[k])) {
                double d = h[k] - y[k];
                sum += d * d;
                count++;
            }
        }
        return count == 0 ? Double.NaN : sum / count;
    }
}
