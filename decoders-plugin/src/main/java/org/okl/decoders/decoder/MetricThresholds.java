package org.okl.decoders.decoder;

import java.util.Arrays;
import java.util.function.Function;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;

/**
 * Chooses decision thresholds that optimise a metric on validation scores (for example the Hamming loss or the
 * micro-averaged F1 that model selection scores with).
 *
 * <p>Rule: the candidates of a threshold are the midpoints between consecutive {@value #QUANTILES}-quantiles of the
 * scores it applies to (all labels' for the common threshold, one label's for a per-label one), plus the start value.
 * First one common threshold: the candidate of best metric, ties to the one nearest the default. Then, with
 * per-label thresholds, each label in turn (one sweep, labels in order) takes its candidate of best metric with the
 * other labels fixed, moving only when the metric strictly improves; so a label keeps the common threshold unless its
 * own improves the whole metric on the validation rows.
 */
final class MetricThresholds {
    /** The number of quantiles candidate thresholds are taken between. */
    static final int QUANTILES = 32;

    private final Metric metric;
    private final Matrix truth;
    private final Matrix scores;
    private final Function<double[], Decoded> decide;
    private final double sign;

    /**
     * @param metric the metric to optimise
     * @param truth  the validation outputs
     * @param scores the validation scores (rows x labels)
     * @param decide the decoded validation outputs at given per-label thresholds
     */
    MetricThresholds(Metric metric, Matrix truth, Matrix scores, Function<double[], Decoded> decide) {
        this.metric = metric;
        this.truth = truth;
        this.scores = scores;
        this.decide = decide;
        this.sign = metric.higherIsBetter() ? -1 : 1;
    }

    /**
     * The tuned thresholds, one per label.
     *
     * @param start    the default threshold, which wins ties of the common threshold
     * @param perLabel whether labels then get their own
     */
    double[] tune(double start, boolean perLabel) {
        double[] common = common(start);
        return perLabel ? perLabel(common) : common;
    }

    /**
     * The common threshold (every label's entry the same) that optimises the metric, ties to the one nearest the
     * start.
     *
     * @param start the default threshold
     */
    double[] common(double start) {
        double[] t = new double[scores.cols()];
        double common = start;
        double best = Double.POSITIVE_INFINITY;
        for (double c : candidates(scores.data(), start)) {
            Arrays.fill(t, c);
            double e = loss(t);
            if (e < best || (e == best && Math.abs(c - start) < Math.abs(common - start))) {
                best = e;
                common = c;
            }
        }
        Arrays.fill(t, common);
        return t;
    }

    /**
     * Per-label thresholds from given ones: each label in turn takes its candidate of best metric with the others
     * fixed, moving only when the metric strictly improves.
     *
     * @param from the thresholds to start from (not changed)
     */
    double[] perLabel(double[] from) {
        double[] t = from.clone();
        double best = loss(t);
        for (int j = 0; j < t.length; j++) {
            double keep = t[j];
            double bestLabel = keep;
            for (double c : candidates(scores.columnValues(j), keep)) {
                t[j] = c;
                double e = loss(t);
                if (e < best) {
                    best = e;
                    bestLabel = c;
                }
            }
            t[j] = bestLabel;
        }
        return t;
    }

    private double loss(double[] thresholds) {
        double e = sign * metric.evaluate(truth, decide.apply(thresholds));
        return Double.isNaN(e) ? Double.POSITIVE_INFINITY : e;
    }

    /** Midpoints between consecutive distinct quantiles of the values, and the given value. */
    static double[] candidates(double[] values, double start) {
        double[] v = Arrays.stream(values).filter(Double::isFinite).sorted().toArray();
        if (v.length == 0) {
            return new double[] {start};
        }
        double[] q = new double[QUANTILES + 1];
        for (int k = 0; k <= QUANTILES; k++) {
            q[k] = v[(int) Math.round((double) k * (v.length - 1) / QUANTILES)];
        }
        double[] out = new double[QUANTILES + 3];
        int m = 0;
        out[m++] = start;
        out[m++] = q[0] - 1e-9 * (1 + Math.abs(q[0]));
        for (int k = 0; k < QUANTILES; k++) {
            if (q[k + 1] > q[k]) {
                out[m++] = 0.5 * (q[k] + q[k + 1]);
            }
        }
        out[m++] = Math.nextUp(q[QUANTILES]);
        return Arrays.copyOf(out, m);
    }
}
