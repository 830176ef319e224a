package org.okl.linalg.streamed;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.linalg.ColumnBlock;
import org.okl.linalg.TiledProducts;
import org.okl.linalg.parallel.Workers;

/**
 * Turns blocks of training rows into {@link FoldAggregates}: every row goes to its group (from the
 * {@link FoldScheme} and its global index, or as given). A block is taken in pieces of at most {@link #chunkRows()}
 * consecutive rows; for each piece, in two parallel steps on the {@link Workers}:
 * <ol>
 *   <li>the sketch features of every group's rows (the kernel block, rows x m), in tasks of
 *       {@value SketchBlocks#TASK_ROWS} rows;</li>
 *   <li>the sums: every group's {@code Phi^T Phi} by column strips of its lower triangle and {@code Phi^T Y} by
 *       row tiles ({@link TiledProducts}), all groups' tasks at once, the largest first.</li>
 * </ol>
 * A piece's sums run in the background while the caller prepares the next piece and its features tasks join them on
 * the workers (so the caller's serial work, the new features' memory and the tail of the sums, where few tasks are
 * left, overlap); the next piece's sums start only when the previous ones have ended, so every tile is summed in row
 * order. The tasks depend on the shapes only, so the sums are the same, bit for bit, whatever the number of threads.
 * Memory: the sums plus two pieces of features, O(m² + chunk·m), whatever the number of rows; the two pieces'
 * arrays are allocated once and reused.
 *
 * <p>Inputs (dense or sparse rows) and targets must be finite: a NaN or infinite value is reported with its global
 * row (1-based) and column. Rows may carry weights (finite, >= 0: {@link FoldAggregates} says what they weigh).
 */
public final class BlockAccumulator {
    private final SketchFeatures features;
    private final FoldScheme scheme;
    private final FoldAggregates aggregates;
    private final TiledProducts products;
    private final int chunkRows;
    private final StreamTimings timings;
    private final Workers workers;
    /** The sums of the last piece, while they run (null when none). */
    private Workers.Pending<Void> inFlight;
    /** The two features arrays, filled in turns (see {@link #buffer}). */
    private final double[][] buffers = new double[2][];
    /** The array the last piece's features went to. */
    private int next;

    /**
     * An accumulator that computes on the calling thread (a task that a scheduler such as Spark already runs on one
     * core).
     *
     * @param features      the drawn sketch
     * @param scheme        the groups
     * @param outputs       the number of target columns d
     * @param linearAlgebra the back-end
     * @param chunkRows     the most rows of one kernel block (see {@link #defaultChunkRows})
     * @param timings       where the time is counted
     */
    public BlockAccumulator(SketchFeatures features, FoldScheme scheme, int outputs, LinearAlgebra linearAlgebra,
            int chunkRows, StreamTimings timings) {
        this(features, scheme, outputs, linearAlgebra, chunkRows, timings, Workers.callerOnly());
    }

    /**
     * An accumulator whose tasks run on the given workers.
     *
     * @param features      the drawn sketch
     * @param scheme        the groups
     * @param outputs       the number of target columns d
     * @param linearAlgebra the back-end
     * @param chunkRows     the most rows of one kernel block (see {@link #defaultChunkRows})
     * @param timings       where the time is counted
     * @param workers       the threads
     */
    public BlockAccumulator(SketchFeatures features, FoldScheme scheme, int outputs, LinearAlgebra linearAlgebra,
            int chunkRows, StreamTimings timings, Workers workers) {
        if (chunkRows < 1) {
            throw new IllegalArgumentException("chunk rows must be >= 1, got " + chunkRows);
        }
        this.features = features;
        this.scheme = scheme;
        this.aggregates = new FoldAggregates(scheme.groups(), features.size(), outputs);
        this.products = TiledProducts.of(linearAlgebra);
        this.chunkRows = chunkRows;
        this.timings = timings;
        this.workers = workers;
    }

    /**
     * About 16 M doubles (128 MB) of features per kernel block: 16,777,216 / m rows, between 256 and 16384. A
     * group's rows of a block make one call per strip of its sums, so larger blocks mean fewer, longer BLAS calls
     * and fewer waits between blocks: on 2 cores, twice the earlier 8 M doubles made the 200,000-row, m = 2000 fit
     * about 4 % faster on one thread and 7 % on two (BENCHMARKS.md, "Every core").
     */
    public static int defaultChunkRows(int features) {
        return Math.max(256, Math.min(16384, (1 << 24) / Math.max(1, features)));
    }

    /** The most rows of one kernel block. */
    public int chunkRows() {
        return chunkRows;
    }

    /** Adds consecutive rows whose first has global index {@code firstRow}; their groups come from the scheme. */
    public void add(long firstRow, InputRows inputs, Matrix targets) {
        add(firstRow, inputs, targets, null);
    }

    /**
     * Adds consecutive weighted rows whose first has global index {@code firstRow}; their groups come from the
     * scheme.
     *
     * @param weights one weight per row, or {@code null} for weight 1
     */
    public void add(long firstRow, InputRows inputs, Matrix targets, double[] weights) {
        int[] groups = new int[inputs.rows()];
        scheme.groupsOf(firstRow, groups.length, groups);
        add(firstRow, groups, inputs, targets, weights);
    }

    /**
     * Adds rows with their groups given (a fold column).
     *
     * @param firstRow the global index of the first row, for error messages
     */
    public void add(long firstRow, int[] groups, InputRows inputs, Matrix targets) {
        add(firstRow, groups, inputs, targets, null);
    }

