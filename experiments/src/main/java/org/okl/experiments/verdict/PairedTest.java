package org.okl.experiments.verdict;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The paired t-test every verdict on draws uses: the differences a_i − b_i of two methods over the same units
 * (repeated draws: resampled splits, seeds, folds), tested against a zero mean (two-sided) or, for an equivalence
 * margin M, by two one-sided tests (TOST) against |mean| ≥ M and against |mean| ≤ M.
 *
 * @param n    the number of units
 * @param mean the mean difference
 * @param sd   the sample standard deviation of the differences (n − 1 in the denominator)
 * @param t    the t statistic (NaN with fewer than 2 units; ±∞ when the differences are equal and not 0)
 * @param p    the two-sided p-value (NaN with fewer than 2 units; 1 when every difference is 0)
 */
public record PairedTest(int n, double mean, double sd, double t, double p) {

    /** The test of a − b over paired values. */
    public static PairedTest of(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("paired test of " + a.length + " against " + b.length + " values");
        }
        int n = a.length;
        double[] d = new double[n];
        double mean = 0;
        for (int i = 0; i < n; i++) {
            d[i] = a[i] - b[i];
            mean += d[i] / n;
        }
        if (n < 2) {
            return new PairedTest(n, n == 1 ? d[0] : Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double ss = 0;
        for (double v : d) {
            ss += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        // differences equal to round-off are no difference: scale by the values compared
        double scale = 0;
        for (int i = 0; i < n; i++) {
            scale = Math.max(scale, Math.max(Math.abs(a[i]), Math.abs(b[i])));
        }
        if (sd <= 1e-12 * scale) {
            boolean zero = Math.abs(mean) <= 1e-12 * scale;
            return new PairedTest(n, zero ? 0 : mean, 0, zero ? 0 : Math.copySign(Double.POSITIVE_INFINITY, mean),
                    zero ? 1 : 0);
        }
        double t = mean / (sd / Math.sqrt(n));
        double p = 2 * new TDistribution(null, n - 1).cumulativeProbability(-Math.abs(t));
        return new PairedTest(n, mean, sd, t, p);
    }

    /**
     * The TOST p-value of equivalence within ±margin: the larger of the one-sided p-values against mean ≤ −margin
     * and against mean ≥ +margin. Below the level, the mean difference lies within ±margin. NaN with fewer than
     * 2 units.
     */
    public double pEquivalent(double margin) {
        return Math.max(upperTail(mean + margin), lowerTail(mean - margin));
    }

    /**
     * The p-value of a difference beyond the margin: twice the smaller of the one-sided p-values against
     * mean ≤ +margin and against mean ≥ −margin (the side is chosen by the data, hence the factor 2), at most 1.
     * Below the level, the mean difference lies outside ±margin. NaN with fewer than 2 units.
     */
    public double pBeyond(double margin) {
        return Math.min(1, 2 * Math.min(upperTail(mean - margin), lowerTail(mean + margin)));
    }

    /** P(T ≥ (x / se)) for T with n − 1 degrees of freedom: small when x is clearly above 0. */
    private double upperTail(double x) {
        return lowerTail(-x);
    }

    /** P(T ≤ (x / se)): small when x is clearly below 0. */
    private double lowerTail(double x) {
        if (n < 2 || Double.isNaN(sd)) {
            return Double.NaN;
        }
        if (sd == 0) {
            return x < 0 ? 0 : 1;
        }
        return new TDistribution(null, n - 1).cumulativeProbability(x / (sd / Math.sqrt(n)));
    }
}
