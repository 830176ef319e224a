package org.okl.experiments.verdict;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.okl.bench.BenchTask;
import org.okl.bench.Timing;

/**
 * The timing loop of the experiments: repeats interleaved over the methods (repeat r of every method in one stretch
 * of time, the order rotated by one each repeat so that none always runs first), each run timed by the bench
 * harness's timer, and the one-minute load average sampled before and after every repeat. {@link #load()} gives
 * what the verdict rule needs: timing verdicts are refused above {@link Comparison.Load#BOUND_PER_CORE} per core,
 * or when the load average could not be read. One instance per timing run; its samples accumulate over its repeats.
 */
public final class TimedRepeats {
    private final DoubleSupplier loadAverage;
    private final int cores;
    private final List<Double> samples = new ArrayList<>();

    /**
     * @param loadAverage the one-minute load average (negative or NaN when the platform has none)
     * @param cores       the cores it is divided by
     */
    public TimedRepeats(DoubleSupplier loadAverage, int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be positive, got " + cores);
        }
        this.loadAverage = loadAverage;
        this.cores = cores;
    }

    /** The operating system's load average and this JVM's available processors. */
    public static TimedRepeats system() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return new TimedRepeats(os::getSystemLoadAverage, Runtime.getRuntime().availableProcessors());
    }

    /** Samples the load average now (an unavailable one is kept as NaN, so the run's timings are refused). */
    public void sample() {
        double v = loadAverage.getAsDouble();
        samples.add(v >= 0 ? v : Double.NaN);
    }

    /**
     * Timed repeats of the tasks, interleaved: the load sampled, then one run of every task (in an order rotated by
     * the repeat's index), then the load sampled again, {@code repeats} times.
     *
     * @return seconds per task (in the order given) and repeat
     */
    public double[][] run(int repeats, List<? extends BenchTask> tasks) {
        double[][] out = new double[tasks.size()][repeats];
        for (int r = 0; r < repeats; r++) {
            sample();
            for (int k = 0; k < tasks.size(); k++) {
                int t = (k + r) % tasks.size();
                out[t][r] = Timing.measure(0, 1, tasks.get(t)).seconds()[0];
            }
            sample();
        }
        return out;
    }

    /** The load of the run so far: the highest sample against the bound (not recorded when none was taken). */
    public Comparison.Load load() {
        return samples.isEmpty() ? Comparison.Load.notRecorded()
                : Comparison.Load.of(cores, samples.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The samples taken, in order. */
    public double[] samples() {
        return samples.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
