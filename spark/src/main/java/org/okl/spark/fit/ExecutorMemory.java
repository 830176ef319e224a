package org.okl.spark.fit;

import java.util.Locale;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;

/**
 * Checks up front that what every task of a pass holds fits the executors: an executor runs as many tasks at once as
 * it has cores, each holding its partial sums, their serialized copy on the way out, a kernel block and the
 * broadcast sketch, in the part of the heap Spark leaves to user code. Spark reserves 300 MiB of an executor's heap;
 * of the rest, a quarter is left for Spark's own use and the cached rows' overhead, and the tasks may take the other
 * three quarters. In local mode the executor is the driver's JVM and the cores are {@code local[N]}'s.
 */
public final class ExecutorMemory {
    /** What Spark reserves of every executor's heap. */
    static final long RESERVED = 300L << 20;
    /** The share of the rest the tasks may take. */
    static final double SHARE = 0.75;

    private ExecutorMemory() {
    }

    /**
     * The heap of one executor and the tasks it runs at once.
     *
     * @param heapBytes its maximum heap
     * @param cores     the tasks it runs at once
     * @param setting   how the heap was set, for messages ({@code spark.executor.memory=512m})
     */
    public record Executor(long heapBytes, int cores, String setting) {

        /** The bytes the tasks of one executor may hold in all. */
        public long usable() {
            return (long) (SHARE * Math.max(0, heapBytes - RESERVED));
        }
    }

    /** The executors of a context, as far as its configuration and the live executors tell. */
    public static Executor of(SparkContext context) {
        SparkConf conf = context.getConf();
        if (context.isLocal()) {
            return new Executor(Runtime.getRuntime().maxMemory(), Math.max(1, context.defaultParallelism()),
                    "the driver's heap (local mode: -Xmx, --driver-memory)");
        }
        long heap = conf.getSizeAsBytes("spark.executor.memory", "1g");
        int cores = conf.getInt("spark.executor.cores", 0);
        if (cores < 1) {
            int executors = Math.max(1, context.statusTracker().getExecutorInfos().length - 1);
            cores = Math.max(1, (context.defaultParallelism() + executors - 1) / executors);
        }
        return new Executor(heap, cores, "spark.executor.memory=" + (heap >> 20) + "m");
    }

    /**
     * Refuses a pass whose tasks would not fit the executors.
     *
     * @param executor     the executors
     * @param what         what each task holds, for the message
     * @param perTaskBytes the bytes each task holds
     * @param advice       what else to change (fewer features, another solver)
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} with the sizes and what to change
     */
    public static void require(Executor executor, String what, long perTaskBytes, String advice) {
        long needed = perTaskBytes * executor.cores();
        if (needed <= executor.usable()) {
            return;
        }
        long heap = (long) Math.ceil(needed / SHARE) + RESERVED;
        throw new OklException(ErrorCode.INVALID_PIPELINE, String.format(Locale.ROOT, "each task holds %s: "
                + "%.0f MiB; %d tasks at once per executor take %.0f MiB, more than the %.0f MiB the executors' "
                + "heap can spare (%s): raise spark.executor.memory to at least %dm, run fewer tasks per executor "
                + "(spark.executor.cores), or %s", what, perTaskBytes / 1048576.0, executor.cores(),
                needed / 1048576.0, executor.usable() / 1048576.0, executor.setting(), (heap >> 20) + 1, advice));
    }
}
