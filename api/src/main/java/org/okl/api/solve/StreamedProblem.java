package org.okl.api.solve;

import java.util.Optional;
import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;

/**
 * A sketched separable problem over rows read in passes: predictions are {@code phi(x)^T beta} with the drawn
 * sketch's features, the output matrix A of the separable kernel is given by its eigendecomposition, and the rows
 * fall into groups of which some are validation folds (k-fold: every group; hold-out: one; none without selection).
 * A {@link StreamingSolver} fits, for every validation fold, the model of the other groups and its squared errors on
 * the fold, and the model of all rows, at every point of the filter's path.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface StreamedProblem {

    /** The drawn sketch: the features of every input row. */
    SketchFeatures features();

    /** The number of rows n (known after the first pass). */
    long size();

    /** The number of regression targets d per row (the output embedding's row-wise codes). */
    int targets();

    /** The eigenvectors of A (d x d), or empty when A is the identity. */
    Optional<Matrix> outputVectors();

    /** The eigenvalues of A, decreasing (all ones for the identity). */
    double[] outputValues();

    /** The number of groups the rows fall into (1 without selection). */
    int groups();

    /**
     * The number of validation folds v (0 without selection): validation fold f is the rows of group f, for f below
     * v, and its model trains on the other groups.
     */
    int validationFolds();

    /** The group of each row of a block: {@code into[i]} for row {@code firstRow + i}. */
    void groupsOf(long firstRow, int count, int[] into);

    /** The groups a validation fold trains on (every group but the fold's own). */
    boolean[] trainingGroups(int fold);

    /** The spectral filter with its path. */
    SpectralFilter filter();

    /** The back-end and seed. */
    ComponentContext context();

    /** One pass over the rows in blocks, in row order, with their encoded targets (counted as a pass). */
    void pass(TargetBlockVisitor visitor);

    /** Receives the blocks of a pass. */
    @FunctionalInterface
    interface TargetBlockVisitor {

        /**
         * One block of consecutive rows.
         *
         * @param firstRow the global index of the block's first row
         * @param inputs   its inputs (rows x p), dense or sparse as the rows are stored; may be reused after the call
         *                 returns
         * @param targets  its regression targets (rows x d)
         */
        void accept(long firstRow, InputRows inputs, Matrix targets);
    }
}
