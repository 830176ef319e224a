package org.okl.api.sketch;

import java.util.Arrays;
import java.util.PriorityQueue;
import org.okl.api.API;
import org.okl.api.linalg.InputRows;

/**
 * A sample of rows without replacement with probabilities proportional to scores (leverage scores, for example), by
 * Efraimidis and Spirakis: row i gets the key {@code log(u_i) / s_i} with {@code u_i = RowRandom.uniform(seed, i)}
 * ({@link #key}), and the sample is the {@code count} rows of largest keys, equal keys to the lower row. A row's key
 * depends only on the seed, its global index and its score, so one pass on one machine and a cluster's partitions
 * (each keeping its best keys, merged after) draw the same rows. A row of score 0 gets the key -infinity and is
 * drawn only when fewer than {@code count} rows score above 0. Memory: count rows, kept as offered.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class WeightedSample {
    private final int capacity;
    private final long seed;
    private final PriorityQueue<Keyed> best;

    /**
     * @param count the sample size wanted (at least 1)
     * @param seed  the seed of the rows' uniform numbers
     */
    public WeightedSample(int count, long seed) {
        if (count < 1) {
            throw new IllegalArgumentException("a weighted sample needs count >= 1, got " + count);
        }
        this.capacity = count;
        this.seed = seed;
        this.best = new PriorityQueue<>(count, (a, b) -> before(a.key, a.row, b.key, b.row) ? 1 : -1);
    }

    /** Row {@code row}'s key for its score: {@code log(u) / score}, or -infinity for a score that is not above 0. */
    public static double key(long seed, long row, double score) {
        if (!(score > 0)) {
            return Double.NEGATIVE_INFINITY;
        }
        double u = RowRandom.uniform(seed, row);
        return Math.log(u > 0 ? u : Double.MIN_VALUE) / score;
    }

    /** Whether a row with key {@code keyA} ranks before one with {@code keyB}: a larger key, or the lower row. */
    public static boolean before(double keyA, long rowA, double keyB, long rowB) {
        return keyA > keyB || (keyA == keyB && rowA < rowB);
    }

    /**
     * Offers consecutive rows with their scores.
     *
     * @param firstRow the global index of the block's first row
     * @param block    the rows (kept as offered when drawn), or {@code null} to keep the indices only
     * @param scores   one score per row
     */
    public void offer(long firstRow, InputRows block, double[] scores) {
        for (int i = 0; i < scores.length; i++) {
            long row = firstRow + i;
            double key = key(seed, row, scores[i]);
            if (best.size() < capacity || before(key, row, best.peek().key, best.peek().row)) {
                if (best.size() == capacity) {
                    best.poll();
                }
                best.add(new Keyed(key, row, block == null ? null : block.selectRows(new int[] {i})));
            }
        }
    }

    /** Offers a row by its key alone (a key computed elsewhere, merged here). */
    public void offerKey(long row, double key) {
        if (best.size() < capacity || before(key, row, best.peek().key, best.peek().row)) {
            if (best.size() == capacity) {
                best.poll();
            }
            best.add(new Keyed(key, row, null));
        }
    }

    /** The number of rows drawn so far (at most count). */
    public int size() {
        return best.size();
    }

    /** The drawn rows' global indices, increasing. */
    public long[] indices() {
        long[] out = best.stream().mapToLong(Keyed::row).toArray();
        Arrays.sort(out);
        return out;
    }

    /** The drawn rows' keys, in the order of {@link #indices()}. */
    public double[] keys() {
        return best.stream().sorted((a, b) -> Long.compare(a.row, b.row)).mapToDouble(Keyed::key).toArray();
    }

    /**
     * The drawn rows in row order, as offered (sparse when any was sparse).
     *
     * @param dimension the number of columns of a row
     * @throws IllegalStateException when rows were offered by key only
     */
    public InputRows rows(int dimension) {
        Keyed[] chosen = best.toArray(new Keyed[0]);
        Arrays.sort(chosen, (a, b) -> Long.compare(a.row, b.row));
        InputRows[] single = new InputRows[chosen.length];
        boolean sparse = false;
        for (int i = 0; i < chosen.length; i++) {
            if (chosen[i].values == null) {
                throw new IllegalStateException("the sample kept indices only");
            }
            single[i] = chosen[i].values;
            sparse |= single[i].isSparse();
        }
        return ReservoirSample.stack(single, dimension, sparse);
    }

    /** A row with its key. */
    private record Keyed(double key, long row, InputRows values) {
    }
}
