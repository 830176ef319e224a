package org.okl.decoders.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.decoders.testing.TestKernels;
import org.okl.testkit.TestMatrices;

class OelEmbeddingTest {
    private final KernelTestContext context = new KernelTestContext();

    /**
     * With a linear output kernel, OEL decoding equals explicit PCA in feature space: the top-p
     * principal axes G of the weighted vectors sqrt(c/n) Bx^T Y and sqrt((1-c)/m) U, prediction h = Y^T alpha
     * projected on them, score ||y||^2 - 2 (G G^T h) . y. The oracle eigendecomposes the q x q second-moment matrix
     * with commons-math.
     */
    @ParameterizedTest
    @CsvSource({"0.4, EXACT", "0.4, RANDOMIZED", "0.0, EXACT", "1.0, RANDOMIZED", "0.15, RANDOMIZED"})
    void decodingEqualsExplicitPcaForALinearOutputKernel(double c, OelEmbedding.Svd svd) {
        int n = 10;
        int m = 8;
        int q = 6;
        int p = 3;
        Matrix y = TestMatrices.random(n, q, 1);
        Matrix u = TestMatrices.random(m, q, 2);
        Matrix bx = TestMatrices.random(n, n, 3);
        Matrix h = TestMatrices.random(4, n, 4);
        Matrix candidates = TestMatrices.random(7, q, 5).stackRows(u.rowRange(0, 3)).stackRows(y.rowRange(2, 5));

        FittedOutputEmbedding oel = new OelEmbedding(KernelTestContext.linear(), c, p, svd, 10, 2)
                .fit(new OutputData(y, Optional.of(u)), context)
                .refine(bx.transpose());
        Matrix actual = oel.candidateDistances(h, candidates);

        Matrix projector = pcaProjector(y, u, bx, c, p);
        Matrix predicted = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(h, y), projector);
        Matrix expected = Matrix.zeros(h.rows(), candidates.rows());
        for (int i = 0; i < h.rows(); i++) {
            for (int k = 0; k < candidates.rows(); k++) {
                double norm = 0;
                double inner = 0;
                for (int j = 0; j < q; j++) {
                    norm += candidates.get(k, j) * candidates.get(k, j);
                    inner += predicted.get(i, j) * candidates.get(k, j);
                }
                expected.set(i, k, norm - 2 * inner);
            }
        }
        TestMatrices.assertClose(expected, actual, 1e-9);
    }

    /** G G^T from the top-p eigenvectors of sum_r z_r z_r^T (the uncentred PCA of the weighted vectors). */
    private static Matrix pcaProjector(Matrix y, Matrix u, Matrix bx, double c, int p) {
        int n = y.rows();
        int m = u.rows();
        Matrix h = TestMatrices.naiveMultiply(bx, true, y, false).times(Math.sqrt(c / n));
        Matrix z = h.stackRows(u.times(Math.sqrt((1 - c) / m)));
        Matrix moment = TestMatrices.naiveMultiply(z, true, z, false);
        RealMatrix rm = new Array2DRowRealMatrix(moment.toRows());
        EigenDecomposition eigen = new EigenDecomposition(rm);
        double[] values = eigen.getRealEigenvalues();
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(values[b], values[a]));
        int q = y.cols();
        Matrix projector = Matrix.zeros(q, q);
        for (int l = 0; l < p; l++) {
            double[] v = eigen.getEigenvector(order[l]).toArray();
            for (int i = 0; i < q; i++) {
                for (int j = 0; j < q; j++) {
                    projector.add(i, j, v[i] * v[j]);
                }
            }
        }
        return projector;
    }

    /** BM22 §3: OEL0 with p = n (k positive definite) reproduces IOKR, scores and decisions. */
    @Test
    void oel0AtFullRankReproducesIokr() {
        int n = 15;
        Matrix x = TestMatrices.random(n, 2, 11);
        Matrix xTest = TestMatrices.random(6, 2, 12);
        Matrix y = TestMatrices.random(n, 3, 13);
        Matrix candidates = y.stackRows(TestMatrices.random(9, 3, 14));
        var la = context.linearAlgebra();
        Matrix kx = TestKernels.gaussian(1.0, la).gram(x, x);
        Matrix w = TestMatrices.naiveSolve(kx.copy().addToDiagonal(n * 1e-2), Matrix.identity(n));
        Matrix trainingPredictions = TestMatrices.naiveMultiply(kx, w);
        Matrix testPredictions = TestMatrices.naiveMultiply(TestKernels.gaussian(1.0, la).gram(xTest, x), w);

        FittedOutputEmbedding iokr = new KernelEmbedding(KernelTestContext.gaussian(1.0))
                .fit(new OutputData(y, Optional.empty()), context);
        Matrix expected = iokr.candidateDistances(testPredictions, candidates);
        for (Optional<Matrix> unlabelled : java.util.List.of(Optional.<Matrix>empty(),
                Optional.of(TestMatrices.random(5, 3, 15)))) {
            FittedOutputEmbedding oel0 = new OelEmbedding(KernelTestContext.gaussian(1.0), 1.0, n,
                    OelEmbedding.Svd.EXACT, 10, 2).fit(new OutputData(y, unlabelled), context)
                    .refine(trainingPredictions);
            assertThat(((OelFitted) oel0).dimension()).isEqualTo(n);
            Matrix actual = oel0.candidateDistances(testPredictions, candidates);
            TestMatrices.assertClose(expected, actual, 1e-7);
            for (int i = 0; i < expected.rows(); i++) {
                assertThat(argmin(actual, i)).isEqualTo(argmin(expected, i));
            }
        }
    }

    /**
     * Label sets repeat (multi-label outputs): the mixed Gram's rank is at most the number of distinct outputs of its
     * blocks, p beyond it is capped there, and the embedding it learns spans every prediction, so OEL, for any c,
     * scores every candidate (label sets not seen included) as IOKR does. IOKR's scores are computed by the kernel
     * embedding, independently of the eigendecomposition.
     */
    @ParameterizedTest
    @CsvSource({"1.0, EXACT", "1.0, RANDOMIZED", "0.25, EXACT", "0.25, RANDOMIZED"})
    void pBeyondTheDistinctOutputsLearnsTheirSpanAndDecodesAsIokr(double c, OelEmbedding.Svd svd) {
        int n = 24;
        double[][] sets = {{1, 0, 0, 1}, {0, 1, 0, 0}, {1, 1, 0, 0}, {0, 0, 1, 1}, {1, 0, 1, 0}};
        Matrix y = Matrix.zeros(n, 4);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 4; j++) {
                y.set(i, j, sets[i % 5][j]);
            }
        }
        Matrix u = y.rowRange(0, 7).stackRows(Matrix.fromRows(new double[][] {{1, 1, 1, 1}, {0, 0, 0, 1}}));
        Matrix x = TestMatrices.random(n, 3, 41);
        Matrix xTest = TestMatrices.random(6, 3, 42);
        var la = context.linearAlgebra();
        Matrix kx = TestKernels.gaussian(1.0, la).gram(x, x);
        Matrix w = TestMatrices.naiveSolve(kx.copy().addToDiagonal(n * 1e-2), Matrix.identity(n));
        Matrix trainingPredictions = TestMatrices.naiveMultiply(kx, w);
        Matrix testPredictions = TestMatrices.naiveMultiply(TestKernels.gaussian(1.0, la).gram(xTest, x), w);
        Matrix candidates = Matrix.fromRows(sets).stackRows(Matrix.fromRows(new double[][] {{0, 0, 0, 0},
            {1, 1, 1, 1}, {0, 1, 1, 0}}));

        FittedOutputEmbedding oel = new OelEmbedding(KernelTestContext.gaussian(1.0), c, 1000, svd, 10, 2)
                .fit(new OutputData(y, Optional.of(u)), context).refine(trainingPredictions);
        FittedOutputEmbedding iokr = new KernelEmbedding(KernelTestContext.gaussian(1.0))
                .fit(new OutputData(y, Optional.empty()), context);

        int distinct = c == 1.0 ? 5 : 7;
        assertThat(((OelFitted) oel).dimension()).isEqualTo(distinct);
        TestMatrices.assertClose(iokr.candidateDistances(testPredictions, candidates),
                oel.candidateDistances(testPredictions, candidates), 1e-7);
        FittedOutputEmbedding below = new OelEmbedding(KernelTestContext.gaussian(1.0), c, distinct - 2, svd, 10, 2)
                .fit(new OutputData(y, Optional.of(u)), context).refine(trainingPredictions);
        assertThat(maxDifference(iokr.candidateDistances(testPredictions, candidates),
                below.candidateDistances(testPredictions, candidates))).isGreaterThan(1e-3);
    }

    @Test
    void theRankBoundCountsTheDistinctOutputsOfTheBlocksPresent() {
        var la = context.linearAlgebra();
        var kernel = TestKernels.gaussian(1.0, la);
        Matrix y = Matrix.fromRows(new double[][] {{1, 0}, {0, 1}, {1, 0}, {1, 0}});
        Matrix u = Matrix.fromRows(new double[][] {{1, 0}, {1, 1}, {1, 1}});
        Matrix bx = Matrix.identity(4);
        Matrix l = kernel.gram(y, y);
        assertThat(new MixedGram(y, l, bx, u, 1.0, kernel, la).rankBound()).isEqualTo(2);
        assertThat(new MixedGram(y, l, bx, u, 0.5, kernel, la).rankBound()).isEqualTo(3);
        assertThat(new MixedGram(y, l, bx, u, 0.0, kernel, la).rankBound()).isEqualTo(2);
        Matrix distinct = Matrix.fromRows(new double[][] {{1, 0}, {0, 1}, {2, 0}, {0, 2}});
        assertThat(new MixedGram(distinct, kernel.gram(distinct, distinct), bx, u.rowRange(0, 1), 0.5, kernel, la)
                .rankBound()).isEqualTo(4);
    }

    @Test
    void beforeRefinementTheEmbeddingDecodesAsIokr() {
        Matrix y = TestMatrices.random(8, 3, 21);
        Matrix h = TestMatrices.random(3, 8, 22);
        FittedOutputEmbedding unrefined = new OelEmbedding(KernelTestContext.gaussian(1.0), 0.5, 4,
                OelEmbedding.Svd.RANDOMIZED, 10, 2).fit(new OutputData(y, Optional.empty()), context);
        FittedOutputEmbedding iokr = new KernelEmbedding(KernelTestContext.gaussian(1.0))
                .fit(new OutputData(y, Optional.empty()), context);
        assertThat(unrefined.targets()).isEmpty();
        assertThat(unrefined.learnsFromRegression()).isTrue();
        assertThat(unrefined.refine(Matrix.identity(8)).learnsFromRegression()).isTrue();
        assertThat(iokr.learnsFromRegression()).isFalse();
        TestMatrices.assertClose(iokr.outputGram(), unrefined.outputGram(), 0);
        TestMatrices.assertClose(iokr.candidateDistances(h, y), unrefined.candidateDistances(h, y), 0);
    }

    /** The randomized route applied by blocks (no cache, one unlabelled output per block) equals the exact one. */
    @Test
    void blockwiseMixedGramEqualsTheDenseFormula() {
        int n = 5;
        int m = 7;
        double c = 0.3;
        var la = context.linearAlgebra();
        var kernel = TestKernels.gaussian(1.2, la);
        Matrix y = TestMatrices.random(n, 2, 31);
        Matrix u = TestMatrices.random(m, 2, 32);
        Matrix bx = TestMatrices.random(n, n, 33);
        Matrix l = kernel.gram(y, y);
        Matrix lsu = kernel.gram(y, u);
        Matrix luu = kernel.gram(u, u);
        Matrix kh = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(bx, true, l, false), bx);
        Matrix khy = TestMatrices.naiveMultiply(bx, true, lsu, false);
        double cross = Math.sqrt(c * (1 - c) / (n * m));
        Matrix dense = Matrix.zeros(n + m, n + m);
        for (int i = 0; i < n + m; i++) {
            for (int j = 0; j < n + m; j++) {
                double v;
                if (i < n && j < n) {
                    v = c / n * kh.get(i, j);
                } else if (i < n) {
                    v = cross * khy.get(i, j - n);
                } else if (j < n) {
                    v = cross * khy.get(j, i - n);
                } else {
                    v = (1 - c) / m * luu.get(i - n, j - n);
                }
                dense.set(i, j, v);
            }
        }
        Matrix x = TestMatrices.random(n + m, 3, 34);
        Matrix expected = TestMatrices.naiveMultiply(dense, x);
        for (long[] memory : new long[][] {{8L * (n + m), 0}, {MixedGram.BLOCK_BYTES, MixedGram.CACHE_BYTES}}) {
            MixedGram mixed = new MixedGram(y, l, bx, u, c, kernel, la, memory[0], memory[1]);
            TestMatrices.assertClose(expected, mixed.apply(x), 1e-12);
            TestMatrices.assertClose(expected, mixed.apply(x), 1e-12);
            Matrix thetaU = TestMatrices.random(m, 2, 35);
            Matrix thetaL = TestMatrices.random(n, 2, 36);
            Matrix[] pass = mixed.embeddingPass(thetaL, thetaU);
            TestMatrices.assertClose(TestMatrices.naiveMultiply(lsu, thetaU), pass[0], 1e-12);
            Matrix embedded = TestMatrices.naiveMultiply(thetaL, true, lsu, false)
                    .plus(TestMatrices.naiveMultiply(thetaU, true, luu, false));
            TestMatrices.assertClose(embedded, pass[1], 1e-12);
        }
    }

    @Test
    void cZeroWithoutUnlabelledOutputsIsRejected() {
        assertThatThrownBy(() -> new OelEmbedding(KernelTestContext.gaussian(1.0), 0.0, 3, OelEmbedding.Svd.EXACT,
                10, 2).fit(new OutputData(TestMatrices.random(4, 2, 1), Optional.empty()), context))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("oel: parameter 'c'");
    }

    @Test
    void trainingPredictionsOfTheWrongShapeAreRejected() {
        FittedOutputEmbedding unrefined = new OelEmbedding(KernelTestContext.gaussian(1.0), 1.0, 3,
                OelEmbedding.Svd.EXACT, 10, 2).fit(new OutputData(TestMatrices.random(4, 2, 1), Optional.empty()),
                context);
        assertThatThrownBy(() -> unrefined.refine(Matrix.zeros(4, 3)))
                .hasMessageContaining("expected 4 x 4");
    }

    private static double maxDifference(Matrix a, Matrix b) {
        double max = 0;
        for (int i = 0; i < a.rows(); i++) {
            for (int j = 0; j < a.cols(); j++) {
                max = Math.max(max, Math.abs(a.get(i, j) - b.get(i, j)));
            }
        }
        return max;
    }

    private static int argmin(Matrix m, int row) {
        int best = 0;
        for (int c = 1; c < m.cols(); c++) {
            if (m.get(row, c) < m.get(row, best)) {
                best = c;
            }
        }
        return best;
    }
}
