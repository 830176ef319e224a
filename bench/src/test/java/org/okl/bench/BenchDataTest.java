package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;

class BenchDataTest {

    @Test
    void hasThePeerScriptsShapes() {
        BenchData data = BenchData.synthetic(30, 7, 4, 0);
        assertThat(data.inputs().rows()).isEqualTo(30);
        assertThat(data.inputs().cols()).isEqualTo(7);
        assertThat(data.outputs().rows()).isEqualTo(30);
        assertThat(data.outputs().cols()).isEqualTo(4);
        assertThat(data.sigma()).isCloseTo(Math.sqrt(7), within(1e-15));
    }

    @Test
    void sameSeedGivesTheSameDataAndAnotherSeedOtherData() {
        BenchData a = BenchData.synthetic(40, 5, 3, 11);
        BenchData b = BenchData.synthetic(40, 5, 3, 11);
        BenchData c = BenchData.synthetic(40, 5, 3, 12);
        assertThat(a.inputs().data()).containsExactly(b.inputs().data());
        assertThat(a.outputs().data()).containsExactly(b.outputs().data());
        assertThat(a.inputs().maxAbsDifference(c.inputs())).isGreaterThan(0.1);
    }

    @Test
    void inputsAreStandardNormalAndOutputsBoundedByTanhPlusNoise() {
        BenchData data = BenchData.synthetic(4000, 50, 20, 0);
        double[] x = data.inputs().data();
        double mean = 0;
        double square = 0;
        for (double v : x) {
            mean += v;
            square += v * v;
        }
        mean /= x.length;
        double variance = square / x.length - mean * mean;
        assertThat(mean).isCloseTo(0.0, within(0.01));
        assertThat(variance).isCloseTo(1.0, within(0.01));
        Matrix y = data.outputs();
        double maxAbs = 0;
        double ySquare = 0;
        for (double v : y.data()) {
            maxAbs = Math.max(maxAbs, Math.abs(v));
            ySquare += v * v;
        }
        // |tanh| < 1 plus 0.1 N(0,1) noise: beyond 1.6 is a 6-sigma event; X W / sqrt(p) ~ N(0,1) gives
        // E[tanh(z)^2] = 0.394, plus the noise variance 0.01.
        assertThat(maxAbs).isLessThan(1.6);
        assertThat(ySquare / y.data().length).isCloseTo(0.404, within(0.05));
    }

    @Test
    void rejectsEmptySizes() {
        assertThatThrownBy(() -> BenchData.synthetic(0, 5, 3, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
