package org.okl.decoders.decoder;

import java.util.Arrays;
import org.okl.api.linalg.Matrix;

/**
 * The r smallest distances of every prediction seen so far, fed block by block. Candidates must be offered in
 * increasing index order; a candidate enters only when strictly better than the current r-th, so ties keep the lower
 * index first. NaN counts as +Infinity.
 */
final class RunningBest {
    private final int rank;
    private final int[] count;
    private final double[] values;
    private final int[] indices;

    /**
     * @param predictions the number t of predictions
     * @param rank        how many best candidates to keep per prediction
     */
    RunningBest(int predictions, int rank) {
        this.rank = rank;
        this.count = new int[predictions];
        this.values = new double[predictions * rank];
        this.indices = new int[predictions * rank];
    }

    /**
     * Offers a block of distances: entry (i, c) is the distance of prediction {@code rowOffset + i} to candidate
     * {@code columnOffset + c}.
     */
    void offer(Matrix distances, int rowOffset, int columnOffset) {
        int rows = distances.rows();
        double[] d = distances.data();
        for (int c = 0; c < distances.cols(); c++) {
            int candidate = columnOffset + c;
            int off = c * rows;
            for (int i = 0; i < rows; i++) {
                double v = d[off + i];
                offer(rowOffset + i, candidate, Double.isNaN(v) ? Double.POSITIVE_INFINITY : v);
            }
        }
    }

    /**
     * Offers every prediction's best of a block of candidates (indices relative to {@code columnOffset}, best first,
     * ties by index, as an accelerator returns them).
     */
    void offer(int[][] indices, double[][] scores, int columnOffset) {
        for (int i = 0; i < indices.length; i++) {
            for (int q = 0; q < indices[i].length; q++) {
                if (indices[i][q] >= 0) {
                    double v = scores[i][q];
                    offer(i, columnOffset + indices[i][q], Double.isNaN(v) ? Double.POSITIVE_INFINITY : v);
                }
            }
        }
    }

    private void offer(int row, int candidate, double v) {
        int base = row * rank;
        int n = count[row];
        if (n == rank && !(v < values[base + rank - 1])) {
            return;
        }
        int pos = Math.min(n, rank - 1);
        while (pos > 0 && values[base + pos - 1] > v) {
            pos--;
        }
        int last = Math.min(n, rank - 1);
        System.arraycopy(values, base + pos, values, base + pos + 1, last - pos);
        System.arraycopy(indices, base + pos, indices, base + pos + 1, last - pos);
        values[base + pos] = v;
        indices[base + pos] = candidate;
        count[row] = Math.min(n + 1, rank);
    }

    /** The best candidate of every prediction. */
    int[] best() {
        int[] b = new int[count.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = indices[i * rank];
        }
        return b;
    }

    /** The ranking: per prediction, the best candidates, best first. */
    int[][] ranking() {
        int[][] r = new int[count.length][];
        for (int i = 0; i < r.length; i++) {
            r[i] = Arrays.copyOfRange(indices, i * rank, i * rank + count[i]);
        }
        return r;
    }
}
