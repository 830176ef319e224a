package org.okl.api.sketch;

import java.util.Arrays;
import java.util.Random;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * A uniform sample of rows without replacement from a stream of unknown length, by Vitter's Algorithm R with
 * {@link Random} seeded once: rows 0..count-1 fill the reservoir; row i >= count replaces slot
 * {@code j = random.nextLong(i + 1)} when j &lt; count. The result depends only on the seed and the rows in order, so a
 * file, an in-memory matrix and any other source that feeds the same rows draw the same sample. Memory: count rows.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ReservoirSample {
    private final int capacity;
    private final int dimension;
    private final Random random;
    private final double[][] rows;
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
        this.random = new Random(seed);
        this.rows = new double[count][];
        this.indices = new long[count];
    }

    /** Offers the rows of a block; they must follow the rows offered before (global row {@link #seen()} first). */
    public void offer(Matrix block) {
        if (block.cols() != dimension) {
            throw new IllegalArgumentException("rows of " + block.cols() + " columns offered to a reservoir of "
                    + dimension);
        }
        for (int i = 0; i < block.rows(); i++) {
            long index = seen++;
            int slot;
            if (index < capacity) {
                slot = (int) index;
            } else {
                long j = random.nextLong(index + 1);
                if (j >= capacity) {
                    continue;
                }
                slot = (int) j;
            }
            rows[slot] = block.row(i);
            indices[slot] = index;
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

    /** The sampled rows in row order: min(count, seen) x dimension. */
    public Matrix rows() {
        int m = filled();
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(indices[a], indices[b]));
        Matrix out = Matrix.zeros(m, dimension);
        for (int r = 0; r < m; r++) {
            double[] row = rows[order[r]];
            for (int c = 0; c < dimension; c++) {
                out.set(r, c, row[c]);
            }
        }
        return out;
    }

    private int filled() {
        return (int) Math.min(capacity, seen);
    }
}
