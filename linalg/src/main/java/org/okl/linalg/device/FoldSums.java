package org.okl.linalg.device;

import org.okl.api.linalg.Matrix;
import org.okl.linalg.streamed.FoldAggregates;

/**
 * Per-group sums of sketch features built on a device, block by block, with the contract of
 * {@link org.okl.linalg.streamed.BlockAccumulator}: rows go to their group by their global index, inputs and targets
 * must be finite (a NaN is reported with its row and column). {@link #finish} brings the sums back as
 * {@link FoldAggregates}; {@link #close} frees the device memory. Blocks may be added from several threads.
 */
public interface FoldSums extends AutoCloseable {

    /** Adds consecutive rows whose first has global index {@code firstRow}. */
    void add(long firstRow, Matrix inputs, Matrix targets);

    /** Waits for the device and returns the sums of every row added. */
    FoldAggregates finish();

    /** Frees the device memory. */
    @Override
    void close();
}
