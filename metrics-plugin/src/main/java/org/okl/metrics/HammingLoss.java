package org.okl.metrics;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.LabelCountMetric;
import org.okl.api.metric.LabelCounts;

/**
 * {@code hamming-loss}: the fraction of wrong labels, (1/(t·q)) Σ_i Σ_j [ŷ_ij ≠ y_ij]. Labels are read as
 * 1 = positive, 0 or −1 = negative; other values are an error.
 */
public final class HammingLoss implements LabelCountMetric {

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        Matrix f = predicted.outputs();
        Checks.sameShape("hamming-loss", truth, f);
        boolean[] y = Checks.labels("hamming-loss", "true", truth);
        boolean[] p = Checks.labels("hamming-loss", "predicted", f);
        int wrong = 0;
        for (int k = 0; k < y.length; k++) {
            if (y[k] != p[k]) {
                wrong++;
            }
        }
        return (double) wrong / y.length;
    }

    @Override
    public double fromCounts(LabelCounts counts) {
        return (double) counts.wrong() / counts.decisions();
    }

    @Override
    public boolean higherIsBetter() {
        return false;
    }
}
