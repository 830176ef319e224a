package org.okl.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrorMetric;
import org.okl.api.metric.SquaredErrors;

/**
 * Weighted squared-error sums ({@link SquaredErrors#weights()}) give the metric of the rows repeated as many times as
 * their integer weights; unweighted sums keep weights equal to their counts.
 */
class WeightedSquaredErrorsTest {

    @Test
    void weightedSumsScoreARowAsThatManyCopiesOfIt() {
        Random r = new Random(3);
        int n = 60;
        int d = 3;
        Matrix y = Matrix.zeros(n, d);
        Matrix f = Matrix.zeros(n, d);
        int[] times = new int[n];
        for (int i = 0; i < n; i++) {
            times[i] = r.nextInt(4);
            for (int j = 0; j < d; j++) {
                y.set(i, j, i % 11 == j ? Double.NaN : r.nextGaussian() * (j + 1) + (i % 2) * j);
                f.set(i, j, y.get(i, j) + (0.1 + 0.4 * (i % 3)) * r.nextGaussian());
            }
        }
        long[] counts = new long[d];
        double[] e = new double[d];
        double[] s = new double[d];
        double[] q = new double[d];
        double[] w = new double[d];
        int total = java.util.Arrays.stream(times).sum();
        Matrix ry = Matrix.zeros(total, d);
        Matrix rf = Matrix.zeros(total, d);
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                double v = y.get(i, j);
                if (!Double.isNaN(v)) {
                    counts[j]++;
                    w[j] += times[i];
                    e[j] += times[i] * (v - f.get(i, j)) * (v - f.get(i, j));
                    s[j] += times[i] * v;
                    q[j] += times[i] * v * v;
                }
            }
            for (int c = 0; c < times[i]; c++, k++) {
                for (int j = 0; j < d; j++) {
                    ry.set(k, j, y.get(i, j));
                    rf.set(k, j, f.get(i, j));
                }
            }
        }
        SquaredErrors weighted = new SquaredErrors(counts, e, s, q, w);
        for (SquaredErrorMetric metric : new SquaredErrorMetric[] {new MeanSquaredError(false),
            new MeanSquaredError(true), new AverageRelativeRmse()}) {
            double repeated = metric.evaluate(ry, Decoded.of(rf));
            assertThat(metric.fromSums(weighted)).as(metric.getClass().getSimpleName()).isCloseTo(repeated,
                    within(1e-10));
            assertThat(metric.fromSums(SquaredErrors.of(y, f))).as("unweighted differs")
                    .isNotCloseTo(repeated, within(1e-4));
        }

        SquaredErrors plain = SquaredErrors.of(y, f);
        assertThat(plain.weights()).containsExactly(java.util.Arrays.stream(plain.counts()).asDoubleStream()
                .toArray());
        assertThat(plain.plus(weighted).weights()[1]).isEqualTo(plain.counts()[1] + w[1]);
        SquaredErrors none = new SquaredErrors(counts, e, s, q, new double[d]);
        assertThatThrownBy(() -> new MeanSquaredError(false).fromSums(none))
                .hasMessageContaining("every row weighs 0");
    }
}
