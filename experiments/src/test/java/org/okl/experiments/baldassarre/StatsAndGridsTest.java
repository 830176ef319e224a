package org.okl.experiments.baldassarre;

import org.junit.jupiter.api.Test;
import org.okl.experiments.table.Stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StatsAndGridsTest {

    @Test
    void summariesMatchHandComputedValues() {
        double[] v = {1, 2, 4, 9};
        assertThat(Stats.mean(v)).isEqualTo(4.0);
        // sample variance: (9 + 4 + 0 + 25) / 3
        assertThat(Stats.std(v)).isCloseTo(Math.sqrt(38.0 / 3), within(1e-12));
        assertThat(Stats.median(v)).isEqualTo(3.0);
        assertThat(Stats.median(new double[] {5, 1, 3})).isEqualTo(3.0);
        assertThat(Stats.std(new double[] {7})).isZero();
        assertThat(Stats.mean(new double[0])).isNaN();
    }

    @Test
    void numbersArePrintedWithSignificantDigits() {
        assertThat(Stats.number(0.0123456, 3)).isEqualTo("0.0123");
        assertThat(Stats.number(31.04, 3)).isEqualTo("31");
        assertThat(Stats.number(2.5e-6, 2)).isEqualTo("2.5e-06");
        assertThat(Stats.meanStd(new double[] {1, 3}, 2)).isEqualTo("2 ± 1.4");
    }

    @Test
    void gridsHaveThePapersEndpointsAndSpacing() {
        double[] lambdas = Fits.geometric(1e-2, 1e-5, 30);
        assertThat(lambdas).hasSize(30);
        assertThat(lambdas[0]).isCloseTo(1e-2, within(1e-15));
        assertThat(lambdas[29]).isCloseTo(1e-5, within(1e-18));
        double ratio = lambdas[1] / lambdas[0];
        assertThat(lambdas[15] / lambdas[14]).isCloseTo(ratio, within(1e-12));
        assertThat(Fits.linear(0, 1, 11)).containsExactly(0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0);
    }
}
