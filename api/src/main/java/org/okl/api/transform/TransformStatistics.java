package org.okl.api.transform;

import java.util.Map;
import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * The statistics of an {@link InputTransform} gathered over training rows, block by block, in bounded memory.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface TransformStatistics {

    /**
     * Adds a block of training rows (rows x columns); blocks come in row order and together hold every training row
     * once. Targets may hold NaN (a missing value), which a target transform leaves out of its statistics.
     *
     * @throws IllegalArgumentException when a value cannot be transformed (the message names its row within the
     *                                  block and its column)
     */
    void add(Matrix rows);

    /**
     * The fitted transform.
     *
     * @throws IllegalArgumentException when the rows do not determine it (for example no row at all)
     */
    FittedTransform finish();

    /**
     * The statistics gathered so far as named arrays, for {@link #merge} on another accumulator of the same transform
     * and columns: a cluster gathers the statistics of every part of the rows where that part is held, and OKL merges
     * them. Empty (the default) when the statistics do not merge; OKL then reads every row in one place.
     */
    default Optional<Map<String, Matrix>> part() {
        return Optional.empty();
    }

    /**
     * Adds the statistics of other training rows: the {@link #part()} of an accumulator of the same transform and
     * columns. Merging the parts of consecutive blocks gives what adding the blocks gives, up to round-off.
     *
     * @throws UnsupportedOperationException when the statistics do not merge ({@link #part()} is empty)
     * @throws IllegalArgumentException      when an array of the part is missing or has the wrong shape, or the
     *                                       merged statistics do not suit the transform (too many levels, say)
     */
    default void merge(Map<String, Matrix> part) {
        throw new UnsupportedOperationException("these statistics do not merge");
    }
}
