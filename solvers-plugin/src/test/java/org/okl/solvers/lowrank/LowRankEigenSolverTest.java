package org.okl.solvers.lowrank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.core.solve.PredictorCodec;
import org.okl.linalg.expansion.SketchExpansion;
import org.okl.solvers.separable.SeparableSolver;
import org.okl.testkit.SolveFixtures.FixedSeparable;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.SolveFixtures.Landweber;
import org.okl.testkit.SolveFixtures.Tikhonov;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

class LowRankEigenSolverTest {
    private static final int N = 25;
    private static final int D = 3;
    private final Gaussian kernel = new Gaussian(0.4);
    private final Matrix x = TestMatrices.random(N, 2, 31);
    private final Matrix xTest = TestMatrices.random(6, 2, 32);
    private final Matrix y = SolveFixtures.targets(x, D, 33);
    private final Matrix a = SolveFixtures.commonSimilarity(D, 0.5);

    private RegressionProblem problem(FittedOutputEmbedding embedding, Matrix outputMatrix, SpectralFilter filter,
            ComponentSpec approximation) {
        return new RegressionProblem(x, kernel, new FixedSeparable(outputMatrix), embedding, filter, List.of(),
                Optional.empty(), Optional.empty(), Optional.ofNullable(approximation), TestContext.active());
    }

    @Test
    void nystromWithEveryPointEqualsTheExactSolution() {
        for (String sampling : new String[] {"uniform", "leverage"}) {
            for (SpectralFilter filter : new SpectralFilter[] {new Tikhonov(1e-3, 0.1), new Landweber(20)}) {
                Matrix[] exact = new SeparableSolver().fit(problem(SolveFixtures.explicit(y), a, filter, null))
                        .predictAll(xTest);
                RegressionProblem approximated = problem(SolveFixtures.explicit(y), a, filter,
                        ComponentSpec.of("nystrom", "rank", N, "sampling", sampling));
                assertThat(new LowRankEigenSolver(0).supports(approximated)).isTrue();
                RegressionPath path = new LowRankEigenSolver(0).fit(approximated);
                Matrix[] all = path.predictAll(xTest);
                for (int j = 0; j < exact.length; j++) {
                    TestMatrices.assertClose(exact[j], all[j], 1e-8);
                    TestMatrices.assertClose(exact[j], path.at(j).predict(xTest), 1e-8);
                }
            }
        }
    }

    @Test
    void nystromImplicitEmbeddingWithEveryPointEqualsKernelRidge() {
        RegressionPath path = new LowRankEigenSolver(0).fit(problem(SolveFixtures.implicit(Matrix.identity(N)), null,
                new Tikhonov(1e-2), ComponentSpec.of("nystrom", "rank", N)));
        Matrix weights = TestMatrices.naiveSolve(kernel.gram(x).addToDiagonal(N * 1e-2), Matrix.identity(N));
        TestMatrices.assertClose(TestMatrices.naiveMultiply(kernel.gram(xTest, x), weights),
                path.predictAll(xTest)[0], 1e-8);
    }

    @Test
    void nystromWithFewLandmarksEqualsTheDenseSolveOnTheNystromKernel() {
        int m = 8;
        RegressionPath path = new LowRankEigenSolver(0).fit(problem(SolveFixtures.explicit(y), null, new Tikhonov(1e-2),
                ComponentSpec.of("nystrom", "rank", m, "sampling", "uniform")));
        Predictor predictor = path.at(0);
        Matrix landmarks = predictor.arrays().get("landmarks");
        assertThat(landmarks.rows()).isEqualTo(m);
        // k~(a, b) = k(a, L) k(L, L)^-1 k(L, b)
        Matrix kll = kernel.gram(landmarks);
        Matrix approx = TestMatrices.naiveMultiply(kernel.gram(x, landmarks),
                TestMatrices.naiveSolve(kll, kernel.gram(landmarks, x)));
        Matrix approxTest = TestMatrices.naiveMultiply(kernel.gram(xTest, landmarks),
                TestMatrices.naiveSolve(kll, kernel.gram(landmarks, x)));
        Matrix c = TestMatrices.naiveSolve(approx.addToDiagonal(N * 1e-2), y);
        TestMatrices.assertClose(TestMatrices.naiveMultiply(approxTest, c), path.predictAll(xTest)[0], 1e-8);
        TestMatrices.assertClose(TestMatrices.naiveMultiply(approxTest, c), predictor.predict(xTest), 1e-8);
    }