    /**
     * Adds weighted rows with their groups given.
     *
     * @param firstRow the global index of the first row, for error messages
     * @param weights  one weight per row, or {@code null} for weight 1
     */
    public void add(long firstRow, int[] groups, InputRows inputs, Matrix targets, double[] weights) {
        int t = inputs.rows();
        if (targets.rows() != t || groups.length != t || (weights != null && weights.length != t)) {
            throw new IllegalArgumentException(t + " input rows, " + targets.rows() + " target rows, "
                    + groups.length + " groups and " + (weights == null ? t : weights.length) + " weights");
        }
        requireFinite(inputs, firstRow, "input");
        requireFinite(targets, firstRow, "target");
        requireWeights(weights, firstRow);
        int count = aggregates.groups();
        for (int i = 0; i < t; i++) {
            int g = groups[i];
            if (g < 0 || g >= count) {
                throw new OklException(ErrorCode.INVALID_DATA, "row " + (firstRow + i + 1) + ": fold " + g
                        + " is not one of 0.." + (count - 1));
            }
        }
        for (int from = 0; from < t; from += chunkRows) {
            addPiece(groups, inputs, targets, weights, from, Math.min(t, from + chunkRows));
        }
    }

    /**
     * Rows [from, to) of a block: every group's features (alongside the previous piece's sums), then every group's
     * sums, started in the background once the previous ones have ended. The kernel time counts the features, the
     * product time the wait for the previous sums (and, on the caller alone, the sums themselves).
     */
    private void addPiece(int[] groups, InputRows inputs, Matrix targets, double[] weights, int from, int to) {
        int[][] rows = SketchBlocks.rowsByGroup(groups, from, to, aggregates.groups());
        InputRows[] x = new InputRows[rows.length];
        Matrix[] y = new Matrix[rows.length];
        double[][] w = new double[rows.length][];
        int[] at = new int[rows.length];
        int t = 0;
        for (int g = 0; g < rows.length; g++) {
            boolean all = rows[g].length == inputs.rows();
            x[g] = rows[g].length == 0 ? null : all ? inputs : inputs.selectRows(rows[g]);
            y[g] = rows[g].length == 0 ? null : all ? targets : targets.selectRows(rows[g]);
            w[g] = weights == null || rows[g].length == 0 ? null : all ? weights : select(weights, rows[g]);
            at[g] = t;
            t += rows[g].length;
        }
        int m = features.size();
        double[] phi = buffer(t, m);
        long start = System.nanoTime();
        try {
            SketchBlocks.featuresInto(features, x, at, phi, t, workers);
        } catch (RuntimeException | Error e) {
            abandon();
            throw e;
        }
        long mid = System.nanoTime();
        List<TiledProducts.Task> tasks = new ArrayList<>();
        for (int g = 0; g < rows.length; g++) {
            if (x[g] != null) {
                aggregates.addTasks(g, new ColumnBlock(phi, at[g], rows[g].length, m, t), y[g], w[g], products,
                        tasks);
            }
        }
        finishSums();
        inFlight = workers.start(() -> {
            TiledProducts.run(tasks, workers);
            return null;
        });
        for (int g = 0; g < rows.length; g++) {
            if (y[g] != null) {
                aggregates.addOutputs(g, y[g], w[g]);
            }
        }
        timings.kernel(mid - start);
        timings.products(System.nanoTime() - mid);
    }

    /**
     * The array the features of the next piece (t rows, every group's rows one after the other) are written into:
     * the one of the two that the sums in flight do not read. Each is allocated for the largest piece it has held
     * (at most {@link #chunkRows} rows), with one column to spare (a native BLAS checks that a block's last column
     * ends within the array as if it were whole), so a pass allocates no features block per piece.
     */
    private double[] buffer(int t, int m) {
        next = 1 - next;
        long needed = (long) t * (m + 1);
        if (buffers[next] == null || buffers[next].length < needed) {
            buffers[next] = new double[Math.toIntExact(needed)];
        }
        return buffers[next];
    }

    /** Waits for the sums in flight, and rethrows their failure. */
    private void finishSums() {
        Workers.Pending<Void> pending = inFlight;
        inFlight = null;
        if (pending != null) {
            pending.join();
        }
    }

    /** Waits for the sums in flight after a failure of the caller's part, which is rethrown instead of theirs. */
    private void abandon() {
        Workers.Pending<Void> pending = inFlight;
        inFlight = null;
        if (pending != null) {
            pending.await();
        }
    }

    /** The sums so far (once the sums in flight have ended: their failure is rethrown here). */
    public FoldAggregates aggregates() {
        long start = System.nanoTime();
        finishSums();
        timings.products(System.nanoTime() - start);
        return aggregates;
    }

    private static double[] select(double[] values, int[] indices) {
        double[] out = new double[indices.length];
        for (int k = 0; k < indices.length; k++) {
            out[k] = values[indices[k]];
        }
        return out;
    }

    private static void requireFinite(InputRows m, long firstRow, String what) {
        int[] at = m.firstNonFinite();
        if (at != null) {
            double v = m instanceof Matrix d ? d.get(at[0], at[1]) : ((org.okl.api.linalg.SparseMatrix) m)
                    .get(at[0], at[1]);
            throw new OklException(ErrorCode.INVALID_DATA, "row " + (firstRow + at[0] + 1) + ", " + what
                    + " column " + (at[1] + 1) + " holds " + v + "; low-rank fits need complete, finite " + what
                    + "s: remove or impute the row");
        }
    }

    private static void requireWeights(double[] weights, long firstRow) {
        if (weights == null) {
            return;
        }
        for (int i = 0; i < weights.length; i++) {
            if (!(weights[i] >= 0) || Double.isInfinite(weights[i])) {
                throw new OklException(ErrorCode.INVALID_DATA, "row " + (firstRow + i + 1) + " has weight "
                        + weights[i] + "; weights must be finite and >= 0");
            }
        }
    }
}
