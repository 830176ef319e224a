package org.okl.core.conformal;

import java.util.List;
import org.okl.api.linalg.Matrix;

/**
 * Counts how prediction intervals at several levels do on held-out rows, part by part (folds, a test set, streamed
 * blocks): per level and output the values inside their interval and the sum of the widths, per level the rows whose
 * whole output vector is inside the joint box and the sum of the box's widths. Missing values (NaN) are skipped: they
 * count neither as covered nor as held out, and a row is jointly covered when every output it has is inside its box.
 * Mutable and not thread-safe: one tally per evaluation.
 */
public final class CoverageTally {
    private final double[] levels;
    private final int outputs;
    private final long[] values;
    private final long[][] covered;
    private final double[][] width;
    private final double[][] jointWidth;
    private final long[] jointCovered;
    private long rows;

    /**
     * An empty tally.
     *
     * @param levels  the nominal levels, each in (0, 1)
     * @param outputs the number of outputs (at least 1)
     */
    public CoverageTally(double[] levels, int outputs) {
        if (levels.length == 0 || outputs < 1) {
            throw new IllegalArgumentException("a coverage tally needs levels and outputs, not " + levels.length
                    + " and " + outputs);
        }
        for (double l : levels) {
            if (!(l > 0 && l < 1)) {
                throw new IllegalArgumentException("a level must lie in (0, 1), not " + l);
            }
        }
        this.levels = levels.clone();
        this.outputs = outputs;
        this.values = new long[outputs];
        this.covered = new long[levels.length][outputs];
        this.width = new double[levels.length][outputs];
        this.jointWidth = new double[levels.length][outputs];
        this.jointCovered = new long[levels.length];
    }

    /**
     * Adds held-out rows: their intervals at every level of the tally (in its order, for the same rows) and their
     * true outputs.
     *
     * @throws IllegalArgumentException when the intervals' levels or shapes do not match
     */
    public void add(List<PredictionIntervals> atLevels, Matrix truth) {
        if (atLevels.size() != levels.length) {
            throw new IllegalArgumentException(atLevels.size() + " sets of intervals for " + levels.length
                    + " levels");
        }
        if (truth.cols() != outputs) {
            throw new IllegalArgumentException(truth.cols() + " outputs in a tally of " + outputs);
        }
        for (int l = 0; l < levels.length; l++) {
            PredictionIntervals p = atLevels.get(l);
            if (p.level() != levels[l]) {
                throw new IllegalArgumentException("intervals at " + p.level() + " where " + levels[l]
                        + " was expected");
            }
            if (p.lower().rows() != truth.rows() || p.lower().cols() != outputs) {
                throw new IllegalArgumentException("intervals of " + p.lower().rows() + " x " + p.lower().cols()
                        + " for outputs of " + truth.rows() + " x " + outputs);
            }
        }
        for (int i = 0; i < truth.rows(); i++) {
            for (int c = 0; c < outputs; c++) {
                if (!Double.isNaN(truth.get(i, c))) {
                    values[c]++;
                }
            }
            for (int l = 0; l < levels.length; l++) {
                PredictionIntervals p = atLevels.get(l);
                boolean all = true;
                for (int c = 0; c < outputs; c++) {
                    double v = truth.get(i, c);
                    if (Double.isNaN(v)) {
                        continue;
                    }
                    if (v >= p.lower().get(i, c) && v <= p.upper().get(i, c)) {
                        covered[l][c]++;
                    }
                    all &= v >= p.jointLower().get(i, c) && v <= p.jointUpper().get(i, c);
                    width[l][c] += p.upper().get(i, c) - p.lower().get(i, c);
                    jointWidth[l][c] += p.jointUpper().get(i, c) - p.jointLower().get(i, c);
                }
                if (all) {
                    jointCovered[l]++;
                }
            }
            rows++;
        }
    }

    /** The nominal levels, in the tally's order. */
    public double[] levels() {
        return levels.clone();
    }

    /** The number of outputs. */
    public int outputs() {
        return outputs;
    }

    /** The held-out rows counted so far. */
    public long rows() {
        return rows;
    }

    /** The held-out values (not missing) of an output. */
    public long values(int output) {
        return values[output];
    }

    /** The values of an output inside their interval at the level with this index. */
    public long covered(int level, int output) {
        return covered[level][output];
    }

    /** The rows whose whole output vector is inside the joint box at the level with this index. */
    public long jointCovered(int level) {
        return jointCovered[level];
    }

    /** The share of an output's held-out values inside their interval (NaN before any value). */
    public double coverage(int level, int output) {
        return values[output] == 0 ? Double.NaN : covered[level][output] / (double) values[output];
    }

    /** The share of held-out rows inside their joint box (NaN before any row). */
    public double jointCoverage(int level) {
        return rows == 0 ? Double.NaN : jointCovered[level] / (double) rows;
    }

    /**
     * The mean width (upper - lower) of an output's intervals, on the output's scale; +infinity when the training
     * rows were too few for the level (the interval is then the whole line), NaN before any value.
     */
    public double meanWidth(int level, int output) {
        return values[output] == 0 ? Double.NaN : width[level][output] / values[output];
    }

    /** The mean width of the joint box along an output (as {@link #meanWidth}). */
    public double jointMeanWidth(int level, int output) {
        return values[output] == 0 ? Double.NaN : jointWidth[level][output] / values[output];
    }
}
