package org.okl.spark.fit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.HashPartitioner;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.Function2;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import scala.Tuple2;

/**
 * The one guard of every pass whose results reach the driver, and how they are merged on the way: the tasks' results
 * are merged by a tree ({@code treeAggregate}, or {@link #inOrder} where the order of the rows matters), so the
 * driver receives {@link #parts} results for {@code P} partitions (about {@code sqrt(P)} at depth 2), not one per
 * partition. Before the job starts, what the driver would receive is checked against
 * {@code spark.driver.maxResultSize} (0 is no limit; Spark aborts a job whose results exceed it) and against the
 * driver's heap, by the rule {@link ExecutorMemory} applies to executors (what Spark leaves to user code:
 * {@code (1 - spark.memory.fraction) x (heap - 300 MiB)}; the driver's memory manager holds the broadcasts and, in
 * local mode, the cached rows). When the parts would not fit but one would, the last merge runs on an executor
 * ({@code finalAggregateOnExecutor}) and the driver receives one result; when one would not, the pass is refused with
 * the sizes and the settings to change.
 */
public final class DriverResults {
    private DriverResults() {
    }

    /**
     * The driver, as far as results are concerned.
     *
     * @param heapBytes      its maximum heap
     * @param memoryFraction {@code spark.memory.fraction}
     * @param maxResultSize  {@code spark.driver.maxResultSize} in bytes, 0 for no limit
     */
    public record Driver(long heapBytes, double memoryFraction, long maxResultSize) {

        /** The driver this JVM is (OKL's passes are started by the driver): its heap and the context's settings. */
        public static Driver of(SparkContext context) {
            return of(context.getConf(), Runtime.getRuntime().maxMemory());
        }

        /** A driver of this heap with these settings ({@code spark.memory.fraction}, the result size limit). */
        static Driver of(SparkConf conf, long heapBytes) {
            return new Driver(heapBytes, conf.getDouble("spark.memory.fraction", ExecutorMemory.DEFAULT_FRACTION),
                    conf.getSizeAsBytes("spark.driver.maxResultSize", "1g"));
        }

        /** The bytes of results the driver may hold: the part of its heap Spark leaves to user code. */
        public long budget() {
            return (long) ((1 - memoryFraction) * Math.max(0, heapBytes - ExecutorMemory.RESERVED));
        }
    }

    /**
     * How a pass's results reach the driver.
     *
     * @param depth           the depth of the tree
     * @param parts           the results the driver receives
     * @param finalOnExecutor whether the last merge runs on an executor (the driver then receives one result)
     */
    public record Plan(int depth, int parts, boolean finalOnExecutor) {
    }

    /**
     * The results the driver receives from Spark's {@code treeAggregate} of {@code partitions} partitions at this
     * depth: Spark adds a level of {@code scale = max(2, ceil(P^(1/depth)))} while it saves time
     * ({@code P > scale + ceil(P / scale)}), each dividing the partitions by the scale.
     */
    public static int parts(int partitions, int depth) {
        int n = Math.max(0, partitions);
        int scale = Math.max((int) Math.ceil(Math.pow(n, 1.0 / Math.max(1, depth))), 2);
        while (n > scale + Math.ceil((double) n / scale)) {
            n /= scale;
        }
        return n;
    }

