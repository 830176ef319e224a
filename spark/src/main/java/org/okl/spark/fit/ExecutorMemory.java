package org.okl.spark.fit;

import java.util.Locale;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/**
 * Checks up front that what every task of a pass holds fits the executors, by Spark's unified memory model: of an
 * executor's heap Spark reserves 300 MiB; of the rest ("usable"), {@code spark.memory.fraction} (0.6 by default) is
 * Spark's pool for execution and storage, which the fit's cached row blocks may fill, and the other part is left to
 * user code. OKL's task-side arrays (partial sums, their serialized copy, a kernel block, the broadcast sketch) are
 * allocated by user code, never acquired from Spark's memory manager, so they must fit that user part,
 * {@code (1 - spark.memory.fraction) * (heap - 300 MiB)}, shared by the tasks an executor runs at once
 * ({@code spark.executor.cores / spark.task.cpus}). In local mode the executor is the driver's JVM and the cores are
 * {@code local[N]}'s.
 */
public final class ExecutorMemory {
    /** What Spark reserves of every executor's heap. */
    static final long RESERVED = 300L << 20;
    /** Spark's default {@code spark.memory.fraction}. */
    static final double DEFAULT_FRACTION = 0.6;

    private ExecutorMemory() {
    }

    /**
     * The heap of one executor and the tasks it runs at once.
     *
     * @param heapBytes      its maximum heap
     * @param cores          its cores
     * @param taskCpus       the cores one task takes ({@code spark.task.cpus})
     * @param memoryFraction {@code spark.memory.fraction}: Spark's share of the heap beyond the reserve
     * @param setting        how the heap was set, for messages ({@code spark.executor.memory=512m})
     */
    public record Executor(long heapBytes, int cores, int taskCpus, double memoryFraction, String setting) {

        /** Checks the values. */
        public Executor {
            if (cores < 1 || taskCpus < 1 || !(memoryFraction >= 0 && memoryFraction <= 1)) {
                throw new IllegalArgumentException("cores >= 1, spark.task.cpus >= 1 and spark.memory.fraction in "
                        + "[0, 1] needed, got " + cores + ", " + taskCpus + " and " + memoryFraction);
            }
        }

        /** The heap beyond Spark's reserve. */
        public long usable() {
            return Math.max(0, heapBytes - RESERVED);
        }

        /** The bytes left to user code, which the tasks running at once share. */
        public long user() {
            return (long) ((1 - memoryFraction) * usable());
        }

        /** The tasks the executor runs at once. */
        public int slots() {
            return Math.max(1, cores / taskCpus);
        }

        /** The bytes one task may hold. */
        public long perTask() {
            return user() / slots();
        }
    }

    /** The executors of a context, as far as its configuration and the live executors tell. */
    public static Executor of(SparkContext context) {
        SparkConf conf = context.getConf();
        int taskCpus = Math.max(1, conf.getInt("spark.task.cpus", 1));
        double fraction = conf.getDouble("spark.memory.fraction", DEFAULT_FRACTION);
        if (context.isLocal()) {
            return new Executor(Runtime.getRuntime().maxMemory(), Math.max(1, context.defaultParallelism()),
                    taskCpus, fraction, "the driver's heap (local mode: -Xmx, --driver-memory)");
        }
        int executors = Math.max(1, context.statusTracker().getExecutorInfos().length - 1);
        return ofCluster(conf, Math.max(1, (context.defaultParallelism() + executors - 1) / executors));
    }

    /**
     * The executors a cluster's settings describe: {@code spark.executor.memory} (1g), {@code spark.executor.cores}
     * (else the cores seen per live executor), {@code spark.task.cpus} (1), {@code spark.memory.fraction} (0.6).
     *
     * @param seenCores the cores per executor the live executors show, for a configuration that does not say
     */
    static Executor ofCluster(SparkConf conf, int seenCores) {
        long heap = conf.getSizeAsBytes("spark.executor.memory", "1g");
        int cores = conf.getInt("spark.executor.cores", 0);
        return new Executor(heap, cores < 1 ? Math.max(1, seenCores) : cores, Math.max(1, conf.getInt(
                "spark.task.cpus", 1)), conf.getDouble("spark.memory.fraction", DEFAULT_FRACTION),
                "spark.executor.memory=" + (heap >> 20) + "m");
    }

    /**
     * Refuses a pass whose tasks would not fit the executors, before its job starts.
     *
     * @param executor     the executors
     * @param what         what each task holds, for the message
     * @param perTaskBytes the bytes each task holds
     * @param advice       what else to change (fewer features, another solver)
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} with the sizes and the settings to change
     */
    public static void require(Executor executor, String what, long perTaskBytes, String advice) {
        if (perTaskBytes <= executor.perTask()) {
            return;
        }
        long needed = perTaskBytes * executor.slots();
        double user = 1 - executor.memoryFraction();
        long heap = user > 0 ? (long) Math.ceil(needed / user) + RESERVED : Long.MAX_VALUE;
        double fraction = executor.usable() == 0 ? 0 : 1 - (double) needed / executor.usable();
        String lower = fraction >= 0.1 ? String.format(Locale.ROOT, ", lower spark.memory.fraction to %.2f "
                + "(less room for cached rows)", Math.floor(fraction * 100) / 100) : "";
        throw new OklException(ErrorCode.INVALID_PIPELINE, String.format(Locale.ROOT, "each task holds %s: "
                + "%.0f MiB; %d tasks at once per executor (%d cores / spark.task.cpus=%d) take %.0f MiB, more than "
                + "the %.0f MiB Spark leaves to user code ((1 - spark.memory.fraction=%s) x (heap %.0f MiB - 300 MiB "
                + "reserved), %s): raise spark.executor.memory to at least %s%s, run fewer tasks per executor "
                + "(spark.executor.cores, spark.task.cpus), or %s", what, perTaskBytes / 1048576.0, executor.slots(),
                executor.cores(), executor.taskCpus(), needed / 1048576.0, executor.user() / 1048576.0,
                executor.memoryFraction(), executor.heapBytes() / 1048576.0, executor.setting(),
                heap == Long.MAX_VALUE ? "(none is enough while spark.memory.fraction is 1)" : (heap >> 20) + 1 + "m",
                lower, advice));
    }
}
