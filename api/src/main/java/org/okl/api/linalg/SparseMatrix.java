package org.okl.api.linalg;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.okl.api.API;

/**
 * A sparse real matrix stored by compressed rows (CSR): the non-zero entries of row i are
 * {@code values()[k]} at column {@code columns()[k]} for k in {@code [starts()[i], starts()[i + 1])}, columns
 * increasing within a row; absent entries are zeros. What LIBSVM files, hashed text features and Spark's sparse
 * vectors give: a row of p = 2^18 columns with 50 non-zeros takes 600 bytes instead of 2 MiB.
 *
 * <p>Products against another matrix cost one multiply-add per non-zero of this matrix and column of the result,
 * whatever p: {@link #timesTransposed(Matrix)} (against dense rows), {@link #times(SparseMatrix)} (against sparse
 * rows stored transposed, the inverted index of {@link #transpose()}) and {@link #productWithTranspose} (dense rows
 * against sparse ones). Immutable by convention: the arrays are shared, not copied, and must not be changed.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class SparseMatrix implements InputRows {
    /** Products with at least this many multiply-adds run on every core. */
    private static final long PARALLEL_WORK = 1L << 20;

    private final int rows;
    private final int cols;
    private final int[] starts;
    private final int[] columns;
    private final double[] values;

    /**
     * Wraps compressed rows without copying.
     *
     * @param rows    the number of rows
     * @param cols    the number of columns p
     * @param starts  rows + 1 offsets into {@code columns} and {@code values}, from 0, non-decreasing
     * @param columns the column of every stored entry, increasing within a row, in [0, cols)
     * @param values  the value of every stored entry
     * @throws IllegalArgumentException when the arrays do not describe such a matrix
     */
    public SparseMatrix(int rows, int cols, int[] starts, int[] columns, double[] values) {
        if (rows < 0 || cols < 0) {
            throw new IllegalArgumentException("negative matrix size " + rows + " x " + cols);
        }
        if (starts.length != rows + 1 || starts[0] != 0 || starts[rows] != columns.length
                || values.length != columns.length) {
            throw new IllegalArgumentException("a sparse " + rows + " x " + cols + " matrix needs " + (rows + 1)
                    + " row starts from 0 to the number of entries, and as many columns as values; got "
                    + starts.length + " starts, " + columns.length + " columns and " + values.length + " values");
        }
        for (int i = 0; i < rows; i++) {
            if (starts[i + 1] < starts[i]) {
                throw new IllegalArgumentException("row starts decrease at row " + i);
            }
            for (int k = starts[i]; k < starts[i + 1]; k++) {
                int c = columns[k];
                if (c < 0 || c >= cols || (k > starts[i] && c <= columns[k - 1])) {
                    throw new IllegalArgumentException("row " + i + ": column " + c + " is not in [0, " + cols
                            + ") or does not increase");
                }
            }
        }
        this.rows = rows;
        this.cols = cols;
        this.starts = starts;
        this.columns = columns;
        this.values = values;
    }

    /** The non-zero entries of a dense matrix. */
    public static SparseMatrix fromDense(Matrix m) {
        Builder b = new Builder(m.cols());
        double[] row = new double[m.cols()];
        for (int i = 0; i < m.rows(); i++) {
            for (int j = 0; j < row.length; j++) {
                row[j] = m.get(i, j);
            }
            b.addDenseRow(row);
        }
        return b.build();
    }

    /** Number of rows. */
    @Override
    public int rows() {
        return rows;
    }

    /** Number of columns p. */
    @Override
    public int cols() {
        return cols;
    }

    /** The number of stored entries. */
    public int nonZeros() {
        return columns.length;
    }

    /** The row starts (rows + 1, not a copy). */
    public int[] starts() {
        return starts;
    }

    /** The columns of the stored entries (not a copy). */
    public int[] columns() {
        return columns;
    }

    /** The values of the stored entries (not a copy). */
    public double[] values() {
        return values;
    }

    /** Element (i, j), 0 when not stored. */
    public double get(int i, int j) {
        int k = Arrays.binarySearch(columns, starts[i], starts[i + 1], j);
        return k >= 0 ? values[k] : 0.0;
    }

    /** A new dense array holding row i (p values). */
    public double[] row(int i) {
        double[] r = new double[cols];
        for (int k = starts[i]; k < starts[i + 1]; k++) {
            r[columns[k]] = values[k];
        }
        return r;
    }

    @Override
    public SparseMatrix selectRows(int[] indices) {
        int total = 0;
        for (int i : indices) {
            total += starts[i + 1] - starts[i];
        }
        int[] s = new int[indices.length + 1];
        int[] c = new int[total];
        double[] v = new double[total];
        int at = 0;
        for (int r = 0; r < indices.length; r++) {
            int i = indices[r];
            int len = starts[i + 1] - starts[i];
            System.arraycopy(columns, starts[i], c, at, len);
            System.arraycopy(values, starts[i], v, at, len);
            at += len;
            s[r + 1] = at;
        }
        return new SparseMatrix(indices.length, cols, s, c, v, true);
    }

    @Override
    public SparseMatrix rowRange(int from, int to) {
        if (from < 0 || to > rows || from > to) {
            throw new IndexOutOfBoundsException("rows [" + from + ", " + to + ") of " + rows);
        }
        int[] s = new int[to - from + 1];
        for (int i = from; i <= to; i++) {
            s[i - from] = starts[i] - starts[from];
        }
        return new SparseMatrix(to - from, cols, s, Arrays.copyOfRange(columns, starts[from], starts[to]),
                Arrays.copyOfRange(values, starts[from], starts[to]), true);
    }

    /** A new matrix: this one with the rows of {@code below} appended. */
    public SparseMatrix stackRows(SparseMatrix below) {
        if (below.cols != cols) {
            throw new IllegalArgumentException("cannot stack " + below.cols + " columns under " + cols);
        }
        int n = columns.length;
        int[] s = Arrays.copyOf(starts, rows + below.rows + 1);
        for (int i = 1; i <= below.rows; i++) {
            s[rows + i] = n + below.starts[i];
        }
        int[] c = Arrays.copyOf(columns, n + below.columns.length);
        System.arraycopy(below.columns, 0, c, n, below.columns.length);
        double[] v = Arrays.copyOf(values, n + below.values.length);
        System.arraycopy(below.values, 0, v, n, below.values.length);
        return new SparseMatrix(rows + below.rows, cols, s, c, v, true);
    }

    /**
     * A new matrix of the chosen columns: old column j becomes column {@code newColumn[j]}, or is dropped when that is
     * negative.
     *
     * @param newColumn per old column, its new column or -1 (length {@link #cols()})
     * @param newCols   the number of new columns
     */
    public SparseMatrix remapColumns(int[] newColumn, int newCols) {
        if (newColumn.length != cols) {
            throw new IllegalArgumentException(newColumn.length + " column targets for " + cols + " columns");
        }
        Builder b = new Builder(newCols);
        int[] c = new int[0];
        double[] v = new double[0];
        for (int i = 0; i < rows; i++) {
            int len = starts[i + 1] - starts[i];
            if (c.length < len) {
                c = new int[len];
                v = new double[len];
            }
            int kept = 0;
            boolean sorted = true;
            for (int k = starts[i]; k < starts[i + 1]; k++) {
                int to = newColumn[columns[k]];
                if (to >= 0) {
                    sorted &= kept == 0 || to > c[kept - 1];
                    c[kept] = to;
                    v[kept++] = values[k];
                }
            }
            if (!sorted) {
                sortByColumn(c, v, kept);
            }
            b.addRow(c, v, kept);
        }
        return b.build();
    }

    private static void sortByColumn(int[] c, double[] v, int count) {
        Integer[] order = new Integer[count];
        for (int k = 0; k < count; k++) {
            order[k] = k;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(c[a], c[b]));
        int[] cs = new int[count];
        double[] vs = new double[count];
        for (int k = 0; k < count; k++) {
            cs[k] = c[order[k]];
            vs[k] = v[order[k]];
        }
        for (int k = 0; k < count; k++) {
            if (k > 0 && cs[k] == cs[k - 1]) {
                throw new IllegalArgumentException("two entries of a row map to column " + cs[k]);
            }
            c[k] = cs[k];
            v[k] = vs[k];
        }
    }

    @Override
    public Matrix toDense() {
        long cells = (long) rows * cols;
        if (cells > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "%d sparse rows of %d columns "
                    + "cannot be made dense: %d entries (%.1f GB) exceed a Java array", rows, cols, cells,
                    cells * 8e-9));
        }
        Matrix m = Matrix.zeros(rows, cols);
        double[] d = m.data();
        for (int i = 0; i < rows; i++) {
            for (int k = starts[i]; k < starts[i + 1]; k++) {
                d[i + columns[k] * rows] = values[k];
            }
        }
        return m;
    }

    @Override
    public long bytes() {
        return 4L * starts.length + 12L * columns.length;
    }

    /** The bytes a dense matrix of the same shape would take. */
    public long denseBytes() {
        return 8L * rows * cols;
    }

    @Override
    public int[] firstNonFinite() {
        for (int i = 0; i < rows; i++) {
            for (int k = starts[i]; k < starts[i + 1]; k++) {
                if (!Double.isFinite(values[k])) {
                    return new int[] {i, columns[k]};
                }
            }
        }
        return null;
    }

    /** The squared Euclidean norm of every row. */
    public double[] rowSquaredNorms() {
        double[] s = new double[rows];
        for (int i = 0; i < rows; i++) {
            double sum = 0;
            for (int k = starts[i]; k < starts[i + 1]; k++) {
                sum += values[k] * values[k];
            }
            s[i] = sum;
        }
        return s;
    }

    /** A new matrix: the transpose (p x rows), by compressed rows: the inverted index of this one's columns. */
    public SparseMatrix transpose() {
        int[] count = new int[cols + 1];
        for (int c : columns) {
            count[c + 1]++;
        }
        for (int j = 0; j < cols; j++) {
            count[j + 1] += count[j];
        }
        int[] s = count.clone();
        int[] next = Arrays.copyOf(count, cols);
        int[] c = new int[columns.length];
        double[] v = new double[columns.length];
        for (int i = 0; i < rows; i++) {
            for (int k = starts[i]; k < starts[i + 1]; k++) {
                int at = next[columns[k]]++;
                c[at] = i;
                v[at] = values[k];
            }
        }
        return new SparseMatrix(cols, rows, s, c, v, true);
    }

    /**
     * This times the transpose of dense rows: {@code this · b^T} (rows x m) for b (m x p), one multiply-add per
     * non-zero of this matrix and row of b.
     */
    public Matrix timesTransposed(Matrix b) {
        if (b.cols() != cols) {
            throw new IllegalArgumentException("rows of " + cols + " columns times rows of " + b.cols());
        }
        int m = b.rows();
        int n = rows;
        double[] bd = b.data();
        Matrix out = Matrix.zeros(n, m);
        double[] od = out.data();
        forRowRanges((long) columns.length * m, (from, to) -> {
            double[] acc = new double[m];
            for (int i = from; i < to; i++) {
                Arrays.fill(acc, 0.0);
                for (int k = starts[i]; k < starts[i + 1]; k++) {
                    double x = values[k];
                    int off = columns[k] * m;
                    for (int l = 0; l < m; l++) {
                        acc[l] += x * bd[off + l];
                    }
                }
                for (int l = 0; l < m; l++) {
                    od[i + l * n] = acc[l];
                }
            }
        });
        return out;
    }

    /**
     * This times a sparse matrix, dense result: {@code this · right} (rows x right.cols()) for right
     * (p x right.cols()), one multiply-add per pair of matching non-zeros. With {@code right = b.transpose()} it is
     * {@code this · b^T}, the inner products of this matrix's rows with b's.
     */
    public Matrix times(SparseMatrix right) {
        if (right.rows != cols) {
            throw new IllegalArgumentException("a matrix of " + cols + " columns times one of " + right.rows
                    + " rows");
        }
        int m = right.cols;
        int n = rows;
        Matrix out = Matrix.zeros(n, m);
        double[] od = out.data();
        long work = (long) columns.length * Math.max(1, right.columns.length / Math.max(1, right.rows));
        forRowRanges(work, (from, to) -> {
            double[] acc = new double[m];
            for (int i = from; i < to; i++) {
                Arrays.fill(acc, 0.0);
                for (int k = starts[i]; k < starts[i + 1]; k++) {
                    double x = values[k];
                    int j = columns[k];
                    for (int t = right.starts[j]; t < right.starts[j + 1]; t++) {
                        acc[right.columns[t]] += x * right.values[t];
                    }
                }
                for (int l = 0; l < m; l++) {
                    od[i + l * n] = acc[l];
                }
            }
        });
        return out;
    }

    /**
     * Dense rows times the transpose of sparse ones: {@code a · b^T} (a.rows() x b.rows()) for a (n x p) dense and b
     * (m x p) sparse, one multiply-add per non-zero of b and row of a.
     */
    public static Matrix productWithTranspose(Matrix a, SparseMatrix b) {
        if (a.cols() != b.cols) {
            throw new IllegalArgumentException("rows of " + a.cols() + " columns times rows of " + b.cols);
        }
        int n = a.rows();
        Matrix out = Matrix.zeros(n, b.rows);
        double[] ad = a.data();
        double[] od = out.data();
        IntStream lines = IntStream.range(0, b.rows);
        if ((long) b.columns.length * n >= PARALLEL_WORK) {
            lines = lines.parallel();
        }
        lines.forEach(l -> {
            int off = l * n;
            for (int k = b.starts[l]; k < b.starts[l + 1]; k++) {
                double w = b.values[k];
                int src = b.columns[k] * n;
                for (int i = 0; i < n; i++) {
                    od[off + i] += w * ad[src + i];
                }
            }
        });
        return out;
    }

    /** Runs the body over ranges of rows, on every core when the work is large. */
    private void forRowRanges(long work, RowRange body) {
        int chunks = work >= PARALLEL_WORK ? Math.min(rows, 4 * Runtime.getRuntime().availableProcessors()) : 1;
        if (chunks <= 1) {
            body.run(0, rows);
            return;
        }
        IntStream.range(0, chunks).parallel().forEach(c -> body.run((int) ((long) rows * c / chunks),
                (int) ((long) rows * (c + 1) / chunks)));
    }

    @FunctionalInterface
    private interface RowRange {
        void run(int from, int to);
    }

    /** Arrays already checked (internal constructions). */
    private SparseMatrix(int rows, int cols, int[] starts, int[] columns, double[] values, boolean checked) {
        this.rows = rows;
        this.cols = cols;
        this.starts = starts;
        this.columns = columns;
        this.values = values;
    }

    @Override
    public String toString() {
        return "SparseMatrix[" + rows + " x " + cols + ", " + columns.length + " non-zeros]";
    }

    /**
     * Builds a sparse matrix row by row, growing its arrays as needed.
     *
     * <pre>{@code
     * SparseMatrix.Builder b = new SparseMatrix.Builder(1 << 18);
     * b.addRow(new int[] {3, 70000}, new double[] {1.0, 2.5}, 2);
     * SparseMatrix x = b.build();
     * }</pre>
     */
    public static final class Builder {
        private final int cols;
        private int[] starts = new int[17];
        private int[] columns = new int[64];
        private double[] values = new double[64];
        private int rows;
        private int size;

        /** @param cols the number of columns p */
        public Builder(int cols) {
            if (cols < 0) {
                throw new IllegalArgumentException("negative number of columns " + cols);
            }
            this.cols = cols;
        }

        /**
         * Appends a row from its stored entries (zeros among them are kept as given).
         *
         * @param rowColumns increasing columns in [0, cols)
         * @param rowValues  their values
         * @param count      how many of the arrays' entries the row has
         * @throws IllegalArgumentException when a column is out of range or does not increase
         */
        public Builder addRow(int[] rowColumns, double[] rowValues, int count) {
            ensure(count);
            for (int k = 0; k < count; k++) {
                int c = rowColumns[k];
                if (c < 0 || c >= cols || (k > 0 && c <= rowColumns[k - 1])) {
                    throw new IllegalArgumentException("row " + rows + ": column " + c + " is not in [0, " + cols
                            + ") or does not increase");
                }
                columns[size] = c;
                values[size++] = rowValues[k];
            }
            endRow();
            return this;
        }

        /** Appends a dense row, keeping its non-zero entries (NaN included). */
        public Builder addDenseRow(double[] row) {
            if (row.length != cols) {
                throw new IllegalArgumentException("a row of " + row.length + " values in a matrix of " + cols
                        + " columns");
            }
            for (int j = 0; j < row.length; j++) {
                if (row[j] != 0.0) {
                    ensure(1);
                    columns[size] = j;
                    values[size++] = row[j];
                }
            }
            endRow();
            return this;
        }

        /** Appends a row of zeros only. */
        public Builder addEmptyRow() {
            endRow();
            return this;
        }

        private void endRow() {
            if (rows + 2 > starts.length) {
                starts = Arrays.copyOf(starts, Math.max(rows + 2, 2 * starts.length));
            }
            starts[++rows] = size;
        }

        private void ensure(int more) {
            long needed = (long) size + more;
            if (needed > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("more than " + (Integer.MAX_VALUE - 8) + " stored entries");
            }
            if (needed > columns.length) {
                int grown = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(needed, 2L * columns.length));
                columns = Arrays.copyOf(columns, grown);
                values = Arrays.copyOf(values, grown);
            }
        }

        /** The rows added so far. */
        public int rows() {
            return rows;
        }

        /** The entries stored so far. */
        public int nonZeros() {
            return size;
        }

        /** The bytes the matrix built now would take. */
        public long bytes() {
            return 4L * (rows + 1) + 12L * size;
        }

        /** The matrix of the rows added; the builder is then empty again. */
        public SparseMatrix build() {
            SparseMatrix m = new SparseMatrix(rows, cols, Arrays.copyOf(starts, rows + 1),
                    Arrays.copyOf(columns, size), Arrays.copyOf(values, size), true);
            rows = 0;
            size = 0;
            return m;
        }
    }
}
