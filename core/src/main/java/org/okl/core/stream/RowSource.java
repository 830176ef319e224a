package org.okl.core.stream;

import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.ReservoirSample;
import org.okl.api.sketch.SketchRows;

/**
 * Training rows read in blocks, in a fixed order, as many times as a fit needs (one pass per call): a matrix in
 * memory ({@link MatrixRows}) or a data file ({@code org.okl.core.data.FileRows}). Global row indices are 0-based in
 * that order; they decide the folds ({@link FoldScheme}) and the sketch's samples, so every source of the same rows
 * gives the same fit.
 */
public interface RowSource extends SketchRows {

    /** The number of output columns q. */
    int outputDimension();

    /** Where the rows come from, for messages ({@code train.csv}, {@code 5000 rows in memory}). */
    String description();

    /** One pass over inputs and outputs, in blocks, in row order. */
    void forEachRowBlock(RowBlockVisitor visitor);

    /**
     * Readies the rows for the passes of a fit (a file is parsed into its cache); a fit calls it first and counts
     * its time as parsing. The default does nothing.
     */
    default void prepare() {
    }

    @Override
    default void forEachBlock(InputBlockVisitor visitor) {
        forEachRowBlock((first, inputs, outputs) -> visitor.accept(first, inputs));
    }

    @Override
    default Matrix uniformSample(int count, long seed) {
        ReservoirSample sample = new ReservoirSample(count, dimension(), seed);
        forEachBlock((first, inputs) -> sample.offer(inputs));
        return sample.rows();
    }

    /** Receives the blocks of a pass. */
    @FunctionalInterface
    interface RowBlockVisitor {

        /**
         * One block of consecutive rows.
         *
         * @param firstRow the global index of the block's first row
         * @param inputs   its inputs (rows x p)
         * @param outputs  its outputs (rows x q)
         */
        void accept(long firstRow, Matrix inputs, Matrix outputs);
    }
}
