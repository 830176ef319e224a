package org.okl.api.sketch;

import java.util.Arrays;
import org.okl.api.API;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;

/**
 * A uniform sample of rows without replacement from a stream of unknown length, by Vitter's Algorithm R with the
 * random choice of every row drawn for that row ({@link #slot}, from {@link RowRandom}): rows 0..count-1 fill the
 * reservoir; row i >= count replaces slot {@code j = RowRandom.below(seed, i, i + 1)} when j &lt; count. The sample
 * depends only on the seed and the rows in order, so a file, an in-memory matrix and a cluster's partitions draw the
 * same rows; and since each row's choice is its own, a cluster makes the choices where the rows are, in parallel
 * (slot s ends up holding the last row that chose it). Memory: count rows, kept as offered (dense or sparse).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ReservoirSample {
    private final int capacity;
    private final int dimension;
    private final long seed;
    private final InputRows[] rows;
    private final long[] indices;
    private long seen;

    /**
     * @param count     the sample size wanted (at least 1)
     * @param dimension the number of columns of a row
     * @param seed      the seed
     */
    public ReservoirSample(int count, int dimension, long seed) {
        if (count < 1 || dimension < 0) {
            throw new IllegalArgumentException("a reservoir needs count >= 1 and dimension >= 0, got " + count
                    + " and " + dimension);
        }
        this.capacity = count;
        this.dimension = dimension;
        this.seed = seed;
        this.rows = new InputRows[count];
        this.indices = new long[count];
    }

    /**
     * The slot row {@code row} takes in a reservoir of {@code count} rows with this seed, or -1 when it takes none.
     */
    public static int slot(long seed, long row, int count) {
        if (row < count) {
            return (int) row;
        }
        long j = RowRandom.below(seed, row, row + 1);
        return j < count ? (int) j : -1;
    }

    /**
     * Offers dense rows (as {@link #offer(InputRows)}; kept so that code compiled against the dense-only reservoir
     * still links).
     */
    public void offer(Matrix block) {
        offer((InputRows) block);
    }

    /** Offers the rows of a block; they must follow the rows offered before (global row {@link #seen()} first). */
    public void offer(InputRows block) {
        if (block.cols() != dimension) {
            throw new IllegalArgumentException("rows of " + block.cols() + " columns offered to a reservoir of "
                    + dimension);
        }
        for (int i = 0; i < block.rows(); i++) {
            long index = seen++;
            int slot = slot(seed, index, capacity);
            if (slot >= 0) {
                rows[slot] = block.selectRows(new int[] {i});
                indices[slot] = index;
            }
        }
    }

    /** The number of rows offered so far. */
    public long seen() {
        return seen;
    }

    /** The global indices of the sampled rows, increasing. */
    public long[] indices() {
        long[] out = Arrays.copyOf(indices, filled());
        Arrays.sort(out);
        return out;
    }

    /** The sampled rows in row order as a dense matrix: min(count, seen) x dimension. */
    public Matrix rows() {
        return sample().toDense();
    }

    /**
     * The sampled rows in row order as offered: sparse when the rows were offered sparse (a block mixing dense and
     * sparse rows comes back sparse), else dense.
     */
    public InputRows sample() {
        int m = filled();
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(indices[a], indices[b]));
        InputRows[] sorted = new InputRows[m];
        boolean sparse = false;
        for (int r = 0; r < m; r++) {
            sorted[r] = rows[order[r]];
            sparse |= sorted[r].isSparse();
        }
        return stack(sorted, dimension, sparse);
    }

    /** Single rows stacked in order, dense or sparse. */
    static InputRows stack(InputRows[] single, int dimension, boolean sparse) {
        if (sparse) {
            SparseMatrix.Builder b = new SparseMatrix.Builder(dimension);
            for (InputRows r : single) {
                SparseMatrix s = r instanceof SparseMatrix sm ? sm : SparseMatrix.fromDense((Matrix) r);
                b.addRow(s.columns(), s.values(), s.nonZeros());
            }
            return b.build();
        }
        Matrix out = Matrix.zeros(single.length, dimension);
        for (int r = 0; r < single.length; r++) {
            Matrix row = (Matrix) single[r];
            for (int c = 0; c < dimension; c++) {
                out.set(r, c, row.get(0, c));
            }
        }
        return out;
    }

    private int filled() {
        return (int) Math.min(capacity, seen);
    }
}
