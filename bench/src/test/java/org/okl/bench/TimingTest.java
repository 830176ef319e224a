package org.okl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TimingTest {

    @Test
    void medianOfOddCountIsTheMiddleValue() {
        assertThat(Timing.median(new double[] {3.0, 1.0, 2.0})).isEqualTo(2.0);
        assertThat(Timing.median(new double[] {5.0})).isEqualTo(5.0);
    }

    @Test
    void medianOfEvenCountIsTheMeanOfTheMiddlePair() {
        assertThat(Timing.median(new double[] {4.0, 1.0, 10.0, 2.0})).isEqualTo(3.0);
    }

    @Test
    void medianIgnoresOneOutlier() {
        assertThat(new Timing(new double[] {0.10, 9.0, 0.12}).median()).isEqualTo(0.12);
    }

    @Test
    void measureRunsWarmupsUntimedThenTheRepeats() {
        AtomicInteger calls = new AtomicInteger();
        Timing t = Timing.measure(2, 3, () -> {
            calls.incrementAndGet();
            long end = System.nanoTime() + 1_000_000;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            return calls.get();
        });
        assertThat(calls.get()).isEqualTo(5);
        assertThat(t.seconds()).hasSize(3);
        assertThat(java.util.Arrays.stream(t.seconds()).min().getAsDouble()).isGreaterThanOrEqualTo(1e-3);
    }

    @Test
    void rejectsNoRepeatsAndNegativeWarmup() {
        assertThatThrownBy(() -> Timing.measure(0, 0, () -> 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("repeats >= 1");
        assertThatThrownBy(() -> Timing.measure(-1, 1, () -> 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Timing.median(new double[0])).isInstanceOf(IllegalArgumentException.class);
    }
}
