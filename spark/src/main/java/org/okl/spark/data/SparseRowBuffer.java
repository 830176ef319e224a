package org.okl.spark.data;

import org.okl.api.linalg.SparseMatrix;

/**
 * Rows read as their non-zero entries, growing a {@link SparseMatrix.Builder}: a row is started, its entries added in
 * increasing column order (zeros dropped), and ended.
 */
public final class SparseRowBuffer {
    private final SparseMatrix.Builder builder;
    private int[] columns = new int[16];
    private double[] values = new double[16];
    private int size;

    /** @param width the number of columns p */
    public SparseRowBuffer(int width) {
        this.builder = new SparseMatrix.Builder(width);
    }

    void startRow() {
        size = 0;
    }

    void add(int column, double value) {
        if (value == 0.0) {
            return;
        }
        if (size == columns.length) {
            columns = java.util.Arrays.copyOf(columns, 2 * size);
            values = java.util.Arrays.copyOf(values, 2 * size);
        }
        columns[size] = column;
        values[size++] = value;
    }

    void endRow() {
        builder.addRow(columns, values, size);
    }

    /** The rows read so far. */
    public int rows() {
        return builder.rows();
    }

    /** The bytes the rows read so far take. */
    public long bytes() {
        return builder.bytes();
    }

    /** The rows read; the buffer is then empty. */
    public SparseMatrix build() {
        return builder.build();
    }
}
