package org.okl.core.conformal;

/**
 * Jackknife+ and CV+ intervals for one output at one new point (Barber, Candes, Ramdas and Tibshirani 2021, §1.2 and
 * §3): with leave-one-out (or out-of-fold) predictions {@code mu_{-i}(x)} and residuals {@code R_i}, the interval is
 * {@code [q-(mu_{-i}(x) - R_i), q+(mu_{-i}(x) + R_i)]}. Coverage is at least 1 - 2 alpha for any algorithm and
 * exchangeable data (Theorem 1); for CV+ with K folds of n/K rows, where {@code mu_{-i}} is the model fitted without
 * i's fold, at least {@code 1 - 2 alpha - min(2(1 - 1/K)/(n/K + 1), (1 - K/n)/(K + 1))} (Theorem 4); typically near
 * 1 - alpha. The plain jackknife ({@link #halfWidth}) has no such worst-case guarantee, only for stable algorithms
 * (the paper's §5), which kernel ridge with lambda bounded away from 0 is.
 */
public final class Jackknife {

    private Jackknife() {
    }

    /**
     * The jackknife+ (or CV+) interval {lower, upper} at one point from the leave-out predictions there and the
     * absolute leave-out residuals, both of length n.
     */
    public static double[] plus(double[] leaveOutPredictions, double[] absResiduals, double alpha) {
        int n = absResiduals.length;
        if (leaveOutPredictions.length != n) {
            throw new IllegalArgumentException(leaveOutPredictions.length + " predictions but " + n + " residuals");
        }
        double[] low = new double[n];
        double[] high = new double[n];
        for (int i = 0; i < n; i++) {
            low[i] = leaveOutPredictions[i] - absResiduals[i];
            high[i] = leaveOutPredictions[i] + absResiduals[i];
        }
        return new double[] {ConformalQuantiles.lower(low, alpha), ConformalQuantiles.upper(high, alpha)};
    }

    /**
     * The half-width of the plain jackknife interval {@code mu(x) ± q+(R_i)} from the absolute leave-one-out
     * residuals: the same at every point, so it needs only the residuals.
     */
    public static double halfWidth(double[] absResiduals, double alpha) {
        return ConformalQuantiles.upper(absResiduals, alpha);
    }
}
