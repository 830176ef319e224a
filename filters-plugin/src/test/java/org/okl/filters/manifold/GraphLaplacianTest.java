package org.okl.filters.manifold;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * Graph Laplacians of a hand-made graph against hand computations. Points 0, 1, 3, 7 on a line with one neighbour
 * each: 0 -> 1, 1 -> 0, 3 -> 1, 7 -> 3, symmetrised into the path 0 - 1 - 2 - 3 with degrees 1, 2, 2, 1 and edge
 * lengths 1, 2, 4.
 */
class GraphLaplacianTest {
    private static final double A = 1 / Math.sqrt(2);
    private static final double B = 0.5;

    private final LinearAlgebra la = TestContext.active().linearAlgebra();
    private final Matrix line = Matrix.fromRows(new double[][] {{0}, {1}, {3}, {7}});

    private Matrix path() {
        return KnnGraph.adjacency(line, 1, EdgeWeights.BINARY, la);
    }

    @Test
    void oneNearestNeighbourGraphOfTheLineIsAPath() {
        TestMatrices.assertClose(Matrix.fromRows(new double[][] {
            {0, 1, 0, 0}, {1, 0, 1, 0}, {0, 1, 0, 1}, {0, 0, 1, 0}}), path(), 0);
    }

    @Test
    void unnormalisedLaplacianAndItsSquare() {
        TestMatrices.assertClose(Matrix.fromRows(new double[][] {
            {1, -1, 0, 0}, {-1, 2, -1, 0}, {0, -1, 2, -1}, {0, 0, -1, 1}}), GraphLaplacian.of(path(), false, 1, la),
                1e-15);
        TestMatrices.assertClose(Matrix.fromRows(new double[][] {
            {2, -3, 1, 0}, {-3, 6, -4, 1}, {1, -4, 6, -3}, {0, 1, -3, 2}}), GraphLaplacian.of(path(), false, 2, la),
                1e-14);
    }

    @Test
    void normalisedLaplacianAndItsSquare() {
        TestMatrices.assertClose(Matrix.fromRows(new double[][] {
            {1, -A, 0, 0}, {-A, 1, -B, 0}, {0, -B, 1, -A}, {0, 0, -A, 1}}), GraphLaplacian.of(path(), true, 1, la),
                1e-15);
        double ab = A * B;
        TestMatrices.assertClose(Matrix.fromRows(new double[][] {
            {1.5, -2 * A, ab, 0}, {-2 * A, 1.75, -1, ab}, {ab, -1, 1.75, -2 * A}, {0, ab, -2 * A, 1.5}}),
                GraphLaplacian.of(path(), true, 2, la), 1e-14);
    }

    @Test
    void cubeEqualsTheProductOfThreeLaplacians() {
        Matrix l = GraphLaplacian.of(path(), true, 1, la);
        Matrix cube = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(l, l), l);
        TestMatrices.assertClose(cube, GraphLaplacian.of(path(), true, 3, la), 1e-14);
    }

    @Test
    void gaussianWeightsUseTheMeanEdgeLength() {
        Matrix w = KnnGraph.adjacency(line, 1, EdgeWeights.GAUSSIAN, la);
        double sigma = (1 + 2 + 4) / 3.0;
        double w01 = Math.exp(-1 / (2 * sigma * sigma));
        double w12 = Math.exp(-4 / (2 * sigma * sigma));
        double w23 = Math.exp(-16 / (2 * sigma * sigma));
        TestMatrices.assertClose(Matrix.fromRows(new double[][] {
            {w01, -w01, 0, 0}, {-w01, w01 + w12, -w12, 0}, {0, -w12, w12 + w23, -w23}, {0, 0, -w23, w23}}),
                GraphLaplacian.of(w, false, 1, la), 1e-14);
    }

    @Test
    void isolatedNodeKeepsAnIdentityRowInTheNormalisedLaplacian() {
        Matrix w = Matrix.fromRows(new double[][] {{0, 2, 0}, {2, 0, 0}, {0, 0, 0}});
        TestMatrices.assertClose(Matrix.fromRows(new double[][] {{1, -1, 0}, {-1, 1, 0}, {0, 0, 1}}),
                GraphLaplacian.of(w, true, 1, la), 1e-15);
        TestMatrices.assertClose(Matrix.zeros(1, 1),
                GraphLaplacian.of(KnnGraph.adjacency(Matrix.fromRows(new double[][] {{3, 4}}), 5,
                        EdgeWeights.BINARY, la), false, 1, la), 0);
    }

    @Test
    void knnGraphMatchesBruteForceNeighbours() {
        int n = 40;
        int k = 4;
        Matrix x = TestMatrices.random(n, 3, 31);
        Matrix w = KnnGraph.adjacency(x, k, EdgeWeights.BINARY, la);
        Matrix expected = Matrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            Integer[] order = new Integer[n];
            double[] d = new double[n];
            for (int j = 0; j < n; j++) {
                order[j] = j;
                for (int c = 0; c < 3; c++) {
                    double diff = x.get(i, c) - x.get(j, c);
                    d[j] += diff * diff;
                }
            }
            final int self = i;
            java.util.Arrays.sort(order, (p, q) -> p == self ? -1 : q == self ? 1 : Double.compare(d[p], d[q]));
            for (int r = 1; r <= k; r++) {
                expected.set(i, order[r], 1);
                expected.set(order[r], i, 1);
            }
        }
        TestMatrices.assertClose(expected, w, 0);
        Matrix l = GraphLaplacian.of(w, true, 1, la);
        double[] eigenvalues = la.eigenvaluesSymmetric(l);
        assertThat(eigenvalues[eigenvalues.length - 1]).isGreaterThan(-1e-12);
        assertThat(eigenvalues[0]).isLessThanOrEqualTo(2 + 1e-12);
    }
}
