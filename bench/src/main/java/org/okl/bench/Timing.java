package org.okl.bench;

import java.util.Arrays;

/**
 * The wall-clock times of the timed repeats of one workload run, in seconds, and their median.
 *
 * @param seconds the time of every repeat, in the order they ran (warm-up runs excluded)
 */
public record Timing(double[] seconds) {

    /** Checks there is at least one repeat and copies the times. */
    public Timing {
        if (seconds.length == 0) {
            throw new IllegalArgumentException("a timing needs at least one repeat");
        }
        seconds = seconds.clone();
    }

    /** The median of the repeats (the mean of the two middle values for an even count). */
    public double median() {
        return median(seconds);
    }

    /** The median of values (the mean of the two middle values for an even count). */
    public static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("the median of no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
    }

    /**
     * Runs a task {@code warmup} times untimed, then {@code repeat} times timed with {@link System#nanoTime()}.
     * The task's result is kept alive until the clock stops, so the work cannot be optimised away.
     */
    public static Timing measure(int warmup, int repeat, BenchTask task) {
        if (warmup < 0 || repeat < 1) {
            throw new IllegalArgumentException("warm-up must be >= 0 and repeats >= 1, got " + warmup + " and "
                    + repeat);
        }
        for (int i = 0; i < warmup; i++) {
            Blackhole.consume(task.run());
        }
        double[] times = new double[repeat];
        for (int i = 0; i < repeat; i++) {
            long start = System.nanoTime();
            Object result = task.run();
            times[i] = (System.nanoTime() - start) * 1e-9;
            Blackhole.consume(result);
        }
        return new Timing(times);
    }

    /** Keeps results reachable so the JIT cannot drop the work that produced them. */
    private static final class Blackhole {
        private static volatile Object sink;

        static void consume(Object value) {
            sink = value;
            sink = null;
        }
    }
}
