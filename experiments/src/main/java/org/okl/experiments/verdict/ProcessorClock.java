package org.okl.experiments.verdict;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One reading of the clocks that tell how much of the machine other processes took: wall time, the machine's busy
 * and total processor ticks ({@code /proc/stat}: busy counts user, nice, system, interrupts and time stolen by a
 * hypervisor), and this process's own processor time. Two readings give {@link #otherLoad(ProcessorClock)}, the
 * processors that everything except this process used between them. The one-minute load average cannot say this:
 * it counts the timed run's own threads, so on 2 cores a run that uses both would always look loaded, and it lags
 * by a minute.
 *
 * @param wallNanos the monotonic wall clock
 * @param busyTicks the machine's busy processor ticks since boot (negative when unreadable)
 * @param allTicks  the machine's busy and idle ticks since boot (negative when unreadable)
 * @param cpus      the processors those ticks cover
 * @param ownNanos  this process's processor time
 */
public record ProcessorClock(long wallNanos, long busyTicks, long allTicks, int cpus, long ownNanos) {
    private static final Path STAT = Path.of("/proc/stat");

    /** Reads the clocks now (ticks unreadable off Linux: every load from such readings is unknown). */
    public static ProcessorClock system() {
        long own = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
        long wall = System.nanoTime();
        try {
            List<String> lines = Files.readAllLines(STAT);
            return parse(lines, wall, own);
        } catch (IOException | RuntimeException e) {
            return new ProcessorClock(wall, -1, -1, 0, own);
        }
    }

    /** A reading from {@code /proc/stat}'s lines (the aggregate {@code cpu} line and one {@code cpuN} per CPU). */
    static ProcessorClock parse(List<String> stat, long wallNanos, long ownNanos) {
        long busy = -1;
        long all = -1;
        int cpus = 0;
        for (String line : stat) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("cpu")) {
                // user nice system idle iowait irq softirq steal (guest time is inside user)
                long[] v = new long[8];
                for (int i = 0; i < v.length && i + 1 < f.length; i++) {
                    v[i] = Long.parseLong(f[i + 1]);
                }
                busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
                all = busy + v[3] + v[4];
            } else if (f[0].startsWith("cpu")) {
                cpus++;
            }
        }
        return new ProcessorClock(wallNanos, busy, all, cpus, ownNanos);
    }

    /**
     * The processors other processes used from this reading to a later one: the machine's busy share of the
     * interval times its processors, less this process's processor time per second of wall time (never below 0;
     * NaN when the ticks are unreadable or did not advance).
     */
    public double otherLoad(ProcessorClock later) {
        long dAll = later.allTicks - allTicks;
        long dWall = later.wallNanos - wallNanos;
        if (busyTicks < 0 || later.busyTicks < 0 || dAll <= 0 || dWall <= 0 || cpus < 1) {
            return Double.NaN;
        }
        double busyProcessors = (double) (later.busyTicks - busyTicks) / dAll * cpus;
        double ownProcessors = (double) (later.ownNanos - ownNanos) / dWall;
        return Math.max(0, busyProcessors - ownProcessors);
    }

    /** Seconds of wall time from this reading to a later one. */
    double secondsTo(ProcessorClock later) {
        return (later.wallNanos - wallNanos) * 1e-9;
    }
}
