package org.okl.metrics;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrorMetric;
import org.okl.api.metric.SquaredErrors;

/**
 * {@code arrmse}, the average relative root mean squared error of multi-target regression (Spyromitros-Xioufis et
 * al. 2016): for each output j, RRMSE_j = sqrt(Σ_i (y_ij − ŷ_ij)² / Σ_i (y_ij − ȳ_j)²), the error relative to
 * predicting the mean ȳ_j of the <b>test</b> values (the metric sees only the test data; Mulan's implementation
 * uses the training mean when it has one, which differs slightly); aRRMSE is the mean of RRMSE_j over the outputs.
 * NaN true values are left out. An output whose true test values are all equal has no relative error and is
 * skipped (up to rounding: see {@link #CONSTANT}); when every output is skipped the metric is undefined and fails.
 */
public final class AverageRelativeRmse implements SquaredErrorMetric {
    /**
     * An output counts as constant when its spread Σ(y − ȳ)² is at most this fraction of Σy²: equal values that are
     * not exact binary fractions (0.1, or standardised targets) leave a rounding spread of about 1e-32·Σy², which
     * must not become a relative error of 1e15.
     */
    private static final double CONSTANT = 1e-20;
    /**
     * The same test for {@link #fromSums}, whose one-pass spread {@code sum y^2 - (sum y)^2 / t} cancels to about
     * 1e-16·Σy² for equal values, not 1e-32.
     */
    private static final double SUMS_CONSTANT = 1e-12;

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        Matrix f = predicted.outputs();
        Checks.sameShape("arrmse", truth, f);
        int t = truth.rows();
        double total = 0;
        int used = 0;
        for (int j = 0; j < truth.cols(); j++) {
            double mean = 0;
            int count = 0;
            for (int i = 0; i < t; i++) {
                double y = truth.get(i, j);
                if (!Double.isNaN(y)) {
                    mean += y;
                    count++;
                }
            }
            if (count == 0) {
                continue;
            }
            mean /= count;
            double error = 0;
            double spread = 0;
            double squares = 0;
            for (int i = 0; i < t; i++) {
                double y = truth.get(i, j);
                if (!Double.isNaN(y)) {
                    double e = y - f.get(i, j);
                    error += e * e;
                    spread += (y - mean) * (y - mean);
                    squares += y * y;
                }
            }
            if (spread > CONSTANT * squares) {
                total += Math.sqrt(error / spread);
                used++;
            }
        }
        if (used == 0) {
            throw new IllegalArgumentException("arrmse: every output is constant (or missing) on the test set, "
                    + "so no relative error is defined");
        }
        return total / used;
    }

    /**
     * The same from sums: the spread of output j is {@code sum y^2 - (sum y)^2 / W}, W its weights' sum (its count
     * for unweighted sums).
     */
    @Override
    public double fromSums(SquaredErrors sums) {
        double total = 0;
        int used = 0;
        for (int j = 0; j < sums.outputs(); j++) {
            double weight = sums.weights()[j];
            if (sums.counts()[j] == 0 || !(weight > 0)) {
                continue;
            }
            double squares = sums.squares()[j];
            double spread = squares - sums.sums()[j] * sums.sums()[j] / weight;
            if (spread > SUMS_CONSTANT * squares) {
                total += Math.sqrt(sums.squaredErrors()[j] / spread);
                used++;
            }
        }
        if (used == 0) {
            throw new IllegalArgumentException("arrmse: every output is constant (or missing) on the test set, "
                    + "so no relative error is defined");
        }
        return total / used;
    }

    @Override
    public boolean higherIsBetter() {
        return false;
    }
}
