package org.okl.filters.manifold;

import java.util.stream.IntStream;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * The symmetrised k-nearest-neighbour graph over the rows of an input matrix (MS11 §2;
 * docs/conventions.md#manifold-regularization): Euclidean distance, an edge between i and j when j is among the k
 * nearest neighbours of i <em>or</em> i among those of j, weighted by {@link EdgeWeights}. A point is not its own
 * neighbour; ties are broken by the lower index. Squared distances come from one product, {@code ||x_i||^2 + ||x_j||^2
 * - 2 x_i·x_j}, through the linear-algebra back-end.
 */
public final class KnnGraph {

    private KnnGraph() {
    }

    /**
     * The N x N symmetric adjacency matrix W (zero diagonal).
     *
     * @param inputs     the points (N x p)
     * @param neighbours k; capped at N - 1
     * @param weights    how edges are weighted
     */
    public static Matrix adjacency(Matrix inputs, int neighbours, EdgeWeights weights, LinearAlgebra la) {
        if (neighbours < 1) {
            throw new IllegalArgumentException("neighbours must be >= 1, got " + neighbours);
        }
        int n = inputs.rows();
        int k = Math.min(neighbours, n - 1);
        Matrix d2 = squaredDistances(inputs, la);
        Matrix w = Matrix.zeros(n, n);
        if (k <= 0) {
            return w;
        }
        int[][] nearest = new int[n][];
        IntStream.range(0, n).parallel().forEach(i -> nearest[i] = nearest(d2, i, k));
        for (int i = 0; i < n; i++) {
            for (int j : nearest[i]) {
                w.set(i, j, 1.0);
                w.set(j, i, 1.0);
            }
        }
        if (weights == EdgeWeights.GAUSSIAN) {
            applyHeatKernel(w, d2);
        }
        return w;
    }

    /** The N x N matrix of squared Euclidean distances between the rows, clamped at 0 against round-off. */
    static Matrix squaredDistances(Matrix x, LinearAlgebra la) {
        Matrix g = la.outerGram(x);
        int n = g.rows();
        double[] norms = g.diagonalValues();
        double[] d = g.data();
        IntStream.range(0, n).parallel().forEach(j -> {
            int off = j * n;
            for (int i = 0; i < n; i++) {
                d[off + i] = i == j ? 0.0 : Math.max(0.0, norms[i] + norms[j] - 2 * d[off + i]);
            }
        });
        return g;
    }

    /** The k nearest other points of point i (column i of the symmetric distance matrix). */
    private static int[] nearest(Matrix d2, int i, int k) {
        int n = d2.rows();
        double[] d = d2.data();
        int off = i * n;
        int[] best = new int[k];
        double[] bestDistance = new double[k];
        int count = 0;
        for (int j = 0; j < n; j++) {
            if (j == i) {
                continue;
            }
            double v = d[off + j];
            if (count == k && v >= bestDistance[k - 1]) {
                continue;
            }
            int pos = count < k ? count++ : k - 1;
            while (pos > 0 && bestDistance[pos - 1] > v) {
                bestDistance[pos] = bestDistance[pos - 1];
                best[pos] = best[pos - 1];
                pos--;
            }
            bestDistance[pos] = v;
            best[pos] = j;
        }
        return best;
    }

    /** Replaces every edge weight 1 by {@code exp(-d^2 / (2 sigma^2))}, sigma the mean edge length. */
    private static void applyHeatKernel(Matrix w, Matrix d2) {
        int n = w.rows();
        double sum = 0;
        long edges = 0;
        for (int j = 0; j < n; j++) {
            for (int i = j + 1; i < n; i++) {
                if (w.get(i, j) != 0) {
                    sum += Math.sqrt(d2.get(i, j));
                    edges++;
                }
            }
        }
        double sigma = edges == 0 ? 0 : sum / edges;
        if (sigma == 0) {
            return;
        }
        double[] wd = w.data();
        double[] dd = d2.data();
        double scale = 1.0 / (2 * sigma * sigma);
        for (int k = 0; k < wd.length; k++) {
            if (wd[k] != 0) {
                wd[k] = Math.exp(-dd[k] * scale);
            }
        }
    }
}
