package org.okl.spark.fit;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.ReservoirSample;
import org.okl.api.sketch.SketchRows;
import org.okl.api.sketch.WeightedSample;
import org.okl.linalg.streamed.BlockAccumulator;
import org.okl.linalg.streamed.FoldAggregates;
import org.okl.spark.data.RowBlock;
import org.okl.spark.data.SparkErrors;
import org.okl.spark.exec.SketchRecipe;

/**
 * A sketch's draw on the executors: the uniform sample's reservoir choices ({@link #reservoir}), the features' Gram
 * ({@link #featureGram}) and the scored sample's keys ({@link #scoreSample}) of leverage-score Nystrom. The driver
 * receives per task a reservoir of row indices, an m x m lower triangle, or the best keys with their row indices,
 * and then fetches only the chosen rows.
 */
public final class DistributedSketch {
    private DistributedSketch() {
    }

    /** The rows of one kernel block for m features ({@link BlockAccumulator#defaultChunkRows}). */
    public static int chunkRows(int features) {
        return BlockAccumulator.defaultChunkRows(features);
    }

    /**
     * The global indices {@link ReservoirSample} with this seed draws from n rows, increasing: the index range is
     * cut into slices, each task makes its rows' choices ({@link ReservoirSample#slot}; the rows themselves are not
     * read) and keeps per slot the last row that chose it; the driver keeps the last over all slices.
     */
    public static long[] reservoir(JavaSparkContext sc, long n, int count, long seed) {
        int slices = (int) Math.max(1, Math.min(4L * sc.defaultParallelism(), n / 4096 + 1));
        List<long[]> ranges = new ArrayList<>();
        for (int s = 0; s < slices; s++) {
            ranges.add(new long[] {n * s / slices, n * (s + 1) / slices});
        }
        DriverResults.Plan plan = DriverResults.plan(DriverResults.Driver.of(sc.sc()), "the reservoir choices of "
                + count + " slots", slices, 2, 8L * count + 1024, 16L * count, "draw fewer landmarks (rank)");
        long[] slots;
        try {
            slots = sc.parallelize(ranges, slices).map(r -> {
                long[] best = new long[count];
                Arrays.fill(best, -1);
                for (long i = r[0]; i < r[1]; i++) {
                    int slot = ReservoirSample.slot(seed, i, count);
                    if (slot >= 0) {
                        best[slot] = i;
                    }
                }
                return best;
            }).treeAggregate(null, DistributedSketch::later, DistributedSketch::later, plan.depth(),
                    plan.finalOnExecutor());
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        }
        return Arrays.stream(slots).filter(i -> i >= 0).sorted().toArray();
    }

    /** Per slot the later row of two reservoirs' choices ({@code null}: none yet). */
    private static long[] later(long[] a, long[] b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        long[] out = new long[a.length];
        for (int k = 0; k < a.length; k++) {
            out[k] = Math.max(a[k], b[k]);
        }
        return out;
    }

    /**
     * {@code sum_i phi(x_i) phi(x_i)^T} over every row (m x m, symmetric), the tasks' lower triangles merged by
     * {@code treeAggregate}.
     */
    public static Matrix featureGram(SparkRows rows, SketchRecipe recipe, int features, int chunkRows) {
        JavaRDD<RowBlock> input = DistributedSums.coalesced(rows);
        ExecutorMemory.require(ExecutorMemory.of(input.context()), "the " + features + " x " + features
                + " Gram of the leverage scores' features, its serialized copy and a kernel block",
                FoldAggregates.bytes(1, features, 0) + FoldAggregates.serializedBytes(1, features, 0)
                        + 8L * chunkRows * features + recipe.bytes(), "draw fewer landmarks (rank)");
        DriverResults.Plan plan = DriverResults.plan(DriverResults.Driver.of(input.context()), "the " + features
                + " x " + features + " Gram of the leverage scores' features", input.getNumPartitions(),
                rows.settings().depth(), FoldAggregates.serializedBytes(1, features, 0),
                FoldAggregates.bytes(1, features, 0), "draw fewer landmarks (rank)");
        Broadcast<SketchRecipe> shared = JavaSparkContext.fromSparkContext(input.context()).broadcast(recipe);
        try {
            Holder total = rows.log().run("leverage Gram", false, rows.size(), recipe.bytes(),
                    () -> input.treeAggregate(new Holder(), (Holder acc, RowBlock b) -> acc.add(b.inputs(),
                            shared.value(), features, chunkRows), Holder::merge, plan.depth(),
                            plan.finalOnExecutor()));
            if (total.gram == null) {
                throw new IllegalStateException("no partition held a row");
            }
            return total.gram.gram(new boolean[] {true});
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        } finally {
            shared.destroy();
        }
    }

