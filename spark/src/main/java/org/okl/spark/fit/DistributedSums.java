package org.okl.spark.fit;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.okl.api.error.OklException;
import org.okl.api.rows.FoldScheme;
import org.okl.linalg.streamed.BlockAccumulator;
import org.okl.linalg.streamed.FoldAggregates;
import org.okl.spark.data.RowBlock;
import org.okl.spark.data.SparkErrors;
import org.okl.spark.exec.SketchRecipe;

/**
 * One distributed pass of the per-fold sums: the recipe (pipeline and drawn sketch) is broadcast, every task turns
 * its blocks into features and adds {@code Phi^T Phi}, {@code Phi^T Y} per fold ({@link BlockAccumulator}, the
 * one-machine code), and {@code treeAggregate} merges the tasks' sums up to the driver. Each partial result is
 * {@link FoldAggregates#bytes} (groups · (m² + m·d) doubles), whatever the rows, and travels as its lower
 * triangles ({@link FoldAggregates#serializedBytes}), so the partitions are first coalesced (without a shuffle) to
 * at most one task per core ({@code defaultParallelism}): the bytes that move grow with the cores, not with the
 * partitions of the data. What each task holds is checked against the executors' memory first
 * ({@link ExecutorMemory}). Weighted rows add {@code Phi^T W Phi} and {@code Phi^T W Y}.
 */
public final class DistributedSums {
    /** How the pass's Spark jobs are described (the Spark UI, listeners). */
    public static final String DESCRIPTION = "per-fold sums";
    private DistributedSums() {
    }

    /**
     * What a pass gives.
     *
     * @param sums           the per-group sums over every row
     * @param kernelSeconds  seconds the tasks spent in kernel blocks (summed over tasks)
     * @param productSeconds seconds the tasks spent in the sums' products (summed over tasks)
     * @param partialBytes   the size of one task's sums as sent (lower triangles)
     * @param partials       the number of partial sums (tasks: the partitions, coalesced to at most one per core)
     * @param devices        the compute devices (GPUs) tasks ran their sums on; empty when all ran on CPUs
     */
    public record Result(FoldAggregates sums, double kernelSeconds, double productSeconds, long partialBytes,
            int partials, java.util.Set<String> devices) {
    }

    /**
     * Runs the pass.
     *
     * @param rows      the rows
     * @param recipe    the pipeline and the drawn sketch
     * @param scheme    the folds
     * @param targets   the number of regression targets d
     * @param features  the number of sketch features m
     * @param chunkRows the most rows of one kernel block, or 0 for {@link BlockAccumulator#defaultChunkRows}
     * @param depth     the depth of the aggregation tree (2 or more saves the driver from merging every partition)
     * @throws OklException {@link org.okl.api.error.ErrorCode#INVALID_PIPELINE} when the sums would not reach the
     *                      driver ({@link DriverResults#plan}) or a task's arrays would not fit an executor
     */
    public static Result run(SparkRows rows, SketchRecipe recipe, FoldScheme scheme, int targets, int features,
            int chunkRows, int depth) {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(rows.blocks().context());
        long bytes = FoldAggregates.bytes(scheme.groups(), features, targets);
        long sent = FoldAggregates.serializedBytes(scheme.groups(), features, targets);
        // the tasks of this pass may use a GPU: only they ask Spark for one (DeviceStages)
        JavaRDD<RowBlock> input = DeviceStages.onDevice(coalesced(rows));
        int partitions = input.getNumPartitions();
        DriverResults.Plan plan = DriverResults.plan(DriverResults.Driver.of(sc.sc()), "the sums of "
                + scheme.groups() + " groups over m = " + features + " features and d = " + targets + " targets",
                partitions, depth, sent, bytes, "use fewer features or folds");
        int chunk = chunkRows > 0 ? chunkRows : BlockAccumulator.defaultChunkRows(features);
        ExecutorMemory.require(ExecutorMemory.of(sc.sc()), "the sums of " + scheme.groups() + " groups over m = "
                + features + " features and d = " + targets + " targets, their serialized copy, a kernel block of "
                + chunk + " rows and the sketch's arrays", bytes + sent + 8L * chunk * features + recipe.bytes(),
                "use fewer features or folds, or the solver falkon (m x d sums per task)");
        long[] offsets = rows.offsets();
        long taskRows = offsets.length == 0 ? 0 : Math.max(1, offsets[offsets.length - 1] / partitions);
        Broadcast<SketchRecipe> shared = sc.broadcast(recipe);
        try {
            PartialSums total = rows.log().run(DESCRIPTION, false, rows.size(), recipe.bytes(),
                    () -> input.treeAggregate(new PartialSums(),
                            (PartialSums acc, RowBlock b) -> acc.add(offsets[b.partition()] + b.firstInPartition(),
                                    b.inputs(), b.outputs(), b.weights(), shared.value(), scheme, targets, chunk,
                                    taskRows),
                            PartialSums::merge, plan.depth(), plan.finalOnExecutor()));
            if (total.sums() == null) {
                throw new IllegalStateException("no partition held a row");
            }
            return new Result(total.sums(), total.kernelSeconds(), total.productSeconds(), sent, partitions,
                    total.devices());
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        } finally {
            shared.destroy();
        }
    }

    /**
     * The blocks coalesced (without a shuffle) to at most one partition per core ({@code defaultParallelism}): a
     * pass whose tasks each return sums then moves as many partial sums as there are cores, whatever the data's
     * partitions.
     */
    static JavaRDD<RowBlock> coalesced(SparkRows rows) {
        int stored = rows.blocks().getNumPartitions();
        int partitions = Math.max(1, Math.min(stored, rows.blocks().context().defaultParallelism()));
        return partitions < stored ? rows.blocks().coalesce(partitions) : rows.blocks();
    }
}
