package org.okl.decoders.decoder;

import java.util.Arrays;
import java.util.function.Function;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.LabelCountMetric;
import org.okl.api.metric.LabelCounts;
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
 *
 * <p>When the decisions are each label's own ({@code score >= threshold} gives 1, else 0, as the outputs) and the
 * metric is a {@link LabelCountMetric}, the metric of a set of thresholds comes from every label's counts, read off
 * its sorted scores by binary search, instead of from decoding every row: the same values, in time logarithmic in
 * the rows (enron's 53 labels: each label's sweep otherwise decodes all 53 columns for every candidate).
 */
final class MetricThresholds {
    /** The number of quantiles candidate thresholds are taken between. */
    static final int QUANTILES = 32;

    private final Metric metric;
    private final Matrix truth;
    private final Matrix scores;
    private final Function<double[], Decoded> decide;
    private final double sign;
    /** The labels' sorted scores, when the metric is computed from counts; else null. */
    private final Counter counter;

    /**
     * @param metric      the metric to optimise
     * @param truth       the validation outputs
     * @param scores      the validation scores (rows x labels)
     * @param decide      the decoded validation outputs at given per-label thresholds
     * @param elementwise whether those outputs are 1 where a score reaches its label's threshold and 0 elsewhere
     */
    MetricThresholds(Metric metric, Matrix truth, Matrix scores, Function<double[], Decoded> decide,
            boolean elementwise) {
        this.metric = metric;
        this.truth = truth;
        this.scores = scores;
        this.decide = decide;
        this.sign = metric.higherIsBetter() ? -1 : 1;
        this.counter = elementwise && metric instanceof LabelCountMetric ? Counter.of(truth, scores) : null;
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
        double e = sign * (counter != null ? ((LabelCountMetric) metric).fromCounts(counter.counts(thresholds))
                : metric.evaluate(truth, decide.apply(thresholds)));
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

    /** Every label's scores sorted, split by the truth, for counts at any threshold. */
    private record Counter(double[][] positive, double[][] negative, int[] unscoredPositive, int[] unscoredNegative) {

        /** The counter of 1 / 0 or -1 truths, or null when a truth is something else (the metric then says what). */
        static Counter of(Matrix truth, Matrix scores) {
            int labels = scores.cols();
            double[][] positive = new double[labels][];
            double[][] negative = new double[labels][];
            int[] nanPositive = new int[labels];
            int[] nanNegative = new int[labels];
            for (int j = 0; j < labels; j++) {
                double[] y = truth.columnValues(j);
                double[] s = scores.columnValues(j);
                double[] pos = new double[s.length];
                double[] neg = new double[s.length];
                int p = 0;
                int n = 0;
                for (int i = 0; i < s.length; i++) {
                    boolean isPositive = y[i] == 1;
                    if (!isPositive && y[i] != 0 && y[i] != -1) {
                        return null;
                    }
                    if (Double.isNaN(s[i])) {
                        if (isPositive) {
                            nanPositive[j]++;
                        } else {
                            nanNegative[j]++;
                        }
                    } else if (isPositive) {
                        pos[p++] = s[i];
                    } else {
                        neg[n++] = s[i];
                    }
                }
                positive[j] = Arrays.copyOf(pos, p);
                negative[j] = Arrays.copyOf(neg, n);
                Arrays.sort(positive[j]);
                Arrays.sort(negative[j]);
            }
            return new Counter(positive, negative, nanPositive, nanNegative);
        }

        /** The counts of the decisions {@code score >= t[j]} (an unscored row, NaN, is decided negative). */
        LabelCounts counts(double[] t) {
            int labels = t.length;
            long[] tp = new long[labels];
            long[] fp = new long[labels];
            long[] fn = new long[labels];
            long[] tn = new long[labels];
            for (int j = 0; j < labels; j++) {
                tp[j] = positive[j].length - below(positive[j], t[j]);
                fn[j] = positive[j].length - tp[j] + unscoredPositive[j];
                fp[j] = negative[j].length - below(negative[j], t[j]);
                tn[j] = negative[j].length - fp[j] + unscoredNegative[j];
            }
            return new LabelCounts(tp, fp, fn, tn);
        }

        /** How many of the sorted values are not {@code >= t} (all of them for a NaN t). */
        private static int below(double[] sorted, double t) {
            int lo = 0;
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted[mid] >= t) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return lo;
        }
    }
}
