package org.okl.metrics;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;

/**
 * {@code explained-variance} (Baldassarre et al. 2012 on the school data, after Bakker and Heskes 2003):
 * 1 − MSE / Var, where MSE is {@link MeanSquaredError}'s and Var = mean over all true test values of (y − ȳ)², the
 * variance of the test targets pooled over all tasks and outputs (ȳ is their single overall mean). It is a fraction
 * (the paper prints it ×100, in %). NaN true values are left out of both. Constant targets (Var = 0) are an error.
 */
public final class ExplainedVariance implements Metric {

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        double mse = MeanSquaredError.meanSquaredError("explained-variance", truth, predicted.outputs());
        double mean = 0;
        long count = 0;
        for (double y : truth.data()) {
            if (!Double.isNaN(y)) {
                mean += y;
                count++;
            }
        }
        mean /= count;
        double variance = 0;
        for (double y : truth.data()) {
            if (!Double.isNaN(y)) {
                variance += (y - mean) * (y - mean);
            }
        }
        variance /= count;
        if (variance == 0) {
            throw new IllegalArgumentException("explained-variance: the true values are all equal (variance 0)");
        }
        return 1 - mse / variance;
    }

    @Override
    public boolean higherIsBetter() {
        return true;
    }
}
