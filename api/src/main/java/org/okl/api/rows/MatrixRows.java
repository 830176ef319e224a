package org.okl.api.rows;

import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/** Rows held in memory, served in blocks of consecutive rows. */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class MatrixRows implements RowSource {
    /** The block size of passes over rows in memory. */
    public static final int BLOCK_ROWS = 8192;

    private final Matrix inputs;
    private final Matrix outputs;
    private final int blockRows;

    /**
     * Rows served in blocks of {@link #BLOCK_ROWS}.
     *
     * @param inputs  n x p
     * @param outputs n x q (q may be 0)
     */
    public MatrixRows(Matrix inputs, Matrix outputs) {
        this(inputs, outputs, BLOCK_ROWS);
    }

    /**
     * Rows served in blocks of the given size.
     *
     * @param inputs    n x p
     * @param outputs   n x q (q may be 0)
     * @param blockRows the rows of a block (at least 1)
     */
    public MatrixRows(Matrix inputs, Matrix outputs, int blockRows) {
        if (inputs.rows() != outputs.rows()) {
            throw new IllegalArgumentException(inputs.rows() + " input rows but " + outputs.rows() + " output rows");
        }
        if (blockRows < 1) {
            throw new IllegalArgumentException("blocks need at least one row, got " + blockRows);
        }
        this.inputs = inputs;
        this.outputs = outputs;
        this.blockRows = blockRows;
    }

    @Override
    public long size() {
        return inputs.rows();
    }

    @Override
    public int dimension() {
        return inputs.cols();
    }

    @Override
    public int outputDimension() {
        return outputs.cols();
    }

    @Override
    public String description() {
        return inputs.rows() + " rows in memory";
    }

    @Override
    public Optional<Matrix> inMemory() {
        return Optional.of(inputs);
    }

    @Override
    public void forEachRowBlock(RowBlockVisitor visitor) {
        int n = inputs.rows();
        if (n <= blockRows) {
            visitor.accept(0, inputs, outputs);
            return;
        }
        for (int from = 0; from < n; from += blockRows) {
            int to = Math.min(n, from + blockRows);
            visitor.accept(from, inputs.rowRange(from, to), outputs.rowRange(from, to));
        }
    }
}
