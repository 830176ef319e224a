package org.okl.bench.accuracy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The corrected resampled t-test against scipy (1.10, stats.t.sf) on the same numbers. */
class PairedTestTest {

    @Test
    void matchesScipy() {
        double[] a = {0.10, 0.12, 0.09, 0.11, 0.13, 0.10, 0.08, 0.12, 0.11, 0.10};
        double[] b = {0.12, 0.13, 0.10, 0.12, 0.12, 0.13, 0.10, 0.13, 0.12, 0.12};
        PairedTest.Result r = PairedTest.correctedResampled(a, b, 0.25);
        // scipy: mean -0.013, t -2.0742920265956535, p 0.06789030141564456
        assertThat(r.meanDifference()).isCloseTo(-0.013, within(1e-15));
        assertThat(r.t()).isCloseTo(-2.0742920265956535, within(1e-12));
        assertThat(r.p()).isCloseTo(0.06789030141564456, within(1e-10));
    }

    @Test
    void identicalScoresTieAndConstantDifferencesAreCertain() {
        assertThat(PairedTest.correctedResampled(new double[] {1, 2}, new double[] {1, 2}, 0.25).p()).isEqualTo(1.0);
        assertThat(PairedTest.correctedResampled(new double[] {1, 2}, new double[] {0, 1}, 0.25).p()).isZero();
        assertThatThrownBy(() -> PairedTest.correctedResampled(new double[] {1}, new double[] {1}, 0.25))
                .hasMessageContaining("length >= 2");
    }
}
