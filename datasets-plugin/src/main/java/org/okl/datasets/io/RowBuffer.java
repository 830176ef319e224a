package org.okl.datasets.io;

import java.util.Arrays;
import org.okl.api.linalg.Matrix;

/** Collects rows of a fixed width while a file streams by, then hands them over as a column-major matrix. */
final class RowBuffer {
    private final int width;
    private double[] values;
    private int rows;

    /** A buffer for rows of {@code width} values. */
    RowBuffer(int width) {
        this.width = width;
        this.values = new double[Math.max(16, width * 64)];
    }

    /** The number of values per row. */
    int width() {
        return width;
    }

    /** The number of rows added so far. */
    int rows() {
        return rows;
    }

    /** Appends a row (copied); its length must be the width. */
    void add(double[] row) {
        if (row.length != width) {
            throw new IllegalArgumentException("row of " + row.length + " values in a buffer of width " + width);
        }
        long needed = (long) (rows + 1) * width;
        if (needed > values.length) {
            long grown = Math.max(needed, (long) values.length * 2);
            if (grown > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("table too large: more than 2^31 values");
            }
            values = Arrays.copyOf(values, (int) grown);
        }
        System.arraycopy(row, 0, values, rows * width, width);
        rows++;
    }

    /** The rows as a new rows x width column-major matrix. */
    Matrix toMatrix() {
        double[] data = new double[rows * width];
        for (int i = 0; i < rows; i++) {
            int src = i * width;
            for (int j = 0; j < width; j++) {
                data[i + j * rows] = values[src + j];
            }
        }
        return new Matrix(rows, width, data);
    }
}
