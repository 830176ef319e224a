package org.okl.experiments.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.bench.BenchTask;

/** The experiments' timing loop: interleaved, rotated, the load sampled around every repeat and judged by the rule. */
class TimedRepeatsTest {

    @Test
    void repeatsAreInterleavedRotatedAndBracketedByLoadSamples() {
        List<String> events = new ArrayList<>();
        double[] next = {0.2};
        TimedRepeats t = new TimedRepeats(() -> {
            events.add("load");
            next[0] += 0.1;
            return next[0];
        }, 2);
        List<BenchTask> tasks = List.of(() -> events.add("a"), () -> events.add("b"), () -> events.add("c"));
        double[][] s = t.run(3, tasks);
        assertThat(events).containsExactly("load", "a", "b", "c", "load", "load", "b", "c", "a", "load",
                "load", "c", "a", "b", "load");
        assertThat(s).hasDimensions(3, 3);
        for (double[] row : s) {
            for (double v : row) {
                assertThat(v).isPositive().isLessThan(1);
            }
        }
        assertThat(t.samples()).hasSize(6);
        // highest sample 0.8 on 2 cores: 0.4 per core, within 0.5
        assertThat(t.load().highest()).isEqualTo(0.8, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(t.load().quiet()).isTrue();
    }

    @Test
    void aLoadedRunRefusesItsTimingVerdict() {
        TimedRepeats t = new TimedRepeats(() -> 1.2, 2);
        double[][] s = t.run(8, List.<BenchTask>of(() -> sleep(2), () -> sleep(1)));
        Comparison c = Comparison.faster("b faster", "b", s[1], "a", s[0], t.load());
        assertThat(t.load().quiet()).isFalse();
        assertThat(c.outcome()).isEqualTo(Comparison.Outcome.TIMING_REFUSED);
        TimedRepeats quiet = new TimedRepeats(() -> 0.4, 2);
        double[][] q = quiet.run(8, List.<BenchTask>of(() -> sleep(4), () -> sleep(1)));
        assertThat(Comparison.faster("b faster", "b", q[1], "a", q[0], quiet.load()).outcome())
                .isEqualTo(Comparison.Outcome.HOLDS);
    }

    @Test
    void noSampleOrAnUnavailableLoadAverageIsNotRecorded() {
        assertThat(new TimedRepeats(() -> 0.1, 2).load().quiet()).isFalse();
        TimedRepeats t = new TimedRepeats(() -> -1, 4);
        t.sample();
        assertThat(t.load().highest()).isNaN();
        assertThat(t.load().quiet()).isFalse();
    }

    private static Object sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }
}
