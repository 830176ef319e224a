package org.okl.core.conformal;

/**
 * The expected calibration error of probabilities against 0/1 labels (Naeini, Cooper and Hauskrecht 2015; Guo et al.
 * 2017): with the probabilities in B equal-width bins of [0, 1], {@code ECE = sum_b (n_b / n) |mean_b(y) -
 * mean_b(p)|}. 0 for perfectly calibrated probabilities; it says nothing about how sharp they are.
 */
public final class CalibrationError {
    /** The usual number of bins. */
    public static final int BINS = 10;

    private CalibrationError() {
    }

    /**
     * The expected calibration error over {@code bins} equal-width bins; NaN labels are skipped, probabilities are
     * clipped to [0, 1] (raw scores used as probabilities).
     *
     * @throws IllegalArgumentException when the lengths differ or there are no labels
     */
    public static double expected(double[] probabilities, double[] labels, int bins) {
        if (probabilities.length != labels.length) {
            throw new IllegalArgumentException(probabilities.length + " probabilities but " + labels.length
                    + " labels");
        }
        double[] count = new double[bins];
        double[] sumP = new double[bins];
        double[] sumY = new double[bins];
        double n = 0;
        for (int i = 0; i < labels.length; i++) {
            if (Double.isNaN(labels[i]) || Double.isNaN(probabilities[i])) {
                continue;
            }
            double p = Math.min(1, Math.max(0, probabilities[i]));
            int b = Math.min(bins - 1, (int) Math.floor(p * bins));
            count[b]++;
            sumP[b] += p;
            sumY[b] += labels[i] > 0.5 ? 1 : 0;
            n++;
        }
        if (n == 0) {
            throw new IllegalArgumentException("no labels to compute a calibration error on");
        }
        double ece = 0;
        for (int b = 0; b < bins; b++) {
            if (count[b] > 0) {
                ece += Math.abs(sumY[b] - sumP[b]) / n;
            }
        }
        return ece;
    }
}
