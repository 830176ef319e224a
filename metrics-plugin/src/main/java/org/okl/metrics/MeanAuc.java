package org.okl.metrics;

import java.util.Arrays;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;

/**
 * {@code mean-auc} (docs/conventions.md#losses-and-metrics; Minh and Sindhwani 2011): the mean over labels of the area
 * under the ROC curve of the real-valued scores {@link Decoded#scores()} (before any threshold) against the true
 * labels, as a fraction (papers print ×100).
 *
 * <p>True labels are read as {0, 1}: 1 is positive, 0 and −1 are negative. For label j with P positives and N
 * negatives, AUC_j = (#{(a, b): s_a > s_b} + ½·#{(a, b): s_a = s_b}) / (P·N) over positive a and negative b (ties
 * count ½), computed from mid-ranks in O(t log t). A label whose test truth has a single class (P = 0 or N = 0) has
 * no AUC and is skipped; when every label is skipped the metric fails.
 */
public final class MeanAuc implements Metric {

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        Matrix scores = predicted.scores().orElseThrow(() -> new IllegalArgumentException(
                "mean-auc needs the real-valued scores of the decoder (Decoded.scores), but the prediction has"
                        + " none; use a decoder that reports scores (for example threshold)"));
        Checks.sameShape("mean-auc", truth, scores);
        boolean[] y = Checks.labels("mean-auc", "true", truth);
        for (double v : scores.data()) {
            if (Double.isNaN(v)) {
                throw new IllegalArgumentException("mean-auc: the scores contain NaN");
            }
        }
        int t = truth.rows();
        double sum = 0;
        int used = 0;
        for (int j = 0; j < truth.cols(); j++) {
            double auc = auc(Arrays.copyOfRange(scores.data(), j * t, (j + 1) * t), y, j * t);
            if (!Double.isNaN(auc)) {
                sum += auc;
                used++;
            }
        }
        if (used == 0) {
            throw new IllegalArgumentException("mean-auc: every label has a single class in the test truth, "
                    + "so no AUC is defined");
        }
        return sum / used;
    }

    /** The AUC of one label, or NaN when it has a single class; labels are y[offset .. offset + s.length). */
    static double auc(double[] s, boolean[] y, int offset) {
        int t = s.length;
        Integer[] order = new Integer[t];
        for (int i = 0; i < t; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(s[a], s[b]));
        double positiveRankSum = 0;
        long positives = 0;
        int i = 0;
        while (i < t) {
            int end = i;
            while (end + 1 < t && s[order[end + 1]] == s[order[i]]) {
                end++;
            }
            double midRank = (i + end) / 2.0 + 1.0;
            for (int k = i; k <= end; k++) {
                if (y[offset + order[k]]) {
                    positiveRankSum += midRank;
                    positives++;
                }
            }
            i = end + 1;
        }
        long negatives = t - positives;
        if (positives == 0 || negatives == 0) {
            return Double.NaN;
        }
        return (positiveRankSum - positives * (positives + 1) / 2.0) / ((double) positives * negatives);
    }

    @Override
    public boolean higherIsBetter() {
        return true;
    }
}
