package org.okl.core.conformal;

import java.util.Arrays;

/**
 * The finite-sample quantiles of Barber, Candes, Ramdas and Tibshirani (2021, §1.1): for n values v_1..v_n,
 * {@code q+(v) = the ceil((1-alpha)(n+1))-th smallest v_i} (+infinity when that index exceeds n) and
 * {@code q-(v) = the floor(alpha(n+1))-th smallest v_i} (-infinity when that index is below 1). These are the ranks
 * that give split, jackknife+ and CV+ intervals their coverage guarantees; one rank off and the guarantee is gone.
 */
public final class ConformalQuantiles {
    /** Slack for (1-alpha)(n+1) computed in floating point (0.9 * 10 = 9.000000000000002). */
    private static final double ROUNDING = 1e-9;

    private ConformalQuantiles() {
    }

    /** The 1-based rank of q+: ceil((1-alpha)(n+1)). */
    public static int upperRank(int n, double alpha) {
        requireAlpha(alpha);
        return (int) Math.ceil((1 - alpha) * (n + 1) - ROUNDING);
    }

    /** The 1-based rank of q-: floor(alpha(n+1)). */
    public static int lowerRank(int n, double alpha) {
        requireAlpha(alpha);
        return (int) Math.floor(alpha * (n + 1) + ROUNDING);
    }

    /** q+ of the values: the upperRank-th smallest, or +infinity when the rank exceeds n. */
    public static double upper(double[] values, double alpha) {
        int rank = upperRank(values.length, alpha);
        if (rank > values.length) {
            return Double.POSITIVE_INFINITY;
        }
        return sorted(values)[rank - 1];
    }

    /** q- of the values: the lowerRank-th smallest, or -infinity when the rank is below 1. */
    public static double lower(double[] values, double alpha) {
        int rank = lowerRank(values.length, alpha);
        if (rank < 1) {
            return Double.NEGATIVE_INFINITY;
        }
        return sorted(values)[rank - 1];
    }

    private static double[] sorted(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        return s;
    }

    private static void requireAlpha(double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("the miscoverage alpha must lie strictly between 0 and 1, not " + alpha);
        }
    }
}
