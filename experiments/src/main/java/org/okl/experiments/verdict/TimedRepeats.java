package org.okl.experiments.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.okl.bench.BenchTask;
import org.okl.bench.Timing;

/**
 * The timing loop of the experiments: repeats interleaved over the methods (repeat r of every method in one stretch
 * of time, the order rotated by one each repeat so that none always runs first), each run timed by the bench
 * harness's timer, and the load of other processes measured over windows of at least {@link #WINDOW_SECONDS}
 * (whole repeats; a run shorter than that is one window) by {@link ProcessorClock}. {@link #load()} gives what the
 * verdict rule needs: timing verdicts are refused when other processes took more than
 * {@link Comparison.Load#BOUND_PER_CORE} of the processors in any window, or when that could not be measured. The
 * run's own threads do not count: they are what is being timed. One instance per timing run; its windows accumulate
 * over its calls of {@link #run}.
 */
public final class TimedRepeats {
    /** The shortest window the load of other processes is measured over (the machine's ticks are 10 ms). */
    public static final double WINDOW_SECONDS = 1.0;

    private final Supplier<ProcessorClock> clock;
    private final int cores;
    private final List<Double> samples = new ArrayList<>();

    /**
     * @param clock reads the processor clocks
     * @param cores the cores the load is divided by
     */
    public TimedRepeats(Supplier<ProcessorClock> clock, int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be positive, got " + cores);
        }
        this.clock = clock;
        this.cores = cores;
    }

    /** The machine's processor clocks and this JVM's available processors. */
    public static TimedRepeats system() {
        return new TimedRepeats(ProcessorClock::system, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Timed repeats of the tasks, interleaved: one run of every task (in an order rotated by the repeat's index),
     * {@code repeats} times, the clocks read before the first and after every repeat; a window closes at the first
     * repeat's end at least {@link #WINDOW_SECONDS} after it opened, and a last shorter window joins the one before.
     *
     * @return seconds per task (in the order given) and repeat
     */
    public double[][] run(int repeats, List<? extends BenchTask> tasks) {
        double[][] out = new double[tasks.size()][repeats];
        ProcessorClock open = clock.get();
        ProcessorClock previousOpen = null;
        ProcessorClock last = open;
        boolean pending = false;
        for (int r = 0; r < repeats; r++) {
            for (int k = 0; k < tasks.size(); k++) {
                int t = (k + r) % tasks.size();
                out[t][r] = Timing.measure(0, 1, tasks.get(t)).seconds()[0];
            }
            last = clock.get();
            pending = true;
            if (open.secondsTo(last) >= WINDOW_SECONDS) {
                samples.add(open.otherLoad(last));
                previousOpen = open;
                open = last;
                pending = false;
            }
        }
        if (pending) {
            if (previousOpen == null) {
                samples.add(open.otherLoad(last));
            } else {
                samples.set(samples.size() - 1, previousOpen.otherLoad(last));
            }
        }
        return out;
    }

    /** The load of the run so far: its most loaded window against the bound (not recorded when none was taken). */
    public Comparison.Load load() {
        return samples.isEmpty() ? Comparison.Load.notRecorded()
                : Comparison.Load.of(cores, samples.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The other processes' load of every window, in processors, in order. */
    public double[] samples() {
        return samples.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
