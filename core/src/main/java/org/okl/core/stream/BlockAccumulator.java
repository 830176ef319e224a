package org.okl.core.stream;

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
 * <p>Inputs and targets must be finite: a NaN or infinite value is reported with its global row (1-based) and
 * column.
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
    public void add(long firstRow, Matrix inputs, Matrix targets) {
        int[] groups = new int[inputs.rows()];
        scheme.groupsOf(firstRow, groups.length, groups);
        add(firstRow, groups, inputs, targets);
    }

    /**
     * Adds rows with their groups given (a fold column).
     *
     * @param firstRow the global index of the first row, for error messages
     */
    public void add(long firstRow, int[] groups, Matrix inputs, Matrix targets) {
        int t = inputs.rows();
        if (targets.rows() != t || groups.length != t) {
            throw new IllegalArgumentException(t + " input rows, " + targets.rows() + " target rows and "
                    + groups.length + " groups");
        }
        requireFinite(inputs, firstRow, "input");
        requireFinite(targets, firstRow, "target");
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
                Matrix x = all ? inputs : inputs.selectRows(chunk);
                Matrix y = all ? targets : targets.selectRows(chunk);
                long start = System.nanoTime();
                Matrix phi = features.features(x);
                long mid = System.nanoTime();
                aggregates.add(g, phi, y, linearAlgebra);
                timings.kernel(mid - start);
                timings.products(System.nanoTime() - mid);
            }
        }
    }

    /** The sums so far. */
    public FoldAggregates aggregates() {
        return aggregates;
    }

    private static void requireFinite(Matrix m, long firstRow, String what) {
        double[] d = m.data();
        int rows = m.rows();
        for (int k = 0; k < d.length; k++) {
            if (!Double.isFinite(d[k])) {
                throw new OklException(ErrorCode.INVALID_DATA, "row " + (firstRow + k % rows + 1) + ", " + what
                        + " column " + (k / rows + 1) + " holds " + d[k] + "; low-rank fits need complete, finite "
                        + what + "s: remove or impute the row");
            }
        }
    }
}
