package org.okl.linalg.streamed;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.StreamTimings;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.linalg.parallel.Workers;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * One-pass selection against the naive route: for every validation fold, the Nystrom kernel formed densely on the
 * fold's training rows, the filter applied through the dense nd x nd block Gram, and the predictions of the fold's
 * rows scored directly.
 */
class SketchSelectionTest {
    private static final int N = 90;
    private static final int D = 2;
    private final LinearAlgebra la = TestContext.active().linearAlgebra();
    private final SolveFixtures.Gaussian kernel = new SolveFixtures.Gaussian(0.8);
    private final Matrix x = TestMatrices.random(N, 2, 11);
    private final Matrix y = SolveFixtures.targets(x, D, 12);
    private final Matrix landmarks = x.selectRows(new int[] {2, 15, 31, 40, 58, 66, 71, 88});
    private final NystromFeatures features = new NystromFeatures(kernel, landmarks);
    private final Matrix a = SolveFixtures.commonSimilarity(D, 0.4);

    /** k~(u, v) = k(u, L) k(L, L)^-1 k(L, v). */
    private Matrix sketched(Matrix u, Matrix v) {
        return TestMatrices.naiveMultiply(kernel.gram(u, landmarks),
                TestMatrices.naiveSolve(kernel.gram(landmarks), kernel.gram(landmarks, v)));
    }

    private void check(FoldScheme scheme, SpectralFilter filter) {
        check(scheme, filter, List.of(a));
    }

    /**
     * Every output matrix's path from the same sums against its own naive refits: with several output matrices and
     * enough path points the solve works in the basis of the weights ({@link SketchSolve#inBasis}), with one and a
     * short path it does not.
     */
    private void check(FoldScheme scheme, SpectralFilter filter, List<Matrix> outputMatrices) {
        BlockAccumulator accumulator = new BlockAccumulator(features, scheme, D, la, 16, new StreamTimings());
        new MatrixRows(x, y).forEachRowBlock(accumulator::add);
        List<SketchSelection.Result> results = SketchSelection.solve(accumulator.aggregates(), scheme,
                Whitening.of(features.metric(), features.size(), la),
                outputMatrices.stream().map(m -> OutputSpectrum.of(m, la)).toList(), filter, la, Workers.shared());
        for (int o = 0; o < outputMatrices.size(); o++) {
            checkOne(scheme, filter, outputMatrices.get(o), results.get(o));
        }
    }

    private void checkOne(FoldScheme scheme, SpectralFilter filter, Matrix a, SketchSelection.Result result) {
        for (int f = 0; f < scheme.validationFolds(); f++) {
            int fold = f;
            int[] train = java.util.stream.IntStream.range(0, N).filter(i -> scheme.groupOf(i) != fold).toArray();
            int[] valid = java.util.stream.IntStream.range(0, N).filter(i -> scheme.groupOf(i) == fold).toArray();
            Matrix xt = x.selectRows(train);
            Matrix gram = SolveFixtures.kronecker(sketched(xt, xt), a);
            double sMax = la.eigenvaluesSymmetric(gram.copy().symmetrize())[0] / train.length;
            for (int j = 0; j < filter.pathLength(); j++) {
                Matrix c = SolveFixtures.denseFilter(gram, y.selectRows(train), filter, j, sMax);
                Matrix predicted = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(
                        sketched(x.selectRows(valid), xt), c), a);
                SquaredErrors expected = SquaredErrors.of(y.selectRows(valid), predicted);
                for (int col = 0; col < D; col++) {
                    assertThat(result.validation()[f][j].squaredErrors()[col]).as("fold %d point %d", f, j)
                            .isCloseTo(expected.squaredErrors()[col],
                                    org.assertj.core.data.Offset.offset(1e-8 * (1 + expected.squaredErrors()[col])));
                }
            }
        }
        Matrix xTest = TestMatrices.random(7, 2, 13);
        Matrix all = SolveFixtures.kronecker(sketched(x, x), a);
        double sMax = la.eigenvaluesSymmetric(all.copy().symmetrize())[0] / N;
        for (int j = 0; j < filter.pathLength(); j++) {
            Matrix c = SolveFixtures.denseFilter(all, y, filter, j, sMax);
            Matrix expected = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(sketched(xTest, x), c), a);
            TestMatrices.assertClose(expected, TestMatrices.naiveMultiply(features.features(xTest),
                    result.weights()[j]), 1e-8);
        }
    }

    @Test
    void kFoldErrorsOfEveryPathPointEqualTheNaiveRefits() {
        check(FoldScheme.kFold(3, 5), new SolveFixtures.Tikhonov(1e-4, 1e-2, 0.3));
        check(FoldScheme.kFold(4, 6), new SolveFixtures.Landweber(12));
    }

    @Test
    void iteratedTikhonovOnTheRidgeRouteEqualsTheNaiveRefits() {
        check(FoldScheme.kFold(3, 5), new SolveFixtures.IteratedTikhonov(3, new SolveFixtures.Tikhonov(1e-3, 3e-2)));
    }

    @Test
    void severalOutputMatricesFromTheSameSumsEqualTheNaiveRefitsOfEach() {
        List<Matrix> outputMatrices = List.of(a, Matrix.identity(D), SolveFixtures.commonSimilarity(D, 0.8));
        assertThat(SketchSolve.inBasis(3, 3, D, features.size())).isTrue();
        assertThat(SketchSolve.inBasis(1, 3, D, features.size())).isFalse();
        check(FoldScheme.kFold(3, 5), new SolveFixtures.Tikhonov(1e-4, 1e-2, 0.3), outputMatrices);
        check(FoldScheme.kFold(4, 6), new SolveFixtures.Landweber(12), outputMatrices);
        check(FoldScheme.holdOut(0.3, 7), new SolveFixtures.Tsvd(1e-3, 1e-1), outputMatrices);
    }

    @Test
    void holdOutAndTruncatedSvdToo() {
        check(FoldScheme.holdOut(0.3, 7), new SolveFixtures.Tsvd(1e-3, 1e-1));
    }

    @Test
    void anEmptyFoldIsAClearError() {
        FoldScheme scheme = FoldScheme.kFold(3, 1);
        BlockAccumulator accumulator = new BlockAccumulator(features, scheme, D, la, 16, new StreamTimings());
        accumulator.add(0, x.rowRange(0, 2), y.rowRange(0, 2));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SketchSelection.solve(accumulator.aggregates(),
                scheme, Whitening.of(features.metric(), features.size(), la), OutputSpectrum.identity(D),
                new SolveFixtures.Tikhonov(0.1), la)).hasMessageContaining("has no rows");
    }
}
