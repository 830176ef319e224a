package org.okl.experiments.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.okl.bench.BenchTask;

/** The experiments' timing loop: interleaved, rotated, other processes' load measured in windows, judged by the rule. */
public class TimedRepeatsTest {

    /**
     * Scripted clocks for other tests: every reading one second after the last, this process on half a processor
     * of 2 and other processes on {@code others} processors.
     */
    public static Supplier<ProcessorClock> steadyClock(double others) {
        return clock(new ArrayList<>(), 1.0, 0.5, others);
    }

    /**
     * Scripted clocks on 2 processors: every reading advances wall time by {@code stepSeconds}; over each step this
     * process uses {@code own} processors and other processes {@code others[i]} (100 ticks a second per processor).
     */
    private static Supplier<ProcessorClock> clock(List<String> events, double stepSeconds, double own,
            double... others) {
        long[] state = new long[4]; // wall ns, busy ticks, all ticks, own ns
        int[] step = {0};
        return () -> {
            events.add("clock");
            if (step[0] > 0) {
                double other = others[Math.min(step[0] - 1, others.length - 1)];
                state[0] += Math.round(stepSeconds * 1e9);
                state[1] += Math.round((own + other) * 100 * stepSeconds);
                state[2] += Math.round(2 * 100 * stepSeconds);
                state[3] += Math.round(own * stepSeconds * 1e9);
            }
            step[0]++;
            return new ProcessorClock(state[0], state[1], state[2], 2, state[3]);
        };
    }

    @Test
    void repeatsAreInterleavedRotatedAndWindowedByWallTime() {
        List<String> events = new ArrayList<>();
        // 0.6 s per repeat: windows close after repeats 2 and 4; the lone 5th repeat joins the 2nd window
        TimedRepeats t = new TimedRepeats(clock(events, 0.6, 1.0, 0.1, 0.2, 0.3, 0.9, 0.6), 2);
        List<BenchTask> tasks = List.of(() -> events.add("a"), () -> events.add("b"), () -> events.add("c"));
        double[][] s = t.run(5, tasks);
        assertThat(events).containsExactly("clock", "a", "b", "c", "clock", "b", "c", "a", "clock",
                "c", "a", "b", "clock", "a", "b", "c", "clock", "b", "c", "a", "clock");
        assertThat(s).hasDimensions(3, 5);
        assertThat(t.samples()).hasSize(2);
        // first window: (0.1 + 0.2) / 2 of other processes' load; the run's own processor never counts
        assertThat(t.samples()[0]).isCloseTo(0.15, within(1e-9));
        assertThat(t.samples()[1]).isCloseTo((0.3 + 0.9 + 0.6) / 3, within(1e-9));
        assertThat(t.load().highest()).isCloseTo(0.6, within(1e-9));
        assertThat(t.load().quiet()).isTrue(); // 0.3 per core
    }

    @Test
    void aRunShorterThanOneWindowIsOneWindow() {
        List<String> events = new ArrayList<>();
        TimedRepeats t = new TimedRepeats(clock(events, 0.1, 0.5, 0.0, 1.2), 2);
        t.run(3, List.<BenchTask>of(() -> null));
        assertThat(t.samples()).containsExactly(new double[] {(0.0 + 1.2 + 1.2) / 3}, within(1e-9));
        assertThat(t.load().quiet()).isTrue();
    }

