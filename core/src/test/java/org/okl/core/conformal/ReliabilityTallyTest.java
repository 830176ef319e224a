package org.okl.core.conformal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ReliabilityTallyTest {

    /**
     * 4 bins, pairs counted by hand: bin 0 holds 0.1 (label 0) and -0.3 clipped to 0 (label 1); bin 1 is empty; bin 2
     * holds 0.6 (1); bin 3 holds 0.8 (0), 1.0 (1) and 1.7 clipped to 1 (1); the NaN label and the NaN probability are
     * skipped. ECE = (|1 - 0.1| + |1 - 0.6| + |2 - 2.8|) / 6.
     */
    @Test
    void binsEqualAHandCount() {
        ReliabilityTally t = new ReliabilityTally(4);
        t.add(new double[] {0.1, -0.3, 0.6, 0.8, 1.0, 1.7, 0.5, Double.NaN},
                new double[] {0, 1, 1, 0, 1, 1, Double.NaN, 1});
        assertThat(t.total()).isEqualTo(6);
        assertThat(new long[] {t.count(0), t.count(1), t.count(2), t.count(3)}).containsExactly(2, 0, 1, 3);
        assertThat(t.meanProbability(0)).isCloseTo(0.05, within(1e-15));
        assertThat(t.observedFrequency(0)).isEqualTo(0.5);
        assertThat(t.meanProbability(1)).isNaN();
        assertThat(t.observedFrequency(3)).isCloseTo(2 / 3.0, within(1e-15));
        assertThat(t.meanProbability(3)).isCloseTo(2.8 / 3, within(1e-15));
        assertThat(t.expectedCalibrationError()).isCloseTo((0.9 + 0.4 + 0.8) / 6, within(1e-15));
    }

    /** Added part by part, the ECE equals {@link CalibrationError#expected} on all pairs at once. */
    @Test
    void eceEqualsCalibrationErrorOverAllPairs() {
        Random r = new Random(3);
        double[] p = new double[500];
        double[] y = new double[500];
        for (int i = 0; i < p.length; i++) {
            p[i] = 1.2 * r.nextDouble() - 0.1;
            y[i] = r.nextDouble() < Math.min(1, Math.max(0, p[i] * p[i])) ? 1 : 0;
        }
        ReliabilityTally t = new ReliabilityTally(CalibrationError.BINS);
        t.add(java.util.Arrays.copyOfRange(p, 0, 123), java.util.Arrays.copyOfRange(y, 0, 123));
        t.add(java.util.Arrays.copyOfRange(p, 123, 500), java.util.Arrays.copyOfRange(y, 123, 500));
        assertThat(t.expectedCalibrationError()).isCloseTo(CalibrationError.expected(p, y, CalibrationError.BINS),
                within(1e-12));
        assertThat(t.total()).isEqualTo(500);
    }
}
