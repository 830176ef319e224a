package org.okl.experiments.usps;

import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.core.Okl;
import org.okl.metrics.Metrics;

/**
 * The RBF loss {@code 2 - 2 exp(-||y - yh||^2 / (2 sigma^2))} (K13, BM22): the mean through OKL's {@code rbf-loss}
 * metric, and the per-point values for standard errors.
 */
final class RbfLosses {
    private RbfLosses() {
    }

    /** The metric spec {@code rbf-loss} with width {@code sigma}. */
    static ComponentSpec spec(double sigma) {
        return Metrics.rbfLoss(sigma).spec();
    }

    /** The mean RBF loss of predictions, computed by OKL's {@code rbf-loss} metric. */
    static double mean(Okl okl, double sigma, Matrix truth, Matrix predicted) {
        return okl.create(Metric.class, spec(sigma)).evaluate(truth, Decoded.of(predicted));
    }

    /** The RBF loss of every prediction (one value per row). */
    static double[] perPoint(double sigma, Matrix truth, Matrix predicted) {
        if (truth.rows() != predicted.rows() || truth.cols() != predicted.cols()) {
            throw new IllegalArgumentException("truth is " + truth.rows() + " x " + truth.cols()
                    + " but predictions are " + predicted.rows() + " x " + predicted.cols());
        }
        double[] out = new double[truth.rows()];
        for (int i = 0; i < out.length; i++) {
            double d = 0;
            for (int j = 0; j < truth.cols(); j++) {
                double e = truth.get(i, j) - predicted.get(i, j);
                d += e * e;
            }
            out[i] = 2 - 2 * Math.exp(-d / (2 * sigma * sigma));
        }
        return out;
    }
}