    /** A task's Gram (empty until its first block). */
    private static final class Holder implements Serializable {
        private static final long serialVersionUID = 1L;
        private FoldAggregates gram;

        Holder add(InputRows inputs, SketchRecipe recipe, int features, int chunkRows) {
            SketchRecipe.Prepared p = recipe.prepare();
            if (gram == null) {
                gram = new FoldAggregates(1, features, 0);
            }
            Matrix none = Matrix.zeros(0, 0);
            for (int from = 0; from < inputs.rows(); from += chunkRows) {
                InputRows part = inputs.rowRange(from, Math.min(inputs.rows(), from + chunkRows));
                gram.add(0, p.features().features(part), new Matrix(part.rows(), 0, none.data()),
                        p.okl().context().linearAlgebra());
            }
            return this;
        }

        Holder merge(Holder other) {
            if (other.gram == null) {
                return this;
            }
            if (gram == null) {
                return other;
            }
            gram.merge(other.gram);
            return this;
        }
    }

    /**
     * The global indices of the {@code count} rows {@link WeightedSample} with this seed draws by the scores
     * {@code ||F^T phi(x_i)||^2} (F broadcast), increasing: each task keeps its rows of largest keys, the driver the
     * largest of all.
     */
    public static long[] scoreSample(SparkRows rows, SketchRecipe recipe, Matrix factor, int count, long seed) {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(rows.blocks().context());
        long[] offsets = rows.offsets();
        int m = factor.rows();
        int r = factor.cols();
        double[] f = factor.data();
        JavaRDD<RowBlock> input = DistributedSums.coalesced(rows);
        DriverResults.Plan plan = DriverResults.plan(DriverResults.Driver.of(sc.sc()), "the keys of " + count
                + " scored rows", input.getNumPartitions(), rows.settings().depth(), 16L * count + 1024,
                16L * count, "draw fewer landmarks (rank)");
        Broadcast<SketchRecipe> shared = sc.broadcast(recipe);
        Broadcast<double[]> sharedFactor = sc.broadcast(f);
        try {
            Keys best = rows.log().run("leverage scores", false, rows.size(), recipe.bytes()
                    + 8L * f.length, () -> input.mapPartitions(blocks -> {
                        WeightedSample sample = new WeightedSample(count, seed);
                        SketchRecipe.Prepared p = shared.value().prepare();
                        Matrix fm = new Matrix(m, r, sharedFactor.value());
                        int chunk = chunkRows(m);
                        while (blocks.hasNext()) {
                            RowBlock b = blocks.next();
                            long first = offsets[b.partition()] + b.firstInPartition();
                            InputRows x = b.inputs();
                            for (int from = 0; from < x.rows(); from += chunk) {
                                InputRows part = x.rowRange(from, Math.min(x.rows(), from + chunk));
                                sample.offer(first + from, null, SketchRows.scores(p.features().features(part), fm,
                                        p.okl().context().linearAlgebra()));
                            }
                        }
                        return List.of(new Keys(sample.indices(), sample.keys())).iterator();
                    }).treeAggregate(Keys.NONE, (a, b) -> a.merge(b, count, seed), (a, b) -> a.merge(b, count, seed),
                            plan.depth(), plan.finalOnExecutor()));
            return best.rows();
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        } finally {
            shared.destroy();
            sharedFactor.destroy();
        }
    }

    /** A task's best rows (increasing) and their keys. */
    private record Keys(long[] rows, double[] keys) implements Serializable {
        static final Keys NONE = new Keys(new long[0], new double[0]);

        /** The best of both. */
        Keys merge(Keys other, int count, long seed) {
            if (other.rows.length == 0 || rows.length == 0) {
                return rows.length == 0 ? other : this;
            }
            WeightedSample merged = new WeightedSample(count, seed);
            for (Keys part : new Keys[] {this, other}) {
                for (int k = 0; k < part.rows.length; k++) {
                    merged.offerKey(part.rows[k], part.keys[k]);
                }
            }
            return new Keys(merged.indices(), merged.keys());
        }
    }
}
