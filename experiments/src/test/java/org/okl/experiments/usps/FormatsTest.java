package org.okl.experiments.usps;

import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.experiments.table.Stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class FormatsTest {

    @Test
    void meanStdAndStandardErrorMatchHandComputedValues() {
        double[] v = {1, 2, 3, 4};
        assertThat(Stats.mean(v)).isEqualTo(2.5);
        assertThat(Stats.std(v)).isCloseTo(Math.sqrt(5.0 / 3), within(1e-15));
        assertThat(Formats.standardError(v)).isCloseTo(Math.sqrt(5.0 / 3) / 2, within(1e-15));
        assertThat(Stats.std(new double[] {7})).isZero();
    }

    @Test
    void compactFormatsSmallAndWholeNumbers() {
        assertThat(Formats.compact(5e-4)).isEqualTo("5e-04");
        assertThat(Formats.compact(1.3e-4)).isEqualTo("1.3e-04");
        assertThat(Formats.compact(0.15)).isEqualTo("0.15");
        assertThat(Formats.compact(12)).isEqualTo("12");
        assertThat(Formats.plusMinus(0.62761, 0.01064)).isEqualTo("0.6276 ± 0.0106");
    }

    @Test
    void perPointRbfLossAveragesToOklsMetric() {
        Matrix truth = Matrix.fromRows(new double[][] {{0, 0}, {1, 1}, {-1, 2}});
        Matrix predicted = Matrix.fromRows(new double[][] {{0, 0}, {1, -1}, {2, 2}});
        double[] perPoint = RbfLosses.perPoint(2, truth, predicted);
        assertThat(perPoint[0]).isZero();
        assertThat(perPoint[1]).isCloseTo(2 - 2 * Math.exp(-4.0 / 8), within(1e-15));
        assertThat(perPoint[2]).isCloseTo(2 - 2 * Math.exp(-9.0 / 8), within(1e-15));
        assertThat(RbfLosses.mean(UspsTestData.OKL, 2, truth, predicted)).isCloseTo(Stats.mean(perPoint),
                within(1e-15));
    }

    @Test
    void meanRowsAndDistinctRows() {
        Matrix m = Matrix.fromRows(new double[][] {{1, 2}, {3, 4}, {1, 2}});
        assertThat(UspsData.meanRows(m, 2).toRows()).isEqualTo(new double[][] {{5.0 / 3, 8.0 / 3}, {5.0 / 3, 8.0 / 3}});
        assertThat(UspsData.distinctRows(m)).isEqualTo(2);
    }
}
