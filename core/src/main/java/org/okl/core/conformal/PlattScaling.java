package org.okl.core.conformal;

/**
 * Platt scaling (Platt 1999): a label's probability {@code P(y = 1 | f) = 1 / (1 + exp(a f + b))} from its score f,
 * with (a, b) minimising the cross-entropy against Platt's smoothed targets {@code t+ = (N+ + 1)/(N+ + 2)},
 * {@code t- = 1/(N- + 2)} on out-of-sample scores. Fitted by Newton's method with a backtracking line search and a
 * diagonal shift when the Hessian is near singular, in the numerically stable form of Lin, Lin and Weng (2007, "A
 * note on Platt's probabilistic outputs for support vector machines", Algorithm 1); the same objective and targets as
 * scikit-learn's {@code CalibratedClassifierCV(method="sigmoid")}.
 *
 * @param a the slope (negative when higher scores mean the label more likely)
 * @param b the intercept
 */
public record PlattScaling(double a, double b) {
    private static final int MAX_ITERATIONS = 100;
    private static final double MIN_STEP = 1e-10;
    private static final double SIGMA = 1e-12;
    private static final double EPSILON = 1e-5;

    /** The probability of the label for a score. */
    public double probability(double score) {
        double z = a * score + b;
        return z >= 0 ? Math.exp(-z) / (1 + Math.exp(-z)) : 1 / (1 + Math.exp(z));
    }

    /**
     * The scaling fitted on scores and their labels (1 for the label, 0 without; NaN labels are skipped).
     *
     * @throws IllegalArgumentException when the lengths differ or a score is not finite
     */
    public static PlattScaling fit(double[] scores, double[] labels) {
        if (scores.length != labels.length) {
            throw new IllegalArgumentException(scores.length + " scores but " + labels.length + " labels");
        }
        double[] t = targets(labels);
        int n = scores.length;
        double prior1 = 0;
        double prior0 = 0;
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(scores[i])) {
                throw new IllegalArgumentException("score " + scores[i] + " at " + i + " is not finite");
            }
            if (!Double.isNaN(labels[i])) {
                if (labels[i] > 0.5) {
                    prior1++;
                } else {
                    prior0++;
                }
            }
        }
        double a = 0;
        double b = Math.log((prior0 + 1) / (prior1 + 1));
        double value = objective(scores, t, a, b);
        for (int it = 0; it < MAX_ITERATIONS; it++) {
            double[] g = gradient(scores, t, a, b);
            if (Math.abs(g[0]) < EPSILON && Math.abs(g[1]) < EPSILON) {
                break;
            }
            double h11 = SIGMA;
            double h22 = SIGMA;
            double h21 = 0;
            for (int i = 0; i < n; i++) {
                if (Double.isNaN(t[i])) {
                    continue;
                }
                double p = new PlattScaling(a, b).probability(scores[i]);
                double d2 = p * (1 - p);
                h11 += scores[i] * scores[i] * d2;
                h22 += d2;
                h21 += scores[i] * d2;
            }
            double det = h11 * h22 - h21 * h21;
            double da = -(h22 * g[0] - h21 * g[1]) / det;
            double db = -(-h21 * g[0] + h11 * g[1]) / det;
            double gd = g[0] * da + g[1] * db;
            double step = 1;
            boolean moved = false;
            while (step >= MIN_STEP) {
                double na = a + step * da;
                double nb = b + step * db;
                double next = objective(scores, t, na, nb);
                if (next < value + 1e-4 * step * gd) {
                    a = na;
                    b = nb;
                    value = next;
                    moved = true;
                    break;
                }
                step /= 2;
            }
            if (!moved) {
                break;
            }
        }
        return new PlattScaling(a, b);
    }

    /** Platt's smoothed targets: (N+ + 1)/(N+ + 2) for a label, 1/(N- + 2) without (NaN stays NaN). */
    static double[] targets(double[] labels) {
        double positives = 0;
        double negatives = 0;
        for (double l : labels) {
            if (!Double.isNaN(l)) {
                if (l > 0.5) {
                    positives++;
                } else {
                    negatives++;
                }
            }
        }
        double hi = (positives + 1) / (positives + 2);
        double lo = 1 / (negatives + 2);
        double[] t = new double[labels.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = Double.isNaN(labels[i]) ? Double.NaN : labels[i] > 0.5 ? hi : lo;
        }
        return t;
    }

    /**
     * The cross-entropy {@code sum_i -t_i log p_i - (1 - t_i) log(1 - p_i)} with {@code p_i = 1/(1 + exp(a f_i + b))},
     * in the overflow-free form {@code sum_i (t_i - 1) z_i + log(1 + exp(z_i))}, z_i = a f_i + b, written stably.
     */
    static double objective(double[] scores, double[] t, double a, double b) {
        double sum = 0;
        for (int i = 0; i < scores.length; i++) {
            if (Double.isNaN(t[i])) {
                continue;
            }
            double z = a * scores[i] + b;
            sum += z >= 0 ? t[i] * z + Math.log1p(Math.exp(-z)) : (t[i] - 1) * z + Math.log1p(Math.exp(z));
        }
        return sum;
    }

    /** The objective's gradient in (a, b): {@code sum_i (t_i - p_i) (f_i, 1)}. */
    static double[] gradient(double[] scores, double[] t, double a, double b) {
        double ga = 0;
        double gb = 0;
        PlattScaling s = new PlattScaling(a, b);
        for (int i = 0; i < scores.length; i++) {
            if (Double.isNaN(t[i])) {
                continue;
            }
            double d = t[i] - s.probability(scores[i]);
            ga += scores[i] * d;
            gb += d;
        }
        return new double[] {ga, gb};
    }
}
