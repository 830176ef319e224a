package org.okl.spark.decode;

import java.io.Serializable;
import org.okl.api.linalg.Matrix;

/**
 * For each of t predictions, the k best candidates seen so far: their distances, their place (partition, then index
 * in the partition: the order of the candidate data set) and their output values (q each). Candidates enter when
 * strictly better than the k-th, and within a partition they are offered in order, so ties keep the candidate that
 * comes first, as the one-machine {@code candidates} decoder does; {@link #merge} keeps that order across partitions.
 * NaN distances count as +Infinity. Plain data, to be merged by {@code treeAggregate}.
 */
final class TopCandidates implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int predictions;
    private final int k;
    private final int width;
    private final long[] partitionSizes;
    private int[] count;
    private double[] distance;
    private int[] partition;
    private long[] index;
    private double[] values;

    /**
     * @param predictions t
     * @param k           the candidates kept per prediction
     * @param width       q, the values of one candidate
     * @param partitions  the number of partitions of the candidate set
     */
    TopCandidates(int predictions, int k, int width, int partitions) {
        this.predictions = predictions;
        this.k = k;
        this.width = width;
        this.partitionSizes = new long[partitions];
    }

    /** Allocates the slots on first use, so an empty instance (Spark's zero value) ships in a few bytes. */
    private void allocate() {
        if (count == null) {
            count = new int[predictions];
            distance = new double[predictions * k];
            partition = new int[predictions * k];
            index = new long[predictions * k];
            values = new double[predictions * k * width];
        }
    }

    /**
     * Offers a block of candidates of one partition (in order) against rows of the predictions.
     *
     * @param distances       entry (i, c): prediction {@code firstPrediction + i} against candidate c of the block
     * @param firstPrediction the prediction of the distances' first row
     * @param candidates      the block's candidates (N_b x q)
     * @param part            their partition
     * @param firstIndex      the index in the partition of the block's first candidate
     */
    void offer(Matrix distances, int firstPrediction, Matrix candidates, int part, long firstIndex) {
        allocate();
        int rows = distances.rows();
        double[] d = distances.data();
        for (int c = 0; c < distances.cols(); c++) {
            for (int i = 0; i < rows; i++) {
                double v = Double.isNaN(d[i + c * rows]) ? Double.POSITIVE_INFINITY : d[i + c * rows];
                int row = firstPrediction + i;
                if (enters(row, v, part, firstIndex + c)) {
                    int slot = insert(row, v, part, firstIndex + c);
                    for (int j = 0; j < width; j++) {
                        values[slot * width + j] = candidates.get(c, j);
                    }
                }
            }
        }
    }

    /** Counts the candidates of a partition. */
    void count(int part, long candidates) {
        partitionSizes[part] += candidates;
    }

    /** Merges another's candidates into these (the better k per prediction) and returns the result. */
    TopCandidates merge(TopCandidates other) {
        for (int p = 0; p < partitionSizes.length; p++) {
            partitionSizes[p] += other.partitionSizes[p];
        }
        if (other.count == null) {
            return this;
        }
        allocate();
        for (int row = 0; row < predictions; row++) {
            for (int s = 0; s < other.count[row]; s++) {
                int o = row * k + s;
                if (enters(row, other.distance[o], other.partition[o], other.index[o])) {
                    int slot = insert(row, other.distance[o], other.partition[o], other.index[o]);
                    System.arraycopy(other.values, o * width, values, slot * width, width);
                }
            }
        }
        return this;
    }

    private boolean enters(int row, double v, int part, long at) {
        return count[row] < k || before(v, part, at, row * k + k - 1);
    }

    /** Whether (v, part, at) ranks before the kept entry in slot {@code slot}. */
    private boolean before(double v, int part, long at, int slot) {
        if (v != distance[slot]) {
            return v < distance[slot];
        }
        return part != partition[slot] ? part < partition[slot] : at < index[slot];
    }

    /** Inserts an entry that {@link #enters} and returns its slot; the values are the caller's to write. */
    private int insert(int row, double v, int part, long at) {
        int base = row * k;
        int n = count[row];
        int pos = Math.min(n, k - 1);
        while (pos > 0 && before(v, part, at, base + pos - 1)) {
            pos--;
        }
        int last = Math.min(n, k - 1);
        int from = base + pos;
        int moved = last - pos;
        System.arraycopy(distance, from, distance, from + 1, moved);
        System.arraycopy(partition, from, partition, from + 1, moved);
        System.arraycopy(index, from, index, from + 1, moved);
        System.arraycopy(values, from * width, values, (from + 1) * width, moved * width);
        distance[from] = v;
        partition[from] = part;
        index[from] = at;
        count[row] = Math.min(n + 1, k);
        return from;
    }

    /** The result, with indices in the whole candidate set (partitions' sizes added up). */
    CandidateRanking ranking() {
        allocate();
        long[] offsets = new long[partitionSizes.length];
        for (int p = 1; p < offsets.length; p++) {
            offsets[p] = offsets[p - 1] + partitionSizes[p - 1];
        }
        long total = partitionSizes.length == 0 ? 0 : offsets[offsets.length - 1]
                + partitionSizes[partitionSizes.length - 1];
        long[][] indices = new long[predictions][];
        double[][] distances = new double[predictions][];
        Matrix[] outputs = new Matrix[predictions];
        for (int row = 0; row < predictions; row++) {
            int n = count[row];
            indices[row] = new long[n];
            distances[row] = new double[n];
            outputs[row] = Matrix.zeros(n, width);
            for (int s = 0; s < n; s++) {
                int slot = row * k + s;
                indices[row][s] = offsets[partition[slot]] + index[slot];
                distances[row][s] = distance[slot];
                for (int j = 0; j < width; j++) {
                    outputs[row].set(s, j, values[slot * width + j]);
                }
            }
        }
        return new CandidateRanking(indices, distances, outputs, total);
    }
}
