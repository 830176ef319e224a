package org.okl.core.conformal;

/**
 * The counts behind a reliability diagram and the expected calibration error ({@link CalibrationError}), summed part
 * by part: probabilities against 0/1 labels in B equal-width bins of [0, 1], per bin the pairs, the sum of the
 * probabilities and the labels that are 1. NaN labels and probabilities are skipped, probabilities are clipped to
 * [0, 1] (raw scores used as probabilities), and a probability of exactly 1 falls in the last bin, as in
 * {@link CalibrationError#expected}. Mutable and not thread-safe: one tally per evaluation and kind of score.
 */
public final class ReliabilityTally {
    private final long[] count;
    private final double[] sumP;
    private final long[] ones;

    /** An empty tally over {@code bins} equal-width bins (at least 1). */
    public ReliabilityTally(int bins) {
        if (bins < 1) {
            throw new IllegalArgumentException("a reliability diagram needs at least one bin, not " + bins);
        }
        count = new long[bins];
        sumP = new double[bins];
        ones = new long[bins];
    }

    /**
     * Adds (probability, label) pairs; a label above 0.5 counts as 1.
     *
     * @throws IllegalArgumentException when the lengths differ
     */
    public void add(double[] probabilities, double[] labels) {
        if (probabilities.length != labels.length) {
            throw new IllegalArgumentException(probabilities.length + " probabilities but " + labels.length
                    + " labels");
        }
        int bins = count.length;
        for (int i = 0; i < labels.length; i++) {
            if (Double.isNaN(labels[i]) || Double.isNaN(probabilities[i])) {
                continue;
            }
            double p = Math.min(1, Math.max(0, probabilities[i]));
            int b = Math.min(bins - 1, (int) Math.floor(p * bins));
            count[b]++;
            sumP[b] += p;
            if (labels[i] > 0.5) {
                ones[b]++;
            }
        }
    }

    /** The number of bins. */
    public int bins() {
        return count.length;
    }

    /** The pairs in a bin. */
    public long count(int bin) {
        return count[bin];
    }

    /** All pairs counted. */
    public long total() {
        long n = 0;
        for (long c : count) {
            n += c;
        }
        return n;
    }

    /** The mean probability in a bin (NaN for an empty bin). */
    public double meanProbability(int bin) {
        return count[bin] == 0 ? Double.NaN : sumP[bin] / count[bin];
    }

    /** The share of labels that are 1 in a bin (NaN for an empty bin). */
    public double observedFrequency(int bin) {
        return count[bin] == 0 ? Double.NaN : ones[bin] / (double) count[bin];
    }

    /**
     * The expected calibration error {@code sum_b (n_b / n) |mean_b(y) - mean_b(p)|} (NaN before any pair); equal to
     * {@link CalibrationError#expected} on the same pairs.
     */
    public double expectedCalibrationError() {
        long n = total();
        if (n == 0) {
            return Double.NaN;
        }
        double ece = 0;
        for (int b = 0; b < count.length; b++) {
            if (count[b] > 0) {
                ece += Math.abs(ones[b] - sumP[b]) / n;
            }
        }
        return ece;
    }
}
