package org.okl.spark.fit;

import java.io.Serializable;
import java.util.function.BinaryOperator;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.broadcast.Broadcast;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.linalg.streamed.CrossSums;
import org.okl.linalg.streamed.FalkonPasses;
import org.okl.linalg.streamed.PassContext;
import org.okl.linalg.streamed.SetProducts;
import org.okl.linalg.streamed.ValidationSums;
import org.okl.spark.data.RowBlock;
import org.okl.spark.data.SparkErrors;
import org.okl.spark.exec.SketchRecipe;

/**
 * Falkon's passes on the executors: the recipe (pipeline and drawn sketch) is broadcast once, and every pass
 * broadcasts what it applies (the right-hand sides of a conjugate-gradient step, the path's weights), runs the
 * one-machine accumulators ({@link CrossSums}, {@link SetProducts}, {@link ValidationSums}) in each task over its
 * blocks and merges them by {@code treeAggregate}: the driver receives per task m x d sums (m x c for c right-hand
 * sides), never an m x m one and never a row. The partitions are coalesced to one task per core, and what each task
 * holds is checked against the executors' memory before each pass.
 */
public final class SparkFalkonPasses implements FalkonPasses, AutoCloseable {
    /** The names of the passes (the Spark jobs' descriptions). */
    public static final String CROSS = "falkon cross sums";
    /** The Gram products of one conjugate-gradient step. */
    public static final String APPLY = "falkon gram products";
    /** The validation errors. */
    public static final String VALIDATE = "falkon validation";

    private final SparkRows rows;
    private final SketchRecipe recipe;
    private final FoldScheme scheme;
    private final int targets;
    private final int features;
    private final int chunkRows;
    private final StreamTimings timings;
    private final JavaSparkContext sc;
    private final Broadcast<SketchRecipe> shared;
    private final JavaRDD<RowBlock> input;
    private final ExecutorMemory.Executor executor;
    private boolean closed;

    /**
     * @param rows      the rows
     * @param recipe    the pipeline and the drawn sketch
     * @param scheme    the folds
     * @param targets   d
     * @param features  m
     * @param chunkRows the most rows of one kernel block
     * @param timings   where the passes are counted
     */
    public SparkFalkonPasses(SparkRows rows, SketchRecipe recipe, FoldScheme scheme, int targets, int features,
            int chunkRows, StreamTimings timings) {
        this.rows = rows;
        this.recipe = recipe;
        this.scheme = scheme;
        this.targets = targets;
        this.features = features;
        this.chunkRows = chunkRows;
        this.timings = timings;
        this.sc = JavaSparkContext.fromSparkContext(rows.blocks().context());
        this.shared = sc.broadcast(recipe);
        this.input = DistributedSums.coalesced(rows);
        this.executor = ExecutorMemory.of(sc.sc());
    }

    @Override
    public int sets() {
        return scheme.validationFolds() + 1;
    }

    @Override
    public CrossSums cross() {
        long sums = 8L * scheme.groups() * features * targets;
        require("the " + scheme.groups() + " groups' m x d sums", 2 * sums);
        int groups = scheme.groups();
        int m = features;
        int d = targets;
        TaskSetup setup = setup();
        Holder<CrossSums> total = pass(CROSS, 0, sums, "the " + groups + " groups' m x d sums",
                (Holder<CrossSums> acc, RowBlock b) -> {
            Task t = setup.task(b);
            if (acc.value == null) {
                acc.value = new CrossSums(groups, m, d);
            }
            acc.value.add(t.first(), b.inputs(), t.targets(), b.weights(), t.context());
            return acc;
        }, CrossSums::merge);
        return total.value;
    }

    @Override
    public Matrix[] apply(Matrix[] v) {
        int[] offsets = SetProducts.offsets(v);
        int columns = offsets[v.length];
        if (columns == 0) {
            return new Matrix[v.length];
        }
        Matrix stacked = SetProducts.stack(v, features);
        long bytes = 8L * features * columns;
        require(columns + " right-hand sides' products, their serialized copy, the right-hand sides and a block's "
                + "products", 3 * bytes + 8L * chunkRows * columns);
        Broadcast<double[]> sides = sc.broadcast(stacked.data());
        int m = features;
        TaskSetup setup = setup();
        try {
            Holder<SetProducts> total = pass(APPLY, bytes, bytes, "the products of " + columns
                    + " right-hand sides", (Holder<SetProducts> acc, RowBlock b) -> {
                Task t = setup.task(b);
                if (acc.value == null) {
                    acc.value = new SetProducts(m, offsets);
                }
                acc.value.add(t.first(), b.inputs(), b.weights(), new Matrix(m, columns, sides.value()),
                        t.context());
                return acc;
            }, SetProducts::merge);
            return total.value.products();
        } finally {
            sides.destroy();
        }
    }

