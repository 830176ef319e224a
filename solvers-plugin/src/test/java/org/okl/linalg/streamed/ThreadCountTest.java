package org.okl.linalg.streamed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.StreamTimings;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.linalg.parallel.Workers;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * The routes on one thread and on several: the same sums, bit for bit (every tile's call is fixed by the shapes),
 * and the same weights and validation errors to round-off (1e-10 of the predictions' size): the m x m
 * decompositions are the same calls on one BLAS thread each, but some BLAS kernels (OpenBLAS's SSE3 "Prescott"
 * ones, measured) give results that depend in the last bits on where the arrays sit in memory, so two calls on one
 * thread may already differ. The problem has several kernel tiles (m = 300), several feature tasks per fold and
 * several pieces per block.
 */
class ThreadCountTest {
    private static final int N = 2500;
    private static final int D = 3;
    private final LinearAlgebra la = TestContext.active().linearAlgebra();
    private final Matrix x = TestMatrices.random(N, 3, 31);
    private final Matrix y = SolveFixtures.targets(x, D, 32);
    private final NystromFeatures features = new NystromFeatures(new SolveFixtures.Gaussian(1.1),
            x.selectRows(java.util.stream.IntStream.range(0, 300).map(i -> 7 * i + 3).toArray()));
    private final OutputSpectrum output = OutputSpectrum.of(SolveFixtures.commonSimilarity(D, 0.5), la);

    @Test
    void theSumsAreTheNaiveSumsAndTheSameBitsOnAnyNumberOfThreads() {
        FoldScheme scheme = FoldScheme.kFold(4, 9);
        FoldAggregates[] sums = new FoldAggregates[3];
        Workers[] workers = {Workers.callerOnly(), Workers.of(2), Workers.of(5)};
        for (int t = 0; t < workers.length; t++) {
            BlockAccumulator accumulator = new BlockAccumulator(features, scheme, D, la, 700, new StreamTimings(),
                    workers[t]);
            new MatrixRows(x, y, 1000).forEachRowBlock(accumulator::add);
            sums[t] = accumulator.aggregates();
        }
        for (int g = 0; g < scheme.groups(); g++) {
            int group = g;
            int[] rows = java.util.stream.IntStream.range(0, N).filter(i -> scheme.groupOf(i) == group).toArray();
            Matrix phi = features.features(x.selectRows(rows));
            TestMatrices.assertClose(TestMatrices.naiveMultiply(phi, true, phi, false), sums[0].gram(g), 1e-9);
            TestMatrices.assertClose(TestMatrices.naiveMultiply(phi, true, y.selectRows(rows), false),
                    sums[0].cross(g), 1e-9);
            assertThat(sums[0].rows(g)).isEqualTo(rows.length);
            for (int t = 1; t < workers.length; t++) {
                assertThat(Arrays.equals(sums[t].gram(g).data(), sums[0].gram(g).data())).as("gram of group %d on %s",
                        g, workers[t]).isTrue();
                assertThat(Arrays.equals(sums[t].cross(g).data(), sums[0].cross(g).data())).isTrue();
                assertThat(sums[t].outputSquares(g)).containsExactly(sums[0].outputSquares(g));
            }
        }
    }

    @Test
    void theEigenRouteGivesTheSameModelsOnAnyNumberOfThreads() {
        SpectralFilter filter = new SolveFixtures.Tikhonov(1e-6, 1e-4, 1e-2);
        FoldScheme scheme = FoldScheme.kFold(5, 3);
        SketchSelection.Result one = new EigenRoute(la, 600, Workers.callerOnly()).fit(features, new MatrixRows(x, y),
                m -> m, scheme, output, filter, new StreamTimings());
        for (int threads : new int[] {2, 3, 6}) {
            SketchSelection.Result many = new EigenRoute(la, 600, Workers.of(threads)).fit(features,
                    new MatrixRows(x, y), m -> m, scheme, output, filter, new StreamTimings());
            assertSameModels(one, many, threads + " threads");
        }
    }

    @Test
    void falkonAgreesToRoundOffOnAnyNumberOfThreads() {
        SpectralFilter filter = new SolveFixtures.Tikhonov(1e-4, 1e-2);
        FoldScheme scheme = FoldScheme.kFold(3, 4);
        SketchSelection.Result one = new FalkonRoute(la, 600, 200, 1e-12, Workers.callerOnly()).fit(features,
                new MatrixRows(x, y), m -> m, scheme, output, filter, new StreamTimings());
        SketchSelection.Result many = new FalkonRoute(la, 600, 200, 1e-12, Workers.of(3)).fit(features,
                new MatrixRows(x, y), m -> m, scheme, output, filter, new StreamTimings());
        assertSameModels(one, many, "falkon on 3 threads");
    }

    /**
     * The predictions on new rows to 1e-10 of their size, and the validation errors to 1e-6 relative (they come
     * from the sums as {@code sum y^2 - 2 beta^T Phi^T y + beta^T Phi^T Phi beta}, whose terms cancel).
     */
    private void assertSameModels(SketchSelection.Result expected, SketchSelection.Result actual, String what) {
        assertThat(actual.rows()).isEqualTo(expected.rows());
        Matrix phi = features.features(TestMatrices.random(50, 3, 33));
        for (int j = 0; j < expected.length(); j++) {
            Matrix predicted = la.multiply(phi, expected.weights()[j]);
            double worst = maxAbs(predicted.minus(la.multiply(phi, actual.weights()[j]))) / maxAbs(predicted);
            assertThat(worst).as("%s: predictions of point %d", what, j).isLessThan(1e-10);
            for (int f = 0; f < expected.validation().length; f++) {
                for (int c = 0; c < D; c++) {
                    double e = expected.validation()[f][j].squaredErrors()[c];
                    assertThat(actual.validation()[f][j].squaredErrors()[c]).as("%s: fold %d point %d", what, f, j)
                            .isCloseTo(e, org.assertj.core.data.Offset.offset(1e-6 * e));
                }
            }
        }
    }

    private static double maxAbs(Matrix m) {
        return Arrays.stream(m.data()).map(Math::abs).max().orElse(0);
    }
}
