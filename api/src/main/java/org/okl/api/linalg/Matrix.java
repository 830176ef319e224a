package org.okl.api.linalg;

import java.util.Arrays;
import org.okl.api.API;

/**
 * A dense real matrix stored column-major in one {@code double[]}, the layout BLAS and LAPACK use, so the
 * linear-algebra back-ends hand it over without copying.
 *
 * <p>Element (i, j) lives at {@code data()[i + j * rows()]}. The class is mutable on purpose: hot loops write into
 * {@link #data()} directly. Methods that return a new matrix say so.
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class Matrix implements InputRows {
    /** The most values one matrix holds: the largest Java array of doubles. */
    public static final int MAX_VALUES = Integer.MAX_VALUE - 8;

    /** The rows {@link #fromRows} copies at a time. */
    private static final int FROM_ROWS_BLOCK = 64;

    private final int rows;
    private final int cols;
    private final double[] data;

    /**
     * Wraps a column-major array without copying.
     *
     * @param rows number of rows
     * @param cols number of columns
     * @param data column-major values, length rows * cols
     */
    public Matrix(int rows, int cols, double[] data) {
        if (rows < 0 || cols < 0) {
            throw new IllegalArgumentException("negative matrix size " + rows + " x " + cols);
        }
        if (data.length != (long) rows * cols) {
            throw new IllegalArgumentException(
                    "array of length " + data.length + " does not hold a " + rows + " x " + cols + " matrix");
        }
        this.rows = rows;
        this.cols = cols;
        this.data = data;
    }

    /**
     * A new zero matrix.
     *
     * @throws IllegalArgumentException for a negative size, or one of more than {@link #MAX_VALUES} values
     */
    public static Matrix zeros(int rows, int cols) {
        return new Matrix(rows, cols, new double[checkedSize(rows, cols)]);
    }

    /**
     * The number of values of a rows x cols matrix, computed without overflow and checked against
     * {@link #MAX_VALUES}: the check readers and generators make before they allocate.
     *
     * @throws IllegalArgumentException for a negative size, or one of more than {@link #MAX_VALUES} values, saying
     *                                  how many values it would hold
     */
    public static int checkedSize(long rows, long cols) {
        if (rows < 0 || cols < 0) {
            throw new IllegalArgumentException("negative matrix size " + rows + " x " + cols);
        }
        if (rows != 0 && cols > MAX_VALUES / rows) {
            throw new IllegalArgumentException("a " + rows + " x " + cols + " matrix would hold "
                    + java.math.BigInteger.valueOf(rows).multiply(java.math.BigInteger.valueOf(cols))
                    + " values, more than one Java array holds (" + MAX_VALUES + ")");
        }
        return (int) (rows * cols);
    }

    /** A new n x n identity matrix. */
    public static Matrix identity(int n) {
        Matrix m = zeros(n, n);
        for (int i = 0; i < n; i++) {
            m.data[i + i * n] = 1.0;
        }
        return m;
    }

    /** A new diagonal matrix. */
    public static Matrix diagonal(double[] diagonal) {
        int n = diagonal.length;
        Matrix m = zeros(n, n);
        for (int i = 0; i < n; i++) {
            m.data[i + i * n] = diagonal[i];
        }
        return m;
    }

    /** A new matrix copied from rows (all rows must have the same length). */
    public static Matrix fromRows(double[][] values) {
        int r = values.length;
        int c = r == 0 ? 0 : values[0].length;
        Matrix m = zeros(r, c);
        for (int i = 0; i < r; i++) {
            if (values[i].length != c) {
                throw new IllegalArgumentException("row " + i + " has " + values[i].length + " values, expected " + c);
            }
        }
        // by blocks of rows: each column's entries of a block are written one after the other, where a row at a
        // time writes every entry on another page (4,096 x 100 rows: about 8 ms a row at a time, under 2 ms so)
        for (int i0 = 0; i0 < r; i0 += FROM_ROWS_BLOCK) {
            int i1 = Math.min(r, i0 + FROM_ROWS_BLOCK);
            for (int j = 0; j < c; j++) {
                int column = j * r;
                for (int i = i0; i < i1; i++) {
                    m.data[column + i] = values[i][j];
                }
            }
        }
        return m;
    }

    /** A new single-column matrix. */
    public static Matrix column(double[] values) {
        return new Matrix(values.length, 1, values.clone());
    }

    /** Number of rows. */
    @Override
    public int rows() {
        return rows;
    }

    /** Number of columns. */
    @Override
    public int cols() {
        return cols;
    }

    /** The backing column-major array (not a copy). */
    public double[] data() {
        return data;
    }

    /** Element (i, j). */
    public double get(int i, int j) {
        return data[i + j * rows];
    }

    /** Sets element (i, j). */
    public void set(int i, int j, double value) {
        data[i + j * rows] = value;
    }

    /** Adds to element (i, j). */
    public void add(int i, int j, double value) {
        data[i + j * rows] += value;
    }

    /** A new array holding row i. */
    public double[] row(int i) {
        double[] r = new double[cols];
        for (int j = 0; j < cols; j++) {
            r[j] = data[i + j * rows];
        }
        return r;
    }

    /** A new array holding column j. */
    public double[] columnValues(int j) {
        return Arrays.copyOfRange(data, j * rows, (j + 1) * rows);
    }

    /** A new row-major copy. */
    public double[][] toRows() {
        double[][] out = new double[rows][];
        for (int i = 0; i < rows; i++) {
            out[i] = row(i);
        }
        return out;
    }

    /** A new matrix: the transpose. */
    public Matrix transpose() {
        Matrix t = zeros(cols, rows);
        for (int j = 0; j < cols; j++) {
            int off = j * rows;
            for (int i = 0; i < rows; i++) {
                t.data[j + i * cols] = data[off + i];
            }
        }
        return t;
    }

    /** A new copy. */
    public Matrix copy() {
        return new Matrix(rows, cols, data.clone());
    }

    /** This matrix itself (it is dense). */
    @Override
    public Matrix toDense() {
        return this;
    }

    @Override
    public long bytes() {
        return 8L * data.length;
    }

    @Override
    public int[] firstNonFinite() {
        if (isFinite()) {
            return null;
        }
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                if (!Double.isFinite(data[i + j * rows])) {
                    return new int[] {i, j};
                }
            }
        }
        return null;
    }

    /** A new matrix holding the given rows, in the given order. */
    @Override
    public Matrix selectRows(int[] indices) {
        Matrix m = zeros(indices.length, cols);
        for (int j = 0; j < cols; j++) {
            int src = j * rows;
            int dst = j * indices.length;
            for (int k = 0; k < indices.length; k++) {
                m.data[dst + k] = data[src + indices[k]];
            }
        }
        return m;
    }

    /** A new matrix holding the given columns, in the given order. */
    public Matrix selectColumns(int[] indices) {
        Matrix m = zeros(rows, indices.length);
        for (int k = 0; k < indices.length; k++) {
            System.arraycopy(data, indices[k] * rows, m.data, k * rows, rows);
        }
        return m;
    }

    /** A new matrix holding rows [from, to) and all columns. */
    @Override
    public Matrix rowRange(int from, int to) {
        int[] idx = new int[to - from];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = from + i;
        }
        return selectRows(idx);
    }

    /** A new matrix holding columns [from, to). */
    public Matrix columnRange(int from, int to) {
        return new Matrix(rows, to - from, Arrays.copyOfRange(data, from * rows, to * rows));
    }

    /** A new matrix: this one with the rows of {@code below} appended. */
    public Matrix stackRows(Matrix below) {
        if (below.cols != cols) {
            throw new IllegalArgumentException("cannot stack " + below.cols + " columns under " + cols);
        }
        Matrix m = zeros(rows + below.rows, cols);
        for (int j = 0; j < cols; j++) {
            System.arraycopy(data, j * rows, m.data, j * m.rows, rows);
            System.arraycopy(below.data, j * below.rows, m.data, j * m.rows + rows, below.rows);
        }
        return m;
    }

    /** A new matrix: this one with the columns of {@code right} appended. */
    public Matrix stackColumns(Matrix right) {
        if (right.rows != rows) {
            throw new IllegalArgumentException("cannot put " + right.rows + " rows beside " + rows);
        }
        double[] d = Arrays.copyOf(data, data.length + right.data.length);
        System.arraycopy(right.data, 0, d, data.length, right.data.length);
        return new Matrix(rows, cols + right.cols, d);
    }

    /** A new matrix: this + other. */
    public Matrix plus(Matrix other) {
        requireSameShape(other);
        double[] d = data.clone();
        for (int k = 0; k < d.length; k++) {
            d[k] += other.data[k];
        }
        return new Matrix(rows, cols, d);
    }

    /** A new matrix: this - other. */
    public Matrix minus(Matrix other) {
        requireSameShape(other);
        double[] d = data.clone();
        for (int k = 0; k < d.length; k++) {
            d[k] -= other.data[k];
        }
        return new Matrix(rows, cols, d);
    }

    /** A new matrix: factor * this. */
    public Matrix times(double factor) {
        double[] d = data.clone();
        for (int k = 0; k < d.length; k++) {
            d[k] *= factor;
        }
        return new Matrix(rows, cols, d);
    }

    /** Adds {@code value} to every diagonal element, in place; returns this. */
    public Matrix addToDiagonal(double value) {
        int n = Math.min(rows, cols);
        for (int i = 0; i < n; i++) {
            data[i + i * rows] += value;
        }
        return this;
    }

    /** Replaces this square matrix by (this + this^T) / 2, in place; returns this. */
    public Matrix symmetrize() {
        if (rows != cols) {
            throw new IllegalArgumentException("cannot symmetrize a " + rows + " x " + cols + " matrix");
        }
        for (int j = 0; j < cols; j++) {
            for (int i = j + 1; i < rows; i++) {
                double v = 0.5 * (data[i + j * rows] + data[j + i * rows]);
                data[i + j * rows] = v;
                data[j + i * rows] = v;
            }
        }
        return this;
    }

    /** The diagonal, as a new array. */
    public double[] diagonalValues() {
        int n = Math.min(rows, cols);
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = data[i + i * rows];
        }
        return d;
    }

    /** The Frobenius norm. */
    public double frobeniusNorm() {
        double s = 0;
        for (double v : data) {
            s += v * v;
        }
        return Math.sqrt(s);
    }

    /** The largest absolute difference to another matrix of the same shape. */
    public double maxAbsDifference(Matrix other) {
        requireSameShape(other);
        double m = 0;
        for (int k = 0; k < data.length; k++) {
            m = Math.max(m, Math.abs(data[k] - other.data[k]));
        }
        return m;
    }

    /** Whether every element is finite (no NaN, no infinity). */
    public boolean isFinite() {
        for (double v : data) {
            if (!Double.isFinite(v)) {
                return false;
            }
        }
        return true;
    }

    private void requireSameShape(Matrix other) {
        if (other.rows != rows || other.cols != cols) {
            throw new IllegalArgumentException(
                    "shape mismatch: " + rows + " x " + cols + " vs " + other.rows + " x " + other.cols);
        }
    }

    @Override
    public String toString() {
        return "Matrix[" + rows + " x " + cols + "]";
    }
}