    @Test
    void fourierFeaturesEqualTheDenseSolveOnTheFeatureKernelAndRoundTrip() {
        RegressionPath path = new LowRankEigenSolver(0).fit(problem(SolveFixtures.explicit(y), a, new Tikhonov(1e-2),
                ComponentSpec.of("fourier", "features", 40)));
        Predictor predictor = path.at(0);
        Map<String, Matrix> arrays = predictor.arrays();
        Matrix omega = arrays.get("frequencies");
        double[] b = arrays.get("phases").data();
        Matrix z = features(x, omega, b);
        Matrix zTest = features(xTest, omega, b);
        Matrix gram = SolveFixtures.kronecker(TestMatrices.naiveMultiply(z, false, z, true), a);
        Matrix c = SolveFixtures.denseTikhonov(gram, y, 1e-2);
        Matrix expected = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(
                TestMatrices.naiveMultiply(zTest, false, z, true), c), a);
        TestMatrices.assertClose(expected, path.predictAll(xTest)[0], 1e-9);
        TestMatrices.assertClose(expected, predictor.predict(xTest), 1e-9);
        for (String type : new String[] {SketchExpansion.TYPE, SketchExpansion.FOURIER_TYPE}) {
            Predictor restored = PredictorCodec.restore(type, arrays, new PredictionEnvironment(kernel,
                    new FixedSeparable(a), Optional.of(new FourierSketch(40)), TestContext.active()));
            TestMatrices.assertClose(expected, restored.predict(xTest), 1e-9);
        }
    }

    @Test
    void moreFourierFeaturesThanSamplesGiveTheSameDenseSolve() {
        RegressionPath path = new LowRankEigenSolver(0).fit(problem(SolveFixtures.explicit(y), a,
                new SolveFixtures.Tsvd(1e-3), ComponentSpec.of("fourier", "features", 60)));
        Map<String, Matrix> arrays = path.at(0).arrays();
        Matrix z = features(x, arrays.get("frequencies"), arrays.get("phases").data());
        Matrix zTest = features(xTest, arrays.get("frequencies"), arrays.get("phases").data());
        Matrix gram = SolveFixtures.kronecker(TestMatrices.naiveMultiply(z, false, z, true), a);
        double sMax = TestContext.active().linearAlgebra().eigenvaluesSymmetric(gram)[0] / N;
        Matrix c = SolveFixtures.denseFilter(gram, y, new SolveFixtures.Tsvd(1e-3), 0, sMax);
        Matrix expected = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(
                TestMatrices.naiveMultiply(zTest, false, z, true), c), a);
        TestMatrices.assertClose(expected, path.predictAll(xTest)[0], 1e-9);
        TestMatrices.assertClose(expected, path.at(0).predict(xTest), 1e-9);
    }

    @Test
    void fourierFeaturesApproximateTheKernel() {
        Gaussian wide = new Gaussian(1.0);
        FourierFeatures features = FourierFeatures.sample(wide, 2, 20000, new java.util.Random(5),
                TestContext.active().linearAlgebra());
        Matrix z = features.features(x);
        Matrix approx = TestMatrices.naiveMultiply(z, false, z, true);
        assertThat(approx.maxAbsDifference(wide.gram(x))).isLessThan(0.05);
    }

    private static Matrix features(Matrix x, Matrix omega, double[] b) {
        int r = b.length;
        Matrix z = Matrix.zeros(x.rows(), r);
        for (int i = 0; i < x.rows(); i++) {
            for (int j = 0; j < r; j++) {
                double s = b[j];
                for (int c = 0; c < x.cols(); c++) {
                    s += x.get(i, c) * omega.get(c, j);
                }
                z.set(i, j, Math.sqrt(2.0 / r) * Math.cos(s));
            }
        }
        return z;
    }

    @Test
    void samplingIsReproducibleFromTheSeed() {
        ComponentSpec spec = ComponentSpec.of("nystrom", "rank", 7, "sampling", "leverage");
        Matrix first = new LowRankEigenSolver(0).fit(problem(SolveFixtures.explicit(y), null, new Tikhonov(0.1), spec))
                .at(0).arrays().get("landmarks");
        Matrix second = new LowRankEigenSolver(0).fit(problem(SolveFixtures.explicit(y), null, new Tikhonov(0.1), spec))
                .at(0).arrays().get("landmarks");
        assertThat(first.maxAbsDifference(second)).isZero();
    }

    @Test
    void badApproximationParametersAreReported() {
        assertThatThrownBy(() -> new LowRankEigenSolver(0).fit(problem(SolveFixtures.explicit(y), null, new Tikhonov(0.1),
                ComponentSpec.of("nystrom", "rank", 0))))
                .hasMessageContaining("nystrom: parameter 'rank'");
        assertThatThrownBy(() -> new LowRankEigenSolver(0).fit(problem(SolveFixtures.explicit(y), null, new Tikhonov(0.1),
                ComponentSpec.of("nystrom", "sampling", "greedy"))))
                .hasMessageContaining("nystrom: parameter 'sampling'");
    }
}
