package org.okl.datasets.io;

import java.util.Arrays;
import org.okl.api.data.DataFormatException;
import org.okl.api.linalg.Matrix;

/** Collects rows of a fixed width while a file streams by, then hands them over as a column-major matrix. */
final class RowBuffer {
    private final int width;
    private final String name;
    private double[] values;
    private int rows;

    /** A buffer for rows of {@code width} values of the file {@code name} (for messages). */
    RowBuffer(int width, String name) {
        this.width = width;
        this.name = name;
        this.values = new double[(int) Math.min(Matrix.MAX_VALUES, Math.max(16, width * 64L))];
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
            if (needed > Matrix.MAX_VALUES) {
                throw new DataFormatException(name, "too large to read whole: " + (rows + 1) + " rows of " + width
                        + " values are more than one matrix holds (" + Matrix.MAX_VALUES + "); a pipeline with a "
                        + "kernel sketch (\"approximation\") reads data files in blocks");
            }
            values = Arrays.copyOf(values, (int) Math.min(grown, Matrix.MAX_VALUES));
        }
        System.arraycopy(row, 0, values, (int) ((long) rows * width), width);
        rows++;
    }

    /** The rows as a new rows x width column-major matrix. */
    Matrix toMatrix() {
        double[] data = new double[Matrix.checkedSize(rows, width)];
        for (int i = 0; i < rows; i++) {
            int src = i * width;
            for (int j = 0; j < width; j++) {
                data[i + j * rows] = values[src + j];
            }
        }
        return new Matrix(rows, width, data);
    }
}
