package org.okl.metrics;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;

/**
 * {@code subset-accuracy}: the fraction of test points whose whole output is right (exact match). When every value
 * of truth and prediction is a label (1, 0 or −1), labels are compared with 0 and −1 both negative; otherwise (class
 * numbers, structured outputs) values are compared with a tolerance of 1e-9, so for one class column this is the
 * ordinary classification accuracy.
 */
public final class SubsetAccuracy implements Metric {
    private static final double TOLERANCE = 1e-9;

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        Matrix f = predicted.outputs();
        Checks.sameShape("subset-accuracy", truth, f);
        boolean labels = isLabels(truth) && isLabels(f);
        int t = truth.rows();
        int right = 0;
        for (int i = 0; i < t; i++) {
            if (rowMatches(truth, f, i, labels)) {
                right++;
            }
        }
        return (double) right / t;
    }

    private static boolean rowMatches(Matrix truth, Matrix f, int i, boolean labels) {
        for (int j = 0; j < truth.cols(); j++) {
            double y = truth.get(i, j);
            double p = f.get(i, j);
            boolean same = labels ? (y == 1.0) == (p == 1.0) : Math.abs(y - p) <= TOLERANCE;
            if (!same) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLabels(Matrix m) {
        for (double v : m.data()) {
            if (v != 1.0 && v != 0.0 && v != -1.0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean higherIsBetter() {
        return true;
    }
}