    /**
     * Plans a pass's merge and refuses it, before its job, when the driver could not take what it brings.
     *
     * @param driver      the driver
     * @param what        what one result holds, for the message
     * @param partitions  the partitions of the pass (its tasks)
     * @param depth       the depth of the tree asked for
     * @param partBytes   the bytes of one task's result as sent
     * @param resultBytes the bytes of the merged result on the driver
     * @param advice      what else to change (fewer features or folds)
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} with the sizes and what to raise or lower
     */
    public static Plan plan(Driver driver, String what, int partitions, int depth, long partBytes, long resultBytes,
            String advice) {
        long limit = driver.maxResultSize();
        if (limit > 0 && partBytes >= limit) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, String.format(Locale.ROOT, "%s take %s, more than "
                    + "spark.driver.maxResultSize (%s): raise it (--conf spark.driver.maxResultSize=%dm), or %s",
                    what, size(partBytes), size(limit), 2 * (partBytes >> 20) + 1, advice));
        }
        int d = Math.max(1, depth);
        int parts = parts(partitions, d);
        long budget = driver.budget();
        boolean finalOnExecutor = parts > 1 && (limit > 0 && partBytes * parts > limit / 2
                || held(parts, partBytes, resultBytes) > budget);
        int arriving = finalOnExecutor ? 1 : parts;
        long held = held(arriving, partBytes, resultBytes);
        if (held > budget) {
            double user = 1 - driver.memoryFraction();
            String heap = user > 0 ? ((long) Math.ceil(held / user) + ExecutorMemory.RESERVED >> 20) + 1 + "m"
                    : "(none is enough while spark.memory.fraction is 1)";
            throw new OklException(ErrorCode.INVALID_PIPELINE, String.format(Locale.ROOT, "%s take %s; the "
                    + "driver would hold %d of them as received and the merged result twice, %.0f MiB, more than "
                    + "the %.0f MiB its heap leaves to user code ((1 - spark.memory.fraction=%s) x (heap %.0f MiB "
                    + "- 300 MiB reserved)): raise the driver's memory (--driver-memory, spark.driver.memory) to at "
                    + "least %s, or %s", what, size(partBytes), arriving, held / 1048576.0, budget / 1048576.0,
                    driver.memoryFraction(), driver.heapBytes() / 1048576.0, heap, advice));
        }
        return new Plan(d, arriving, finalOnExecutor);
    }

    /** Bytes as whole MiB, or KiB, or bytes below a KiB. */
    static String size(long bytes) {
        return bytes >= 1L << 20 ? (bytes >> 20) + " MiB" : bytes >= 1024 ? (bytes >> 10) + " KiB" : bytes + " bytes";
    }

    /** What the driver holds: the results as received and the merged result with the one being merged in. */
    private static long held(int parts, long partBytes, long resultBytes) {
        return parts * partBytes + 2 * resultBytes;
    }

    /**
     * The results of a pass that returns one per partition merged by a tree that keeps their order: at every level
     * consecutive results are grouped ({@link #parts} groups, as {@code treeAggregate} would leave) and merged on
     * the executors in order, so what reaches the driver is, in order, the merges of consecutive partitions' results.
     *
     * @param results one result per partition, in partition order
     * @param plan    the depth and whether the last merge runs on an executor
     * @param merge   merges the result of earlier rows with the next (serializable, it travels with the tasks)
     */
    public static <T> List<T> inOrder(JavaRDD<T> results, Plan plan, Function2<T, T, T> merge) {
        JavaPairRDD<Integer, T> level = JavaPairRDD.fromJavaRDD(results.mapPartitionsWithIndex((i, it) -> {
            List<Tuple2<Integer, T>> out = new ArrayList<>();
            it.forEachRemaining(v -> out.add(new Tuple2<>(i, v)));
            return out.iterator();
        }, true));
        int n = results.getNumPartitions();
        int scale = Math.max((int) Math.ceil(Math.pow(n, 1.0 / plan.depth())), 2);
        while (n > scale + Math.ceil((double) n / scale)) {
            level = group(level, n, n / scale, merge);
            n /= scale;
        }
        if (plan.finalOnExecutor() && n > 1) {
            level = group(level, n, 1, merge);
        }
        List<Tuple2<Integer, T>> collected = new ArrayList<>(level.collect());
        collected.sort(Comparator.comparing(Tuple2::_1));
        return collected.stream().map(Tuple2::_2).toList();
    }

    /** One level: the results of positions [0, n) put in {@code groups} runs of consecutive positions, merged. */
    private static <T> JavaPairRDD<Integer, T> group(JavaPairRDD<Integer, T> level, int n, int groups,
            Function2<T, T, T> merge) {
        return level.mapToPair(t -> new Tuple2<>((int) ((long) t._1() * groups / n), t))
                .groupByKey(new HashPartitioner(groups))
                .mapToPair(g -> {
                    List<Tuple2<Integer, T>> run = new ArrayList<>();
                    g._2().forEach(run::add);
                    run.sort(Comparator.comparing(Tuple2::_1));
                    T merged = run.get(0)._2();
                    for (int k = 1; k < run.size(); k++) {
                        merged = merge.call(merged, run.get(k)._2());
                    }
                    return new Tuple2<>(g._1(), merged);
                });
    }
}
