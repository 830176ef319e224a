package org.okl.decoders.decoder;

import java.util.Arrays;

/**
 * Chooses a per-label decision threshold maximising F1 on validation scores.
 *
 * <p>Rule: sort the label's distinct validation scores decreasingly, v_1 > ... > v_K. The candidate thresholds are
 * {@code +Infinity} (no positive), the midpoints {@code (v_k + v_(k+1)) / 2} (positives = the scores >= v_k) and
 * {@code -Infinity} (all positive). Each gets {@code F1 = 2 TP / (2 TP + FP + FN)}, with F1 = 1 when the label has
 * no positive in the truth and none is predicted (0/0). The threshold with the largest F1 wins; ties go to the
 * candidate closest to the default threshold, then to the larger threshold.
 */
final class F1Thresholds {

    private F1Thresholds() {
    }

    /**
     * The F1-optimal threshold of one label.
     *
     * @param scores    the validation scores of the label
     * @param positive  whether each validation point has the label
     * @param fallback  the default threshold, which breaks ties
     */
    static double best(double[] scores, boolean[] positive, double fallback) {
        int n = scores.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(scores[b], scores[a]));
        int totalPositive = 0;
        for (boolean p : positive) {
            totalPositive += p ? 1 : 0;
        }
        double bestThreshold = Double.POSITIVE_INFINITY;
        double bestF1 = f1(0, 0, totalPositive);
        int tp = 0;
        int fp = 0;
        int k = 0;
        while (k < n) {
            double v = scores[order[k]];
            while (k < n && scores[order[k]] == v) {
                if (positive[order[k]]) {
                    tp++;
                } else {
                    fp++;
                }
                k++;
            }
            double threshold = k < n ? 0.5 * (v + scores[order[k]]) : Double.NEGATIVE_INFINITY;
            double f1 = f1(tp, fp, totalPositive - tp);
            if (f1 > bestF1 || (f1 == bestF1 && closer(threshold, bestThreshold, fallback))) {
                bestF1 = f1;
                bestThreshold = threshold;
            }
        }
        return bestThreshold;
    }

    private static double f1(int tp, int fp, int fn) {
        int denominator = 2 * tp + fp + fn;
        return denominator == 0 ? 1.0 : 2.0 * tp / denominator;
    }

    /** Whether {@code a} beats {@code b} on the tie-break: nearer the fallback, then larger. */
    private static boolean closer(double a, double b, double fallback) {
        double da = Math.abs(a - fallback);
        double db = Math.abs(b - fallback);
        return da < db || (da == db && a > b);
    }
}
