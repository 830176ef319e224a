package org.okl.solvers.separable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.okl.testkit.SolveFixtures.kronecker;
import static org.okl.testkit.TestMatrices.assertClose;
import static org.okl.testkit.TestMatrices.naiveMultiply;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.linalg.LinearAlgebras;
import org.okl.linalg.expansion.EigenPath;
import org.okl.testkit.SolveFixtures.FixedSeparable;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.SolveFixtures.Tikhonov;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * The tridiagonal Tikhonov route against the dense (nd x nd) Kronecker solve and against the eigen route, on both
 * back-ends, for the identity and a coupling output matrix, over lambdas from 1e-10 to 100.
 */
class TridiagonalRidgeTest {
    private static final int N = 30;
    private static final int D = 4;
    private static final double[] LAMBDAS = {1e-10, 1e-6, 1e-3, 1, 100};
    private final Matrix x = TestMatrices.random(N, 3, 1);
    private final Matrix xTest = TestMatrices.random(7, 3, 2);
    private final Matrix y = SolveFixtures.targets(x, D, 3);

    static Stream<Arguments> backendsAndOutputMatrices() {
        return Stream.of("java", "native").flatMap(b -> Stream.of(Arguments.of(b, false), Arguments.of(b, true)));
    }

    private static LinearAlgebra backend(String name) {
        if (name.equals("java")) {
            return LinearAlgebras.java();
        }
        Optional<LinearAlgebra> nativeBackend = LinearAlgebras.nativeBackend();
        assumeThat(nativeBackend).as("native BLAS/LAPACK available").isPresent();
        return nativeBackend.get();
    }

    private static Matrix outputMatrix(boolean coupled) {
        return coupled ? SolveFixtures.randomOutputMatrix(D, 4) : Matrix.identity(D);
    }

    private RegressionPath fit(LinearAlgebra la, Gaussian kernel, Matrix a, SpectralFilter filter) {
        return new SeparableSolver().fit(new RegressionProblem(x, kernel, new FixedSeparable(a),
                SolveFixtures.explicit(y), filter, List.of(), Optional.empty(), Optional.empty(), Optional.empty(),
                TestContext.of(la)));
    }

    /** The lambdas followed by enough extra points that L·d > n sends the solver down the eigen route. */
    private static double[] paddedForTheEigenRoute() {
        double[] padded = Arrays.copyOf(LAMBDAS, N / D + 1);
        for (int j = LAMBDAS.length; j < padded.length; j++) {
            padded[j] = 0.5 * j;
        }
        return padded;
    }

    @ParameterizedTest(name = "{0} coupled A={1}")
    @MethodSource("backendsAndOutputMatrices")
    void coefficientsEqualTheDenseKroneckerSolveAndTheEigenRoute(String name, boolean coupled) {
        LinearAlgebra la = backend(name);
        Gaussian kernel = new Gaussian(0.3);
        Matrix a = outputMatrix(coupled);
        Matrix blockGram = kronecker(kernel.gram(x), a);
        RegressionPath path = fit(la, kernel, a, new Tikhonov(LAMBDAS));
        RegressionPath eigen = fit(la, kernel, a, new Tikhonov(paddedForTheEigenRoute()));
        assertThat(path).isInstanceOf(CoefficientPath.class);
        assertThat(eigen).isInstanceOf(EigenPath.class);
        Matrix[] predictions = path.predictAll(xTest);
        Matrix crossGram = kernel.gram(xTest, x);
        for (int j = 0; j < LAMBDAS.length; j++) {
            Matrix dense = SolveFixtures.denseTikhonov(blockGram, y, LAMBDAS[j]);
            Matrix c = ((CoefficientPath) path).coefficientsAt(j);
            assertClose(dense, c, 1e-10);
            assertClose(((EigenPath) eigen).coefficientsAt(j), c, 1e-10);
            Matrix expected = naiveMultiply(naiveMultiply(crossGram, dense), a);
            assertClose(expected, predictions[j], 1e-10);
            assertClose(expected, path.at(j).predict(xTest), 1e-10);
        }
    }

    /**
     * With a wide kernel k is numerically singular, so for tiny lambdas the coefficients are as ill-conditioned as
     * the problem; the route must still solve its equations to round-off: {@code k C A + n·lambda·C = Y}.
     */
    @ParameterizedTest(name = "{0} coupled A={1}")
    @MethodSource("backendsAndOutputMatrices")
    void illConditionedGramsAreSolvedToRoundOff(String name, boolean coupled) {
        LinearAlgebra la = backend(name);
        Gaussian kernel = new Gaussian(1.5);
        Matrix a = outputMatrix(coupled);
        Matrix k = kernel.gram(x);
        RegressionPath path = fit(la, kernel, a, new Tikhonov(LAMBDAS));
        for (int j = 0; j < LAMBDAS.length; j++) {
            Matrix c = ((CoefficientPath) path).coefficientsAt(j);
            Matrix residual = naiveMultiply(naiveMultiply(k, c), a).plus(c.times(N * LAMBDAS[j])).minus(y);
            double scale = k.frobeniusNorm() * c.frobeniusNorm() * a.frobeniusNorm() + y.frobeniusNorm();
            assertThat(residual.frobeniusNorm() / scale).as("relative residual at lambda %s", LAMBDAS[j])
                    .isLessThan(1e-13);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void iteratedTikhonovRepeatsTheDenseSolve(String name) {
        LinearAlgebra la = backend(name);
        Gaussian kernel = new Gaussian(0.8);
        Matrix a = outputMatrix(true);
        Matrix system = kronecker(kernel.gram(x), a);
        double[] lambdas = {1e-3, 0.1};
        RegressionPath path = fit(la, kernel, a, new SolveFixtures.IteratedTikhonov(3, new Tikhonov(lambdas)));
        assertThat(path).isInstanceOf(CoefficientPath.class);
        for (int j = 0; j < lambdas.length; j++) {
            double shift = N * lambdas[j];
            Matrix dense = Matrix.zeros(N, D);
            for (int i = 0; i < 3; i++) {
                Matrix rhs = y.plus(dense.times(shift));
                dense = SolveFixtures.fromPointMajor(TestMatrices.naiveSolve(system.copy().addToDiagonal(shift),
                        SolveFixtures.pointMajor(rhs)), N, D);
            }
            assertClose(dense, ((CoefficientPath) path).coefficientsAt(j), 1e-10);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void theRouteAppliesOnlyWhileItsBackTransformationCostsLessThanEigenvectors(String name) {
        assertThat(TridiagonalRidge.applies(4000, 30, 20)).isTrue();
        assertThat(TridiagonalRidge.applies(30, 7, 4)).isTrue();
        assertThat(TridiagonalRidge.applies(30, 8, 4)).isFalse();
        LinearAlgebra la = backend(name);
        assertThat(fit(la, new Gaussian(1.0), null, new Tikhonov(paddedForTheEigenRoute())))
                .isInstanceOf(EigenPath.class);
    }
}
