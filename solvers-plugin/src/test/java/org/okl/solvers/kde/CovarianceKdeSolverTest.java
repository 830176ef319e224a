package org.okl.solvers.kde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.okl.solvers.kde.SolverTestDoubles.gaussian;
import static org.okl.solvers.kde.SolverTestDoubles.kron;
import static org.okl.solvers.kde.SolverTestDoubles.maxAbs;
import static org.okl.solvers.kde.SolverTestDoubles.unvec;
import static org.okl.solvers.kde.SolverTestDoubles.vec;
import static org.okl.testkit.TestMatrices.naiveMultiply;
import static org.okl.testkit.TestMatrices.naiveSolve;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputCovarianceKernel;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.core.solve.PredictorCodec;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * The covariance KDE against the n^2 x n^2 Kronecker system of Kadri et al. (eq. 8), iterated filters against their
 * recurrences on that system, the low-rank route against the exact one and against the paper's eq. 15, and the
 * linear-output-kernel case against separable Tikhonov.
 */
class CovarianceKdeSolverTest {
    private static final int N = 20;
    private static final double EPSILON = 0.05;
    private static final List<Double> LAMBDAS = List.of(1e-3, 1e-2, 0.3);

    private final ComponentContext context = TestContext.active();
    private final VectorKernel kernel = gaussian(1.2);
    private final Matrix inputs = TestMatrices.random(N, 3, 1);
    private final Matrix tests = TestMatrices.random(7, 3, 2);
    private final Matrix outputs = TestMatrices.random(N, 4, 3);
    private final Matrix outputGram = gaussian(1.0).gram(outputs);

    private static OutputCovarianceKernel operator(boolean conditional) {
        return new OutputCovarianceKernel() {
            @Override
            public boolean conditional() {
                return conditional;
            }

            @Override
            public double epsilon() {
                return EPSILON;
            }
        };
    }

    private RegressionProblem problem(boolean conditional, FittedOutputEmbedding embedding, SpectralFilter filter,
            ComponentSpec approximation) {
        return new RegressionProblem(inputs, kernel, operator(conditional), embedding, filter, List.of(),
                Optional.empty(), Optional.empty(), Optional.ofNullable(approximation), context);
    }

    private RegressionPath fit(boolean conditional, SpectralFilter filter, ComponentSpec approximation) {
        return new CovarianceKdeSolver().fit(
                problem(conditional, SolverTestDoubles.implicit(outputGram), filter, approximation));
    }

    /** T = L, or P L with P = n eps (k + n eps I)^-1, for the given k and L. */
    private static Matrix operatorMatrix(Matrix k, Matrix l, boolean conditional) {
        if (!conditional) {
            return l;
        }
        Matrix shifted = k.copy().addToDiagonal(N * EPSILON);
        Matrix p = naiveSolve(shifted, Matrix.identity(N)).times(N * EPSILON);
        return naiveMultiply(p, l);
    }

    /** alpha of (k ⊗ T + n^2 lambda I) vec(alpha) = vec(rhs). */
    private static Matrix kroneckerSolve(Matrix k, Matrix t, double lambda, Matrix rhs) {
        Matrix big = kron(k, t).addToDiagonal((double) N * N * lambda);
        return unvec(naiveSolve(big, vec(rhs)), N, N);
    }

    /** H = k_* (T alpha)^T. */
    private Matrix weights(Matrix t, Matrix alpha) {
        return naiveMultiply(kernel.gram(tests, inputs), false, naiveMultiply(t, alpha), true);
    }

    private static void assertRelativelyClose(Matrix expected, Matrix actual, double tolerance) {
        assertThat(actual.rows()).isEqualTo(expected.rows());
        assertThat(actual.cols()).isEqualTo(expected.cols());
        assertThat(actual.maxAbsDifference(expected)).isLessThanOrEqualTo(tolerance * maxAbs(expected));
    }

