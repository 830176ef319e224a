package org.okl.experiments.verdict;

import java.util.Arrays;
import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * The test of a timing comparison: two methods timed in interleaved repeats (repeat i of both in the same stretch
 * of time, so a load spike slows both), judged by the ratio of their medians and by sign tests on the per-repeat
 * log ratios log(a_i / b_i), which outliers cannot sway as they sway a mean. Ties (equal log ratios) are dropped.
 *
 * @param n         the number of repeats
 * @param ratio     the ratio of medians, median(a) / median(b)
 * @param logRatios the per-repeat log(a_i / b_i)
 */
public record TimingTest(int n, double ratio, double[] logRatios) {

    /** Copies the log ratios. */
    public TimingTest {
        logRatios = logRatios.clone();
    }

    /**
     * The fewest repeats with which the two-sided sign test of a "faster" comparison can fall below Holm's first
     * threshold among {@code comparisons} comparisons: the smallest n with 2·(1/2)^n ≤ {@link Comparison#ALPHA} /
     * comparisons (an "alike" timing's one-sided tests need no more). With
     * fewer, a timing claim of that many comparisons cannot hold whatever the times, so a protocol that times fewer
     * has decided nothing.
     */
    public static int repeatsToDecide(int comparisons) {
        if (comparisons < 1) {
            throw new IllegalArgumentException("comparisons must be positive, got " + comparisons);
        }
        int n = 1;
        while (2 * Math.pow(0.5, n) > Comparison.ALPHA / comparisons) {
            n++;
        }
        return n;
    }

    /** The test of a against b over paired interleaved repeats. */
    public static TimingTest of(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("timing test of " + a.length + " against " + b.length + " repeats");
        }
        double[] l = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] > 0) || !(b[i] > 0)) {
                throw new IllegalArgumentException("a timing must be positive, got " + a[i] + " and " + b[i]);
            }
            l[i] = Math.log(a[i] / b[i]);
        }
        return new TimingTest(a.length, median(a) / median(b), l);
    }

    /**
     * The two-sided sign-test p-value of "the median log ratio is not {@code log(factor)}": twice the binomial
     * tail of the larger side, at most 1 (NaN with no untied repeat).
     */
    public double pDifferent(double factor) {
        return Math.min(1, 2 * Math.min(pBelow(factor), pAbove(factor)));
    }

    /** One-sided sign-test p-value against "median log ratio ≥ log(factor)": small when a/b is below factor. */
    public double pBelow(double factor) {
        double c = Math.log(factor);
        return tail(Arrays.stream(logRatios).filter(v -> v < c).count(),
                Arrays.stream(logRatios).filter(v -> v != c).count());
    }

    /** One-sided sign-test p-value against "median log ratio ≤ log(factor)": small when a/b is above factor. */
    public double pAbove(double factor) {
        double c = Math.log(factor);
        return tail(Arrays.stream(logRatios).filter(v -> v > c).count(),
                Arrays.stream(logRatios).filter(v -> v != c).count());
    }

    /** P(X ≥ k) for X ~ Binomial(m, 1/2). */
    private static double tail(long k, long m) {
        if (m == 0) {
            return Double.NaN;
        }
        return k == 0 ? 1 : 1 - new BinomialDistribution(null, (int) m, 0.5).cumulativeProbability((int) k - 1);
    }

    /** The median of the values. */
    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }
}
