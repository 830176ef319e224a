package org.okl.bench.accuracy;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The corrected resampled t-test of Nadeau and Bengio (2003) for the paired differences of two methods over the
 * J = r x k folds of r repetitions of k-fold cross-validation: the folds' training sets overlap, so the plain t-test's
 * variance {@code s^2 / J} is replaced by {@code (1/J + n_test/n_train) s^2}, and t has J - 1 degrees of freedom.
 */
public final class PairedTest {
    private PairedTest() {
    }

    /**
     * The outcome.
     *
     * @param meanDifference the mean of a - b over the folds
     * @param t              the corrected t statistic (0 when every difference is 0)
     * @param p              the two-sided p-value
     */
    public record Result(double meanDifference, double t, double p) {
    }

    /**
     * Tests a - b.
     *
     * @param a          the first method's score on every fold
     * @param b          the second method's score on the same folds
     * @param testShare  n_test / n_train of one fold (1/(k-1) for k-fold)
     * @throws IllegalArgumentException for fewer than two folds or arrays of different lengths
     */
    public static Result correctedResampled(double[] a, double[] b, double testShare) {
        if (a.length != b.length || a.length < 2) {
            throw new IllegalArgumentException("paired test needs two arrays of the same length >= 2, got "
                    + a.length + " and " + b.length);
        }
        int j = a.length;
        double mean = 0;
        for (int i = 0; i < j; i++) {
            mean += (a[i] - b[i]) / j;
        }
        double ss = 0;
        for (int i = 0; i < j; i++) {
            double d = a[i] - b[i] - mean;
            ss += d * d;
        }
        double variance = ss / (j - 1);
        double scale = Math.sqrt((1.0 / j + testShare) * variance);
        if (scale == 0.0) {
            return new Result(mean, 0.0, mean == 0.0 ? 1.0 : 0.0);
        }
        double t = mean / scale;
        double p = 2.0 * new TDistribution(null, j - 1).cumulativeProbability(-Math.abs(t));
        return new Result(mean, t, p);
    }
}