    private void assertTikhonovEqualsKronecker(boolean conditional) {
        RegressionPath path = fit(conditional, SolverTestDoubles.tikhonov(LAMBDAS), null);
        Matrix k = kernel.gram(inputs);
        Matrix t = operatorMatrix(k, outputGram, conditional);
        Matrix[] all = path.predictAll(tests);
        assertThat(path.length()).isEqualTo(LAMBDAS.size());
        for (int j = 0; j < LAMBDAS.size(); j++) {
            Matrix expected = weights(t, kroneckerSolve(k, t, LAMBDAS.get(j), Matrix.identity(N)));
            assertRelativelyClose(expected, all[j], 1e-9);
            assertRelativelyClose(expected, path.at(j).predict(tests), 1e-9);
        }
    }

    @Test
    void covarianceTikhonovPathEqualsKroneckerSolves() {
        assertTikhonovEqualsKronecker(false);
    }

    @Test
    void conditionalCovarianceTikhonovPathEqualsKroneckerSolves() {
        assertTikhonovEqualsKronecker(true);
    }

    private void assertIteratedTikhonovEqualsRecurrence(boolean conditional) {
        RegressionPath path = fit(conditional, SolverTestDoubles.iteratedTikhonov(LAMBDAS, 3), null);
        Matrix k = kernel.gram(inputs);
        Matrix t = operatorMatrix(k, outputGram, conditional);
        Matrix[] all = path.predictAll(tests);
        for (int j = 0; j < LAMBDAS.size(); j++) {
            double shift = (double) N * N * LAMBDAS.get(j);
            Matrix alpha = Matrix.zeros(N, N);
            for (int i = 0; i < 3; i++) {
                alpha = kroneckerSolve(k, t, LAMBDAS.get(j), Matrix.identity(N).plus(alpha.times(shift)));
            }
            assertRelativelyClose(weights(t, alpha), all[j], 1e-8);
        }
    }

    @Test
    void iteratedTikhonovEqualsItsRecurrenceOnTheKroneckerSystem() {
        assertIteratedTikhonovEqualsRecurrence(false);
        assertIteratedTikhonovEqualsRecurrence(true);
    }

    /** The largest eigenvalue of a matrix with a real non-negative spectrum, by power iteration. */
    private static double largestEigenvalue(Matrix m) {
        Matrix v = TestMatrices.random(m.rows(), 1, 99);
        double estimate = 0;
        for (int i = 0; i < 3000; i++) {
            Matrix next = naiveMultiply(m, v);
            double norm = next.frobeniusNorm();
            double previous = estimate;
            estimate = norm / v.frobeniusNorm();
            v = next.times(1 / norm);
            if (Math.abs(estimate - previous) <= 1e-15 * estimate) {
                break;
            }
        }
        return estimate;
    }

    private void assertLandweberEqualsIteration(boolean conditional) {
        int iterations = 4;
        RegressionPath path = fit(conditional, SolverTestDoubles.landweber(iterations), null);
        Matrix k = kernel.gram(inputs);
        Matrix t = operatorMatrix(k, outputGram, conditional);
        Matrix normalised = kron(k, t).times(1.0 / ((double) N * N));
        double sMax = largestEigenvalue(normalised);
        Matrix c = Matrix.zeros(N * N, 1);
        Matrix y = vec(Matrix.identity(N));
        Matrix[] all = path.predictAll(tests);
        for (int i = 0; i < iterations; i++) {
            Matrix gammaC = naiveMultiply(normalised, c).times(N);
            c = c.plus(y.minus(gammaC).times(1.0 / (sMax * N)));
            Matrix alpha = unvec(c, N, N).times(1.0 / N);
            assertRelativelyClose(weights(t, alpha), all[i], 1e-9);
        }
    }

    @Test
    void landweberEqualsItsIterationOnGammaOverN() {
        assertLandweberEqualsIteration(false);
        assertLandweberEqualsIteration(true);
    }

    @Test
    void lowRankAtFullRankEqualsExact() {
        ComponentSpec full = ComponentSpec.of("incomplete-cholesky", "rank", N);
        for (boolean conditional : new boolean[] {false, true}) {
            for (SpectralFilter filter : List.of(SolverTestDoubles.tikhonov(LAMBDAS),
                    SolverTestDoubles.iteratedTikhonov(LAMBDAS, 2))) {
                Matrix[] exact = fit(conditional, filter, null).predictAll(tests);
                RegressionPath lowRank = fit(conditional, filter, full);
                Matrix[] approximate = lowRank.predictAll(tests);
                for (int j = 0; j < LAMBDAS.size(); j++) {
                    assertRelativelyClose(exact[j], approximate[j], 1e-7);
                    assertRelativelyClose(exact[j], lowRank.at(j).predict(tests), 1e-7);
                }
            }
        }
    }

