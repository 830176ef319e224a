package org.okl.spark.data;

import java.io.Serializable;
import org.okl.api.linalg.Matrix;

/**
 * Consecutive rows of one partition, column-major: inputs (rows x p) and outputs (rows x q). The global index of the
 * block's first row is the partition's offset (the rows of the partitions before it) plus {@link #firstInPartition}.
 */
public final class RowBlock implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int partition;
    private final long firstInPartition;
    private final int rows;
    private final int inputWidth;
    private final int outputWidth;
    private final double[] inputs;
    private final double[] outputs;

    /**
     * @param partition        the partition
     * @param firstInPartition the index of the first row within the partition
     * @param rows             the number of rows
     * @param inputWidth       p
     * @param outputWidth      q (may be 0)
     * @param inputs           rows x p, column-major
     * @param outputs          rows x q, column-major
     */
    public RowBlock(int partition, long firstInPartition, int rows, int inputWidth, int outputWidth, double[] inputs,
            double[] outputs) {
        if (inputs.length != (long) rows * inputWidth || outputs.length != (long) rows * outputWidth) {
            throw new IllegalArgumentException("a block of " + rows + " rows needs " + rows * inputWidth + " inputs and "
                    + rows * outputWidth + " outputs, got " + inputs.length + " and " + outputs.length);
        }
        this.partition = partition;
        this.firstInPartition = firstInPartition;
        this.rows = rows;
        this.inputWidth = inputWidth;
        this.outputWidth = outputWidth;
        this.inputs = inputs;
        this.outputs = outputs;
    }

    /** The partition. */
    public int partition() {
        return partition;
    }

    /** The index of the first row within its partition. */
    public long firstInPartition() {
        return firstInPartition;
    }

    /** The number of rows. */
    public int rows() {
        return rows;
    }

    /** The inputs (rows x p), sharing this block's array. */
    public Matrix inputs() {
        return new Matrix(rows, inputWidth, inputs);
    }

    /** The outputs (rows x q), sharing this block's array. */
    public Matrix outputs() {
        return new Matrix(rows, outputWidth, outputs);
    }
}
