package org.okl.linalg;

import org.okl.api.linalg.Matrix;

/**
 * A rows x cols block of a column-major array: entry (i, j) at {@code data[offset + i + j·ld]}. It lets products
 * read a run of rows of a larger matrix (one group's rows of a buffer that holds every group) without copying it.
 *
 * @param data   the array
 * @param offset the index of entry (0, 0)
 * @param rows   the number of rows
 * @param cols   the number of columns
 * @param ld     the leading dimension (the distance between columns), at least {@code rows}
 */
public record ColumnBlock(double[] data, int offset, int rows, int cols, int ld) {

    /**
     * @throws IllegalArgumentException when the block does not lie inside the array
     */
    public ColumnBlock {
        if (rows < 0 || cols < 0 || offset < 0 || ld < Math.max(1, rows)
                || (rows > 0 && cols > 0 && offset + rows + (long) (cols - 1) * ld > data.length)) {
            throw new IllegalArgumentException("a " + rows + " x " + cols + " block at " + offset + " with leading "
                    + "dimension " + ld + " does not lie in an array of " + data.length);
        }
    }

    /** The whole matrix as a block. */
    public static ColumnBlock of(Matrix m) {
        return new ColumnBlock(m.data(), 0, m.rows(), m.cols(), Math.max(1, m.rows()));
    }

    /** A new matrix with the block's entries, each row times its factor. */
    public Matrix scaledRows(double[] factor) {
        if (factor.length != rows) {
            throw new IllegalArgumentException(factor.length + " factors for " + rows + " rows");
        }
        double[] out = new double[rows * cols];
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                out[i + j * rows] = data[offset + i + j * ld] * factor[i];
            }
        }
        return new Matrix(rows, cols, out);
    }
}
