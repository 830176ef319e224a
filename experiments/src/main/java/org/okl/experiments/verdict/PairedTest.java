package org.okl.experiments.verdict;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The two-sided paired t-test every verdict uses: the differences a_i − b_i of two methods over the same units
 * (repetitions, draws, folds, or the test points of a single run), tested against a zero mean.
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
}
