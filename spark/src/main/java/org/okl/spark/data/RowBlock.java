package org.okl.spark.data;

import java.io.Serializable;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;

/**
 * Consecutive rows of one partition: inputs (rows x p) dense (column-major) or sparse (compressed rows), outputs
 * (rows x q, column-major), and the rows' weights when the data set has a weight column. The global index of the
 * block's first row is the partition's offset (the rows of the partitions before it) plus {@link #firstInPartition}.
 * It also counts the invalid rows left out just before it ({@link #skipped}); a partition whose last rows were left
 * out ends with a block of no rows that counts them.
 */
public final class RowBlock implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int partition;
    private final long firstInPartition;
    private final int rows;
    private final int inputWidth;
    private final int outputWidth;
    private final double[] inputs;
    private final int[] starts;
    private final int[] columns;
    private final double[] values;
    private final double[] outputs;
    private final double[] weights;
    private final long skipped;

    private RowBlock(int partition, long firstInPartition, int rows, int inputWidth, int outputWidth,
            double[] inputs, int[] starts, int[] columns, double[] values, double[] outputs, double[] weights,
            long skipped) {
        if (outputs.length != (long) rows * outputWidth || (weights != null && weights.length != rows)
                || (inputs != null && inputs.length != (long) rows * inputWidth)) {
            throw new IllegalArgumentException("a block of " + rows + " rows needs " + (long) rows * inputWidth
                    + " inputs, " + (long) rows * outputWidth + " outputs and " + rows + " weights");
        }
        this.partition = partition;
        this.firstInPartition = firstInPartition;
        this.rows = rows;
        this.inputWidth = inputWidth;
        this.outputWidth = outputWidth;
        this.inputs = inputs;
        this.starts = starts;
        this.columns = columns;
        this.values = values;
        this.outputs = outputs;
        this.weights = weights;
        this.skipped = skipped;
    }

    /**
     * A block of dense inputs.
     *
     * @param partition        the partition
     * @param firstInPartition the index of the first row within the partition (counting kept rows)
     * @param inputs           rows x p, column-major
     * @param outputs          rows x q, column-major
     * @param weights          one weight per row, or {@code null}
     * @param skipped          the invalid rows left out just before this block
     */
    public static RowBlock dense(int partition, long firstInPartition, Matrix inputs, Matrix outputs,
            double[] weights, long skipped) {
        return new RowBlock(partition, firstInPartition, inputs.rows(), inputs.cols(), outputs.cols(), inputs.data(),
                null, null, null, outputs.data(), weights, skipped);
    }

    /** A block of sparse inputs (see {@link #dense}). */
    public static RowBlock sparse(int partition, long firstInPartition, SparseMatrix inputs, Matrix outputs,
            double[] weights, long skipped) {
        return new RowBlock(partition, firstInPartition, inputs.rows(), inputs.cols(), outputs.cols(), null,
                inputs.starts(), inputs.columns(), inputs.values(), outputs.data(), weights, skipped);
    }

    /**
     * The same rows as the block of another partition (its arrays shared): for rows spread over new partitions
     * ({@link RowSpreading}). It counts no skipped rows (the reading pass counted them).
     *
     * @param newPartition     the partition that holds it now
     * @param newFirst         the index of its first row within that partition
     */
    public RowBlock moved(int newPartition, long newFirst) {
        return new RowBlock(newPartition, newFirst, rows, inputWidth, outputWidth, inputs, starts, columns, values,
                outputs, weights, 0);
    }

    /**
     * Rows {@code [from, to)} of this block, copied, as a block of this partition (first row
     * {@code firstInPartition + from}) that counts no skipped rows.
     */
    public RowBlock slice(int from, int to) {
        if (from < 0 || to > rows || from > to) {
            throw new IndexOutOfBoundsException("rows " + from + " to " + to + " of a block of " + rows);
        }
        int t = to - from;
        double[] y = columns(outputs, outputWidth, from, t);
        double[] w = weights == null ? null : java.util.Arrays.copyOfRange(weights, from, to);
        if (inputs != null) {
            return new RowBlock(partition, firstInPartition + from, t, inputWidth, outputWidth,
                    columns(inputs, inputWidth, from, t), null, null, null, y, w, 0);
        }
        int a = starts[from];
        int b = starts[to];
        int[] s = new int[t + 1];
        for (int i = 0; i <= t; i++) {
            s[i] = starts[from + i] - a;
        }
        return new RowBlock(partition, firstInPartition + from, t, inputWidth, outputWidth, null, s,
                java.util.Arrays.copyOfRange(columns, a, b), java.util.Arrays.copyOfRange(values, a, b), y, w, 0);
    }

    /** Rows {@code [from, from + t)} of a column-major array of {@link #rows} rows and {@code width} columns. */
    private double[] columns(double[] a, int width, int from, int t) {
        double[] out = new double[t * width];
        for (int j = 0; j < width; j++) {
            System.arraycopy(a, j * rows + from, out, j * t, t);
        }
        return out;
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

    /** p. */
    public int inputWidth() {
        return inputWidth;
    }

    /** Whether the inputs are sparse. */
    public boolean isSparse() {
        return inputs == null;
    }

    /** The inputs (rows x p), dense or sparse, sharing this block's arrays. */
    public InputRows inputs() {
        return inputs != null ? new Matrix(rows, inputWidth, inputs)
                : new SparseMatrix(rows, inputWidth, starts, columns, values);
    }

    /** The outputs (rows x q), sharing this block's array. */
    public Matrix outputs() {
        return new Matrix(rows, outputWidth, outputs);
    }

    /** The rows' weights (not a copy), or {@code null} when the data set has no weight column. */
    public double[] weights() {
        return weights;
    }

    /** The invalid rows left out just before this block. */
    public long skipped() {
        return skipped;
    }

    /** The bytes the block's arrays take. */
    public long bytes() {
        long in = inputs != null ? 8L * inputs.length : 4L * starts.length + 12L * columns.length;
        return in + 8L * outputs.length + (weights == null ? 0 : 8L * weights.length);
    }
}