    @Override
    public SquaredErrors[][] validate(Matrix[][] weights) {
        int folds = scheme.validationFolds();
        if (folds == 0) {
            return new SquaredErrors[0][];
        }
        Matrix[] stacked = ValidationSums.stack(weights, folds);
        int points = weights[0].length;
        int d = weights[0][0].cols();
        double[][] data = new double[folds][];
        long bytes = 0;
        for (int f = 0; f < folds; f++) {
            data[f] = stacked[f].data();
            bytes += 8L * data[f].length;
        }
        require("every fold's path of weights and a block's predictions", bytes + 8L * chunkRows * points * d);
        Broadcast<double[][]> paths = sc.broadcast(data);
        int m = features;
        TaskSetup setup = setup();
        try {
            Holder<ValidationSums> total = pass(VALIDATE, bytes, 16L * (folds + 1) * points * d, "the validation "
                    + "errors of " + folds + " folds at " + points + " path points",
                    (Holder<ValidationSums> acc, RowBlock b) -> {
                Task t = setup.task(b);
                if (acc.value == null) {
                    acc.value = new ValidationSums(folds, points, d);
                }
                Matrix[] w = new Matrix[folds];
                for (int f = 0; f < folds; f++) {
                    w[f] = new Matrix(m, points * d, paths.value()[f]);
                }
                acc.value.add(t.first(), b.inputs(), t.targets(), b.weights(), w, t.context());
                return acc;
            }, ValidationSums::merge);
            return total.value.result();
        } finally {
            paths.destroy();
        }
    }

    /**
     * One pass over the coalesced blocks, merged by a tree ({@link DriverResults#plan}: refused before its job when
     * the driver could not take its results); counted as a pass over every row.
     *
     * @param resultBytes the bytes of one task's result
     * @param what        what a task's result holds, for messages
     */
    private <A> Holder<A> pass(String name, long broadcastBytes, long resultBytes, String what,
            Function2<Holder<A>, RowBlock, Holder<A>> add, Merge<A> merge) {
        DriverResults.Plan plan = DriverResults.plan(DriverResults.Driver.of(sc.sc()), what + " (m = " + features
                + ")", input.getNumPartitions(), rows.settings().depth(), resultBytes + 1024, resultBytes,
                "use fewer features (rank) or folds");
        Function2<Holder<A>, Holder<A>, Holder<A>> combine = (a, b) -> {
            if (b.value == null) {
                return a;
            }
            if (a.value == null) {
                return b;
            }
            a.value = merge.apply(a.value, b.value);
            return a;
        };
        try {
            Holder<A> total = rows.log().run(name, false, rows.size(), broadcastBytes + recipe.bytes(),
                    () -> input.treeAggregate(new Holder<>(), add, combine, plan.depth(), plan.finalOnExecutor()));
            if (total.value == null) {
                throw new IllegalStateException("no partition held a row");
            }
            timings.pass(rows.size());
            return total;
        } catch (Exception e) {
            throw SparkErrors.unwrap(e);
        }
    }

    /**
     * Releases the recipe's broadcast (on the executors and the driver) once Falkon's passes are done; a pass after
     * it fails. {@link SparkRows#close} closes the passes it made, so the fit's end releases them, also on failure.
     */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            shared.destroy();
        }
    }

    private TaskSetup setup() {
        return new TaskSetup(shared, rows.offsets(), scheme, chunkRows);
    }

    /**
     * What the tasks need to compute a block (serializable, sent with the pass).
     *
     * @param recipe    the broadcast recipe
     * @param offsets   every partition's first global row
     * @param scheme    the folds
     * @param chunkRows the most rows of one kernel block
     */
    private record TaskSetup(Broadcast<SketchRecipe> recipe, long[] offsets, FoldScheme scheme, int chunkRows)
            implements Serializable {

        /** A block's global first row, its targets and the features rebuilt on this executor. */
        Task task(RowBlock b) {
            SketchRecipe.Prepared p = recipe.value().prepare();
            return new Task(offsets[b.partition()] + b.firstInPartition(), p.encode().apply(b.outputs()),
                    new PassContext(p.features(), scheme, chunkRows, p.okl().context().linearAlgebra(),
                            new StreamTimings()));
        }
    }

    /** How partial results merge (serializable: it travels with the pass). */
    @FunctionalInterface
    private interface Merge<A> extends BinaryOperator<A>, Serializable {
    }

    private void require(String what, long bytes) {
        ExecutorMemory.require(executor, what + ", a kernel block of " + chunkRows + " rows and the sketch's arrays",
                bytes + 8L * chunkRows * features + recipe.bytes(), "use fewer features (rank)");
    }

    /**
     * A block's place and targets and the features to compute with.
     *
     * @param first   the global index of its first row
     * @param targets its regression targets
     * @param context the rebuilt features and the folds
     */
    private record Task(long first, Matrix targets, PassContext context) {
    }

    /** A task's partial result, empty until its first block (so the zero value ships as a few bytes). */
    static final class Holder<A> implements Serializable {
        private static final long serialVersionUID = 1L;
        private A value;
    }
}
