package org.okl.metrics;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.LabelCountMetric;
import org.okl.api.metric.LabelCounts;
import org.okl.api.metric.Metric;

/**
 * F1 scores of multi-label predictions, as fractions in [0, 1]. Labels are read as 1 = positive, 0 or −1 =
 * negative. With TP, FP, FN counted over the given entries, F1 = 2·TP / (2·TP + FP + FN), and 0/0 (no positive in
 * the truth nor in the prediction) counts as 1: predicting the empty set for an empty truth is perfect.
 * <ul>
 *   <li>{@code f1-example} ({@link Averaging#EXAMPLE}): F1 of every test point over its labels,
 *       2·|y_i ∩ ŷ_i| / (|y_i| + |ŷ_i|), averaged over test points (Brogat-Motte et al. 2022);</li>
 *   <li>{@code f1-micro} ({@link Averaging#MICRO}): one F1 from TP, FP, FN summed over all points and labels;</li>
 *   <li>{@code f1-macro} ({@link Averaging#MACRO}): F1 of every label over the test points, averaged over labels
 *       (a label never positive and never predicted scores 1).</li>
 * </ul>
 */
public final class F1Score implements Metric {

    /** How the F1 is averaged. */
    public enum Averaging {
        /** Per test point, then the mean. */
        EXAMPLE,
        /** Counts pooled over everything. */
        MICRO,
        /** Per label, then the mean. */
        MACRO
    }

    private final Averaging averaging;

    /** An F1 score averaged as given. */
    public F1Score(Averaging averaging) {
        this.averaging = averaging;
    }

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        String id = "f1-" + averaging.name().toLowerCase(java.util.Locale.ROOT);
        Matrix f = predicted.outputs();
        Checks.sameShape(id, truth, f);
        boolean[] y = Checks.labels(id, "true", truth);
        boolean[] p = Checks.labels(id, "predicted", f);
        int t = truth.rows();
        int q = truth.cols();
        return switch (averaging) {
            case MICRO -> f1(y, p, 0, 1, y.length);
            case MACRO -> {
                double sum = 0;
                for (int j = 0; j < q; j++) {
                    sum += f1(y, p, j * t, 1, t);
                }
                yield sum / q;
            }
            case EXAMPLE -> {
                double sum = 0;
                for (int i = 0; i < t; i++) {
                    sum += f1(y, p, i, t, q);
                }
                yield sum / t;
            }
        };
    }

    /** F1 over {@code count} entries starting at {@code start}, {@code stride} apart; 0/0 is 1. */
    private static double f1(boolean[] y, boolean[] p, int start, int stride, int count) {
        long tp = 0;
        long wrong = 0;
        for (int c = 0, k = start; c < count; c++, k += stride) {
            if (y[k] && p[k]) {
                tp++;
            } else if (y[k] != p[k]) {
                wrong++;
            }
        }
        return f1(tp, wrong);
    }

    @Override
    public boolean higherIsBetter() {
        return true;
    }

    /**
     * The micro- or macro-averaged F1, which are functions of the labels' counts, as a {@link LabelCountMetric}.
     *
     * @throws IllegalArgumentException for {@link Averaging#EXAMPLE}, which depends on the rows' label sets
     */
    public static LabelCountMetric counted(Averaging averaging) {
        if (averaging == Averaging.EXAMPLE) {
            throw new IllegalArgumentException("f1-example is not a function of the labels' counts");
        }
        return new Counted(new F1Score(averaging));
    }

    /** Micro or macro F1 from the labels' counts, the same values as {@link F1Score#evaluate}. */
    private record Counted(F1Score score) implements LabelCountMetric {

        @Override
        public double evaluate(Matrix truth, Decoded predicted) {
            return score.evaluate(truth, predicted);
        }

        @Override
        public boolean higherIsBetter() {
            return true;
        }

        @Override
        public double fromCounts(LabelCounts counts) {
            long[] tp = counts.truePositives();
            long[] fp = counts.falsePositives();
            long[] fn = counts.falseNegatives();
            if (score.averaging == Averaging.MICRO) {
                long truePositives = 0;
                for (long t : tp) {
                    truePositives += t;
                }
                return f1(truePositives, counts.wrong());
            }
            double sum = 0;
            for (int j = 0; j < tp.length; j++) {
                sum += f1(tp[j], fp[j] + fn[j]);
            }
            return sum / tp.length;
        }
    }

    /** F1 from true positives and wrong decisions; 0/0 is 1. */
    private static double f1(long tp, long wrong) {
        long denominator = 2 * tp + wrong;
        return denominator == 0 ? 1.0 : 2.0 * tp / denominator;
    }
}