    @Test
    void lowRankCovarianceEqualsThePapersEquation15() {
        int m1 = 6;
        int m2 = 4;
        RegressionPath path = fit(false, SolverTestDoubles.tikhonov(LAMBDAS),
                ComponentSpec.of("incomplete-cholesky", "rank", m1, "outputRank", m2));
        Matrix u1 = IncompleteCholesky.factor(IncompleteCholesky.of(kernel, inputs), m1, 0).factor();
        Matrix v1 = IncompleteCholesky.factor(IncompleteCholesky.of(outputGram), m2, 0).factor();
        assertThat(u1.cols()).isEqualTo(m1);
        assertThat(v1.cols()).isEqualTo(m2);
        Matrix lowL = naiveMultiply(v1, false, v1, true);
        Matrix[] all = path.predictAll(tests);
        for (int j = 0; j < LAMBDAS.size(); j++) {
            double nRho = (double) N * N * LAMBDAS.get(j);
            Matrix core = kron(naiveMultiply(u1, true, u1, false), naiveMultiply(v1, true, v1, false))
                    .addToDiagonal(nRho);
            Matrix x = unvec(naiveSolve(core, vec(naiveMultiply(v1, true, u1, false))), m2, m1);
            Matrix correction = naiveMultiply(naiveMultiply(naiveMultiply(lowL, v1), x), false, u1, true);
            Matrix w = lowL.minus(correction).times(1.0 / nRho);
            Matrix expected = naiveMultiply(kernel.gram(tests, inputs), false, w, true);
            assertRelativelyClose(expected, all[j], 1e-9);
        }
    }

    @Test
    void lowRankConditionalEqualsKroneckerSolveWithTheFactoredGrams() {
        int m1 = 7;
        int m2 = 5;
        RegressionPath path = fit(true, SolverTestDoubles.tikhonov(LAMBDAS),
                ComponentSpec.of("incomplete-cholesky", "rank", m1, "outputRank", m2));
        Matrix u1 = IncompleteCholesky.factor(IncompleteCholesky.of(kernel, inputs), m1, 0).factor();
        Matrix v1 = IncompleteCholesky.factor(IncompleteCholesky.of(outputGram), m2, 0).factor();
        Matrix lowK = naiveMultiply(u1, false, u1, true);
        Matrix t = operatorMatrix(lowK, naiveMultiply(v1, false, v1, true), true);
        Matrix[] all = path.predictAll(tests);
        for (int j = 0; j < LAMBDAS.size(); j++) {
            Matrix expected = weights(t, kroneckerSolve(lowK, t, LAMBDAS.get(j), Matrix.identity(N)));
            assertRelativelyClose(expected, all[j], 1e-9);
            assertRelativelyClose(expected, path.at(j).predict(tests), 1e-9);
        }
    }

    @Test
    void linearOutputKernelEqualsSeparableTikhonov() {
        Matrix y = outputs;
        int d = y.cols();
        Matrix k = kernel.gram(inputs);
        for (boolean conditional : new boolean[] {false, true}) {
            Matrix p = conditional
                    ? naiveSolve(k.copy().addToDiagonal(N * EPSILON), Matrix.identity(N)).times(N * EPSILON)
                    : Matrix.identity(N);
            Matrix a = naiveMultiply(naiveMultiply(y, true, p, false), y).times(1.0 / N);
            RegressionPath path = new CovarianceKdeSolver().fit(problem(conditional, SolverTestDoubles.explicit(y),
                    SolverTestDoubles.tikhonov(LAMBDAS), null));
            Matrix[] all = path.predictAll(tests);
            for (int j = 0; j < LAMBDAS.size(); j++) {
                Matrix big = kron(k, a).addToDiagonal(N * LAMBDAS.get(j));
                Matrix c = new Matrix(d, N, naiveSolve(big, vec(y.transpose())).data()).transpose();
                Matrix expected = naiveMultiply(naiveMultiply(kernel.gram(tests, inputs), c), a);
                assertRelativelyClose(expected, all[j], 1e-9);
                assertRelativelyClose(expected, path.at(j).predict(tests), 1e-9);
            }
        }
    }

