package org.okl.api.sketch;

import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * The training inputs a {@link KernelSketch} is drawn from: a matrix in memory, a file read block by block, or a
 * distributed data set. Rows have a fixed order and global indices 0..n-1; a pass reads them all in that order.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface SketchRows {

    /** The number of rows n (a streamed source learns it on its first pass, and makes one to count if asked first). */
    long size();

    /** The number of input columns p. */
    int dimension();

    /**
     * A uniform sample of {@code min(count, n)} distinct rows without replacement, in row order, drawn by
     * {@link ReservoirSample} with this seed in one pass; every source gives the same rows for the same data.
     */
    Matrix uniformSample(int count, long seed);

    /** One pass over the inputs, in blocks, in row order. */
    void forEachBlock(InputBlockVisitor visitor);

    /** All the inputs when they are in memory (n x p), for sketches that need random access to every row. */
    default Optional<Matrix> inMemory() {
        return Optional.empty();
    }

    /** Receives the blocks of a pass. */
    @FunctionalInterface
    interface InputBlockVisitor {

        /**
         * One block of consecutive rows.
         *
         * @param firstRow the global index of the block's first row
         * @param inputs   the block's inputs (rows x p); may be reused after the call returns
         */
        void accept(long firstRow, Matrix inputs);
    }
}
