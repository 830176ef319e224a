package org.okl.core.stream;

import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;

/**
 * Turns blocks of training rows into {@link FoldAggregates}: every row goes to its group (from the
 * {@link FoldScheme} and its global index, or as given), and each group's rows are processed in chunks of at most
 * {@link #chunkRows()}: sketch features (the kernel block, t x m) then the {@code dsyrk}/{@code dgemm} sums. Memory:
 * the sums plus one chunk of features, O(m² + chunk·m), whatever the number of rows. The kernel blocks and the
 * products each use every core (the back-end's BLAS threads, the kernel's parallel element-wise pass), one after
 * the other, never nested.
 *
 * <p>Inputs (dense or sparse rows) and targets must be finite: a NaN or infinite value is reported with its global
 * row (1-based) and column. Rows may carry weights (finite, >= 0: {@link FoldAggregates} says what they weigh).
 */
public final class BlockAccumulator {
    private final SketchFeatures features;
    private final FoldScheme scheme;
    private final FoldAggregates aggregates;
    private final LinearAlgebra linearAlgebra;
    private final int chunkRows;
    private final StreamTimings timings;

    /**
     * @param features      the drawn sketch
     * @param scheme        the groups
     * @param outputs       the number of target columns d
     * @param linearAlgebra the back-end
     * @param chunkRows     the most rows of one kernel block (see {@link #defaultChunkRows})
     * @param timings       where the time is counted
     */
    public BlockAccumulator(SketchFeatures features, FoldScheme scheme, int outputs, LinearAlgebra linearAlgebra,
            int chunkRows, StreamTimings timings) {
        if (chunkRows < 1) {
            throw new IllegalArgumentException("chunk rows must be >= 1, got " + chunkRows);
        }
        this.features = features;
        this.scheme = scheme;
        this.aggregates = new FoldAggregates(scheme.groups(), features.size(), outputs);
        this.linearAlgebra = linearAlgebra;
        this.chunkRows = chunkRows;
        this.timings = timings;
    }

    /** About 8 M doubles (64 MB) of features per kernel block: 8,388,608 / m rows, between 256 and 8192. */
    public static int defaultChunkRows(int features) {
        return Math.max(256, Math.min(8192, (1 << 23) / Math.max(1, features)));
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
        int[] counts = new int[aggregates.groups()];
        for (int i = 0; i < t; i++) {
            int g = groups[i];
            if (g < 0 || g >= counts.length) {
                throw new OklException(ErrorCode.INVALID_DATA, "row " + (firstRow + i + 1) + ": fold " + g
                        + " is not one of 0.." + (counts.length - 1));
            }
            counts[g]++;
        }
        for (int g = 0; g < counts.length; g++) {
            if (counts[g] == 0) {
                continue;
            }
            int[] rows = new int[counts[g]];
            int k = 0;
            for (int i = 0; i < t; i++) {
                if (groups[i] == g) {
                    rows[k++] = i;
                }
            }
            for (int from = 0; from < rows.length; from += chunkRows) {
                int[] chunk = java.util.Arrays.copyOfRange(rows, from, Math.min(rows.length, from + chunkRows));
                boolean all = chunk.length == t;
                InputRows x = all ? inputs : inputs.selectRows(chunk);
                Matrix y = all ? targets : targets.selectRows(chunk);
                long start = System.nanoTime();
                Matrix phi = features.features(x);
                long mid = System.nanoTime();
                if (weights == null) {
                    aggregates.add(g, phi, y, linearAlgebra);
                } else {
                    aggregates.add(g, phi, y, all ? weights : select(weights, chunk), linearAlgebra);
                }
                timings.kernel(mid - start);
                timings.products(System.nanoTime() - mid);
            }
        }
    }

    /** The sums so far. */
    public FoldAggregates aggregates() {
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
