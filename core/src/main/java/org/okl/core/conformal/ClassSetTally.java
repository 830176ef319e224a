package org.okl.core.conformal;

import java.util.List;
import org.okl.api.linalg.Matrix;

/**
 * Counts how conformal class sets at several levels do on held-out rows of one class column, part by part: per level
 * the rows whose true class is in their set and the sum of the sets' sizes. A missing class (NaN) is skipped; a class
 * the model never saw is in no set. Mutable and not thread-safe: one tally per evaluation.
 */
public final class ClassSetTally {
    private final double[] levels;
    private final long[] covered;
    private final long[] size;
    private long rows;

    /** An empty tally at these levels (each in (0, 1)). */
    public ClassSetTally(double[] levels) {
        if (levels.length == 0) {
            throw new IllegalArgumentException("a class-set tally needs levels");
        }
        for (double l : levels) {
            if (!(l > 0 && l < 1)) {
                throw new IllegalArgumentException("a level must lie in (0, 1), not " + l);
            }
        }
        this.levels = levels.clone();
        this.covered = new long[levels.length];
        this.size = new long[levels.length];
    }

    /**
     * Adds held-out rows.
     *
     * @param setsAtLevels per level (in the tally's order) t x d, 1 where the class is in the row's set
     * @param classValues  the d class values, in the sets' column order
     * @param truth        the rows' true classes (t x 1)
     * @throws IllegalArgumentException when the shapes do not match
     */
    public void add(List<Matrix> setsAtLevels, double[] classValues, Matrix truth) {
        if (setsAtLevels.size() != levels.length || truth.cols() != 1) {
            throw new IllegalArgumentException(setsAtLevels.size() + " sets of sets for " + levels.length
                    + " levels, and " + truth.cols() + " class columns (1 expected)");
        }
        for (Matrix sets : setsAtLevels) {
            if (sets.rows() != truth.rows() || sets.cols() != classValues.length) {
                throw new IllegalArgumentException("sets of " + sets.rows() + " x " + sets.cols() + " for "
                        + truth.rows() + " rows and " + classValues.length + " classes");
            }
        }
        for (int i = 0; i < truth.rows(); i++) {
            double y = truth.get(i, 0);
            if (Double.isNaN(y)) {
                continue;
            }
            rows++;
            for (int l = 0; l < levels.length; l++) {
                Matrix sets = setsAtLevels.get(l);
                for (int k = 0; k < classValues.length; k++) {
                    if (sets.get(i, k) == 1) {
                        size[l]++;
                        if (classValues[k] == y) {
                            covered[l]++;
                        }
                    }
                }
            }
        }
    }

    /** The nominal levels, in the tally's order. */
    public double[] levels() {
        return levels.clone();
    }

    /** The held-out rows with a class. */
    public long rows() {
        return rows;
    }

    /** The rows whose true class is in their set at the level with this index. */
    public long covered(int level) {
        return covered[level];
    }

    /** The share of rows whose true class is in their set (NaN before any row). */
    public double coverage(int level) {
        return rows == 0 ? Double.NaN : covered[level] / (double) rows;
    }

    /** The mean number of classes in a set (NaN before any row). */
    public double meanSize(int level) {
        return rows == 0 ? Double.NaN : size[level] / (double) rows;
    }
}
