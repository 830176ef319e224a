package org.okl.decoders.decoder;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.testkit.DifferingEntries;

/**
 * Thresholds tuned for a metric: with at most 33 distinct scores the candidates are every midpoint, so the tuned
 * thresholds must reach the brute-force optimum (the Hamming loss decomposes over labels, so per-label tuning is
 * each label's own optimum).
 */
class MetricThresholdsTest {
    private static final DifferingEntries HAMMING = new DifferingEntries();

    private static Decoded decide(Matrix scores, double[] t) {
        Matrix out = Matrix.zeros(scores.rows(), scores.cols());
        for (int i = 0; i < scores.rows(); i++) {
            for (int j = 0; j < scores.cols(); j++) {
                out.set(i, j, scores.get(i, j) >= t[j] ? 1 : 0);
            }
        }
        return Decoded.of(out);
    }

    private static int errors(double[] scores, double[] truth, double threshold) {
        int e = 0;
        for (int i = 0; i < scores.length; i++) {
            e += (scores[i] >= threshold ? 1 : 0) != truth[i] ? 1 : 0;
        }
        return e;
    }

    private static int best(double[] scores, double[] truth) {
        TreeSet<Double> candidates = new TreeSet<>();
        candidates.add(Double.NEGATIVE_INFINITY);
        candidates.add(Double.POSITIVE_INFINITY);
        for (double s : scores) {
            candidates.add(s);
            candidates.add(Math.nextUp(s));
        }
        int best = Integer.MAX_VALUE;
        for (double c : candidates) {
            best = Math.min(best, errors(scores, truth, c));
        }
        return best;
    }

    @Test
    void perLabelTuningReachesEachLabelsOptimumAndGlobalTheCommonOptimum() {
        Random r = new Random(3);
        int n = 15;
        Matrix scores = Matrix.zeros(n, 2);
        Matrix truth = Matrix.zeros(n, 2);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 2; j++) {
                truth.set(i, j, r.nextDouble() < 0.4 ? 1 : 0);
                scores.set(i, j, 0.2 * (j + 1) + 0.5 * truth.get(i, j) + 0.35 * r.nextGaussian());
            }
        }
        MetricThresholds tuner = new MetricThresholds(HAMMING, truth, scores, t -> decide(scores, t), false);
        double[] perLabel = tuner.tune(0.5, true);
        int expected = best(scores.columnValues(0), truth.columnValues(0))
                + best(scores.columnValues(1), truth.columnValues(1));
        assertThat(HAMMING.evaluate(truth, decide(scores, perLabel)) * 2 * n).isCloseTo(expected,
                org.assertj.core.api.Assertions.within(1e-9));
        double[] common = tuner.tune(0.5, false);
        assertThat(common[0]).isEqualTo(common[1]);
        int bestCommon = Integer.MAX_VALUE;
        for (double c : scores.data()) {
            for (double t : new double[] {c, Math.nextUp(c)}) {
                bestCommon = Math.min(bestCommon, errors(scores.columnValues(0), truth.columnValues(0), t)
                        + errors(scores.columnValues(1), truth.columnValues(1), t));
            }
        }
        assertThat(HAMMING.evaluate(truth, decide(scores, common)) * 2 * n).isCloseTo(bestCommon,
                org.assertj.core.api.Assertions.within(1e-9));
        assertThat(expected).isLessThanOrEqualTo(bestCommon);
    }

    /**
     * From counts (sorted scores, binary search) the tuning takes the same thresholds as by decoding every row, on
     * scores with ties, a NaN and more distinct values than candidates; an all-NaN label's counts put its rows
     * negative, as the decoding does.
     */
    @Test
    void countsGiveTheThresholdsThatDecodingEveryRowGives() {
        Random r = new Random(11);
        int n = 300;
        int labels = 7;
        Matrix scores = Matrix.zeros(n, labels);
        Matrix truth = Matrix.zeros(n, labels);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < labels; j++) {
                truth.set(i, j, r.nextDouble() < 0.1 + 0.1 * j ? 1 : 0);
                double s = 0.3 * truth.get(i, j) + 0.4 * r.nextGaussian() + 0.05 * j;
                scores.set(i, j, j == 2 ? Math.round(s * 4) / 4.0 : s);
            }
        }
        scores.set(5, 1, Double.NaN);
        for (int i = 0; i < n; i++) {
            scores.set(i, 6, Double.NaN);
        }
        MetricThresholds byRows = new MetricThresholds(HAMMING, truth, scores, t -> decide(scores, t), false);
        MetricThresholds byCounts = new MetricThresholds(HAMMING, truth, scores, t -> {
            throw new AssertionError("decoded although counts suffice");
        }, true);
        for (boolean perLabel : new boolean[] {false, true}) {
            assertThat(byCounts.tune(0.5, perLabel)).containsExactly(byRows.tune(0.5, perLabel));
        }
        double[] half = new double[labels];
        java.util.Arrays.fill(half, 0.5);
        assertThat(HAMMING.evaluate(truth, decide(scores, byCounts.tune(0.5, true))))
                .as("tuning moved the thresholds").isLessThan(HAMMING.evaluate(truth, decide(scores, half)));
    }

    @Test
    void candidatesAreMidpointsBetweenQuantilesAndTheStart() {
        double[] c = MetricThresholds.candidates(new double[] {3, 1, 2, 2}, 0.5);
        assertThat(c[0]).isEqualTo(0.5);
        assertThat(c).contains(1.5, 2.5).contains(Math.nextUp(3.0));
        assertThat(c[1]).isLessThan(1.0);
        assertThat(MetricThresholds.candidates(new double[] {Double.NaN}, 0.5)).containsExactly(0.5);
    }
}
