package org.okl.api.rows;

import java.util.List;
import org.okl.api.API;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.ReservoirSample;
import org.okl.api.sketch.SketchRows;

/**
 * Training rows read in blocks, in a fixed order, as many times as a fit needs (one pass per call): a matrix in
 * memory ({@link MatrixRows}) or a data file (the runtime's file reader). Global row indices are 0-based in
 * that order; they decide the folds ({@link FoldScheme}) and the sketch's samples, so every source of the same rows
 * gives the same fit.
 *
 * <p>A source whose rows are stored sparse ({@link #sparse()}: a LIBSVM file, Spark's sparse vectors) gives them as
 * they are to {@link #forEachInputRowBlock}, which the fits read; its {@link #forEachRowBlock} makes each block
 * dense.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public interface RowSource extends SketchRows {

    /** The number of output columns q. */
    int outputDimension();

    /**
     * The output columns' names, one per column, which a model fitted on these rows keeps; empty (the default) when
     * the source does not name them.
     */
    default List<String> outputNames() {
        return List.of();
    }

    /** Where the rows come from, for messages ({@code train.csv}, {@code 5000 rows in memory}). */
    String description();

    /** One pass over inputs and outputs, in blocks, in row order, the inputs dense. */
    void forEachRowBlock(RowBlockVisitor visitor);

    /** One pass over inputs as stored (dense or sparse) and outputs, in blocks, in row order. */
    default void forEachInputRowBlock(InputRowBlockVisitor visitor) {
        forEachRowBlock(visitor::accept);
    }

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
    default void forEachInputBlock(InputRowsVisitor visitor) {
        forEachInputRowBlock((first, inputs, outputs) -> visitor.accept(first, inputs));
    }

    @Override
    default InputRows sample(int count, long seed) {
        ReservoirSample sample = new ReservoirSample(count, dimension(), seed);
        forEachInputBlock((first, inputs) -> sample.offer(inputs));
        return sample.sample();
    }

    @Override
    default Matrix uniformSample(int count, long seed) {
        return sample(count, seed).toDense();
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

    /** Receives the blocks of a pass, inputs as stored. */
    @FunctionalInterface
    interface InputRowBlockVisitor {

        /**
         * One block of consecutive rows.
         *
         * @param firstRow the global index of the block's first row
         * @param inputs   its inputs (rows x p), dense or sparse
         * @param outputs  its outputs (rows x q)
         */
        void accept(long firstRow, InputRows inputs, Matrix outputs);
    }
}
