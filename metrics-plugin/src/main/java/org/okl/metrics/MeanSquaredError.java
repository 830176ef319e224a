package org.okl.metrics;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrorMetric;
import org.okl.api.metric.SquaredErrors;

/**
 * {@code mse} (docs/conventions.md#losses-and-metrics): the mean over test points and outputs of the squared error,
 * (1/(t·q)) Σ_i Σ_j (y_ij − ŷ_ij)²; with {@code root} set, {@code rmse}, its square root. True values that are NaN
 * (missing outputs) are left out of the sum and of the count.
 */
public final class MeanSquaredError implements SquaredErrorMetric {
    private final boolean root;

    /** {@code mse}, or {@code rmse} when {@code root}. */
    public MeanSquaredError(boolean root) {
        this.root = root;
    }

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        double mse = meanSquaredError(root ? "rmse" : "mse", truth, predicted.outputs());
        return root ? Math.sqrt(mse) : mse;
    }

    /** The MSE over the entries whose true value is not NaN. */
    static double meanSquaredError(String metric, Matrix truth, Matrix predicted) {
        Checks.sameShape(metric, truth, predicted);
        double[] y = truth.data();
        double[] f = predicted.data();
        double sum = 0;
        long count = 0;
        for (int k = 0; k < y.length; k++) {
            if (!Double.isNaN(y[k])) {
                double e = y[k] - f[k];
                sum += e * e;
                count++;
            }
        }
        if (count == 0) {
            throw new IllegalArgumentException(metric + ": every true value is missing (NaN)");
        }
        return sum / count;
    }

    /** The same from sums, weighted ones included: the squared errors' sum over the weights' sum. */
    @Override
    public double fromSums(SquaredErrors sums) {
        double sum = 0;
        double weight = 0;
        long count = 0;
        for (int j = 0; j < sums.outputs(); j++) {
            sum += sums.squaredErrors()[j];
            weight += sums.weights()[j];
            count += sums.counts()[j];
        }
        if (count == 0) {
            throw new IllegalArgumentException((root ? "rmse" : "mse") + ": every true value is missing (NaN)");
        }
        if (!(weight > 0)) {
            throw new IllegalArgumentException((root ? "rmse" : "mse") + ": every row weighs 0");
        }
        return root ? Math.sqrt(sum / weight) : sum / weight;
    }

    @Override
    public boolean higherIsBetter() {
        return false;
    }
}
