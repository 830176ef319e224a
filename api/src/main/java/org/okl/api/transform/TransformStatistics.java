package org.okl.api.transform;

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
}
