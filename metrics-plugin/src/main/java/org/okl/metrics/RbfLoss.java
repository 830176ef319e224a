package org.okl.metrics;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;

/**
 * {@code rbf-loss} (docs/conventions.md#losses-and-metrics): the squared distance in the feature space of a Gaussian
 * output kernel of width sigma, 2 − 2·exp(−‖y − ŷ‖² / (2 sigma²)), averaged over test points.
 */
public final class RbfLoss implements Metric {
    private final double sigma;

    /** The loss for the output-kernel width {@code sigma} (> 0). */
    public RbfLoss(double sigma) {
        if (!(sigma > 0) || !Double.isFinite(sigma)) {
            throw new IllegalArgumentException("rbf-loss: sigma must be a finite number > 0, got " + sigma);
        }
        this.sigma = sigma;
    }

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        Matrix f = predicted.outputs();
        Checks.sameShape("rbf-loss", truth, f);
        int t = truth.rows();
        double[] squared = new double[t];
        for (int j = 0; j < truth.cols(); j++) {
            for (int i = 0; i < t; i++) {
                double e = truth.get(i, j) - f.get(i, j);
                squared[i] += e * e;
            }
        }
        double sum = 0;
        for (int i = 0; i < t; i++) {
            sum += 2 - 2 * Math.exp(-squared[i] / (2 * sigma * sigma));
        }
        return sum / t;
    }

    @Override
    public boolean higherIsBetter() {
        return false;
    }
}