    @Test
    void lowRankWithExplicitTargetsStopsAtTheOutputRankAndEqualsExact() {
        Matrix y = outputs;
        SpectralFilter filter = SolverTestDoubles.tikhonov(LAMBDAS);
        Matrix[] exact = new CovarianceKdeSolver().fit(problem(true, SolverTestDoubles.explicit(y), filter, null))
                .predictAll(tests);
        Matrix[] lowRank = new CovarianceKdeSolver().fit(problem(true, SolverTestDoubles.explicit(y), filter,
                ComponentSpec.of("incomplete-cholesky", "rank", N))).predictAll(tests);
        assertThat(IncompleteCholesky.factor(IncompleteCholesky.of(naiveMultiply(y, false, y, true)), N, 0).rank())
                .isEqualTo(y.cols());
        for (int j = 0; j < LAMBDAS.size(); j++) {
            assertRelativelyClose(exact[j], lowRank[j], 1e-7);
        }
    }

    @Test
    void lowRankPredictorIsFactoredAndRestoresFromItsArrays() {
        RegressionPath path = fit(true, SolverTestDoubles.tikhonov(LAMBDAS),
                ComponentSpec.of("incomplete-cholesky", "rank", 4, "outputRank", 3));
        Predictor predictor = path.at(1);
        assertThat(predictor.type()).isEqualTo(FactoredKernelExpansion.TYPE);
        Predictor restored = PredictorCodec.restore(predictor.type(), predictor.arrays(),
                new PredictionEnvironment(kernel, operator(true), java.util.Optional.empty(), context));
        assertRelativelyClose(predictor.predict(tests), restored.predict(tests), 1e-14);
        assertRelativelyClose(path.predictAll(tests)[1], restored.predict(tests), 1e-12);
    }

    @Test
    void rejectsAFilterThatIsNotFiniteOnTheSpectrum() {
        SpectralFilter singular = SolverTestDoubles.lambdaFilter(LAMBDAS, (s, lambda) -> 1.0 / s);
        assertThatThrownBy(() -> fit(false, singular, null))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("covariance: parameter 'filter'")
                .hasMessageContaining("must be finite");
    }

    @Test
    void rejectsOtherApproximationsAndBadSettings() {
        SpectralFilter filter = SolverTestDoubles.tikhonov(LAMBDAS);
        assertThatThrownBy(() -> fit(false, filter, ComponentSpec.of("nystrom", "rank", 5)))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'approximation' must be 'incomplete-cholesky'");
        assertThatThrownBy(() -> fit(false, filter, ComponentSpec.of("incomplete-cholesky", "rank", 0)))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("incomplete-cholesky: parameter 'rank' must be >= 1");
        assertThatThrownBy(() -> fit(false, filter, ComponentSpec.of("incomplete-cholesky", "rank", 2.5)))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("whole number");
        assertThatThrownBy(() -> fit(false, filter, ComponentSpec.of("incomplete-cholesky", "rank", 3, "tol", 1.0)))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'tol' is unknown");
    }

    @Test
    void supportsOnlyCovarianceOperators() {
        RegressionProblem covariance = problem(false, SolverTestDoubles.implicit(outputGram),
                SolverTestDoubles.tikhonov(LAMBDAS), null);
        RegressionProblem other = new RegressionProblem(inputs, kernel, new org.okl.api.operator.OperatorKernel() {
        }, SolverTestDoubles.implicit(outputGram), SolverTestDoubles.tikhonov(LAMBDAS), List.of(), Optional.empty(),
                Optional.empty(), Optional.empty(), context);
        assertThat(new CovarianceKdeSolver().supports(covariance)).isTrue();
        assertThat(new CovarianceKdeSolver().supports(other)).isFalse();
    }
}
