package org.okl.metrics;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;

/**
 * {@code angular-error} (docs/conventions.md#losses-and-metrics; Baldassarre et al. 2012 eq. 29 after Barron et al.
 * 1994): each d-dimensional vector v becomes (v_1, ..., v_d, 1) / ‖(v_1, ..., v_d, 1)‖; the error of a test point is
 * the arccos of the dot product of its transformed true and predicted vectors (clamped to [−1, 1] against rounding),
 * in radians; the metric is the mean over test points.
 */
public final class AngularError implements Metric {

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        Matrix f = predicted.outputs();
        Checks.sameShape("angular-error", truth, f);
        int t = truth.rows();
        double sum = 0;
        for (int i = 0; i < t; i++) {
            double dot = 1;
            double ny = 1;
            double nf = 1;
            for (int j = 0; j < truth.cols(); j++) {
                double y = truth.get(i, j);
                double p = f.get(i, j);
                dot += y * p;
                ny += y * y;
                nf += p * p;
            }
            double cos = dot / Math.sqrt(ny * nf);
            sum += Math.acos(Math.max(-1.0, Math.min(1.0, cos)));
        }
        return sum / t;
    }

    @Override
    public boolean higherIsBetter() {
        return false;
    }
}