    @Test
    void aLoadedRunRefusesItsTimingVerdict() {
        TimedRepeats loaded = new TimedRepeats(clock(new ArrayList<>(), 1.0, 0.5, 0.2, 1.4), 2);
        double[][] s = loaded.run(8, List.<BenchTask>of(() -> sleep(2), () -> sleep(1)));
        assertThat(loaded.load().highest()).isCloseTo(1.4, within(1e-9));
        assertThat(loaded.load().quiet()).isFalse();
        assertThat(Comparison.faster("b faster", "b", s[1], "a", s[0], loaded.load()).outcome())
                .isEqualTo(Comparison.Outcome.TIMING_REFUSED);
        // the same times under a quiet load are judged: the verdict turns on the load alone (fixed times, since
        // real sleeps on a loaded build machine could blur a 4 ms against 1 ms difference)
        TimedRepeats quiet = new TimedRepeats(clock(new ArrayList<>(), 1.0, 1.8, 0.1), 2);
        quiet.run(8, List.<BenchTask>of(() -> null));
        assertThat(quiet.load().quiet()).isTrue();
        double[] slow = {0.0041, 0.0040, 0.0043, 0.0042, 0.0040, 0.0041, 0.0044, 0.0042};
        double[] fast = {0.0011, 0.0010, 0.0012, 0.0011, 0.0010, 0.0013, 0.0011, 0.0010};
        assertThat(Comparison.faster("b faster", "b", fast, "a", slow, quiet.load()).outcome())
                .isEqualTo(Comparison.Outcome.HOLDS);
        assertThat(Comparison.faster("b faster", "b", fast, "a", slow, loaded.load()).outcome())
                .isEqualTo(Comparison.Outcome.TIMING_REFUSED);
    }

    @Test
    void noRunOrUnreadableTicksAreNotMeasured() {
        assertThat(TimedRepeats.system().load().quiet()).isFalse();
        TimedRepeats t = new TimedRepeats(() -> new ProcessorClock(System.nanoTime(), -1, -1, 0, 0), 4);
        t.run(2, List.<BenchTask>of(() -> null));
        assertThat(t.load().highest()).isNaN();
        assertThat(t.load().quiet()).isFalse();
    }

    @Test
    void procStatIsReadAsBusyUserNiceSystemInterruptsAndSteal() {
        ProcessorClock c = ProcessorClock.parse(List.of(
                "cpu  100 5 20 800 7 1 2 3 11 0",
                "cpu0 50 2 10 400 3 1 1 1 5 0",
                "cpu1 50 3 10 400 4 0 1 2 6 0",
                "intr 12345"), 10, 20);
        assertThat(c.busyTicks()).isEqualTo(100 + 5 + 20 + 1 + 2 + 3);
        assertThat(c.allTicks()).isEqualTo(131 + 800 + 7);
        assertThat(c.cpus()).isEqualTo(2);
        // a second later: 150 of 200 ticks busy (1.5 processors), 0.5 s of this process's time: others took 1.0
        ProcessorClock later = new ProcessorClock(10 + 1_000_000_000L, c.busyTicks() + 150, c.allTicks() + 200, 2,
                20 + 500_000_000L);
        assertThat(c.otherLoad(later)).isCloseTo(1.0, within(1e-12));
        // this process busier than the ticks show (tick rounding): never below zero
        assertThat(c.otherLoad(new ProcessorClock(later.wallNanos(), c.busyTicks() + 10, c.allTicks() + 200, 2,
                20 + 500_000_000L))).isZero();
    }

    @Test
    void theSystemClockSeesABusyThreadOfThisProcessAsItsOwn() {
        ProcessorClock before = ProcessorClock.system();
        long end = System.nanoTime() + 300_000_000L;
        double x = 0;
        while (System.nanoTime() < end) {
            x += Math.sqrt(x + 1);
        }
        ProcessorClock after = ProcessorClock.system();
        assertThat(x).isPositive();
        if (before.busyTicks() >= 0) {
            // the spinning thread took processor time of this process, and the machine's ticks saw it
            // busy (so subtracting this process's time leaves other processes' share)
            double seconds = (after.wallNanos() - before.wallNanos()) * 1e-9;
            double own = (after.ownNanos() - before.ownNanos()) * 1e-9 / seconds;
            double total = (double) (after.busyTicks() - before.busyTicks())
                    / (after.allTicks() - before.allTicks()) * before.cpus();
            assertThat(own).isGreaterThan(0.2); // the spinning thread ran (below one processor on a busy machine)
            assertThat(total).isGreaterThan(own - 0.1);
            assertThat(before.otherLoad(after)).isCloseTo(Math.max(0, total - own), within(1e-9));
        }
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
