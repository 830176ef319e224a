package org.okl.metrics;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;

/**
 * {@code per-character-accuracy}, the word recognition rate by character of Kadri et al. 2013 (WRC): sequences are
 * coded one whole number per position (a character code ≥ 1), padded with 0 after their end. The accuracy is
 * Σ_i #{j : y_ij ≠ 0, ŷ_ij = y_ij} / Σ_i #{j : y_ij ≠ 0}: positions where the truth is padding are ignored, whatever
 * is predicted there. A truth made only of padding is an error.
 */
public final class PerCharacterAccuracy implements Metric {

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        Matrix f = predicted.outputs();
        Checks.sameShape("per-character-accuracy", truth, f);
        double[] y = truth.data();
        double[] p = f.data();
        long positions = 0;
        long right = 0;
        for (int k = 0; k < y.length; k++) {
            if (y[k] != 0.0) {
                positions++;
                if (p[k] == y[k]) {
                    right++;
                }
            }
        }
        if (positions == 0) {
            throw new IllegalArgumentException("per-character-accuracy: the true sequences are all padding (0)");
        }
        return (double) right / positions;
    }

    @Override
    public boolean higherIsBetter() {
        return true;
    }
}
