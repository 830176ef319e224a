package org.okl.solvers.separable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.okl.testkit.SolveFixtures.kronecker;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.linalg.expansion.EigenPath;
import org.okl.testkit.SolveFixtures.FixedSeparable;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.SolveFixtures.Landweber;
import org.okl.testkit.SolveFixtures.Tikhonov;
import org.okl.testkit.SolveFixtures.Tsvd;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

class SeparableSolverTest {
    private static final int N = 30;
    private static final int D = 4;
    private final Gaussian kernel = new Gaussian(1.2);
    private final Matrix x = TestMatrices.random(N, 3, 1);
    private final Matrix xTest = TestMatrices.random(7, 3, 2);
    private final Matrix y = SolveFixtures.targets(x, D, 3);
    private final Matrix a = SolveFixtures.randomOutputMatrix(D, 4);
    private final Matrix blockGram = kronecker(kernel.gram(x), a);

    private RegressionPath fit(Matrix targets, SpectralFilter filter) {
        return new SeparableSolver().fit(SolveFixtures.problem(x, kernel, new FixedSeparable(a),
                SolveFixtures.explicit(targets), filter));
    }

    /** Predictions k_* C A of dense coefficients. */
    private Matrix predict(Matrix c) {
        return TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(kernel.gram(xTest, x), c), a);
    }

    @Test
    void tikhonovPathEqualsTheDenseKroneckerSolve() {
        double[] lambdas = {1e-4, 1e-2, 0.3};
        RegressionPath path = fit(y, new Tikhonov(lambdas));
        Matrix[] all = path.predictAll(xTest);
        assertThat(path.length()).isEqualTo(3);
        assertThat(path).as("a short Tikhonov path takes the tridiagonal route").isInstanceOf(CoefficientPath.class);
        for (int j = 0; j < lambdas.length; j++) {
            Matrix dense = SolveFixtures.denseTikhonov(blockGram, y, lambdas[j]);
            TestMatrices.assertClose(dense, ((CoefficientPath) path).coefficientsAt(j), 1e-10);
            TestMatrices.assertClose(predict(dense), all[j], 1e-10);
            TestMatrices.assertClose(predict(dense), path.at(j).predict(xTest), 1e-10);
        }
    }

    @Test
    void truncatedSvdEqualsTheDenseEigenFilter() {
        Tsvd filter = new Tsvd(1e-3, 0.05);
        RegressionPath path = fit(y, filter);
        Matrix[] all = path.predictAll(xTest);
        for (int j = 0; j < 2; j++) {
            Matrix dense = SolveFixtures.denseFilter(blockGram, y, filter, j, 0);
            TestMatrices.assertClose(dense, ((EigenPath) path).coefficientsAt(j), 1e-9);
            TestMatrices.assertClose(predict(dense), all[j], 1e-9);
        }
    }

    @Test
    void landweberRunsMatrixFreeAndEqualsTheDenseIteration() {
        Landweber filter = new Landweber(25);
        RegressionPath path = fit(y, filter);
        double sMax = TestContext.active().linearAlgebra().eigenvaluesSymmetric(blockGram)[0] / N;
        Matrix[] all = path.predictAll(xTest);
        assertThat(path.length()).isEqualTo(25);
        for (int j : new int[] {0, 9, 24}) {
            Matrix dense = SolveFixtures.denseFilter(blockGram, y, filter, j, sMax);
            TestMatrices.assertClose(dense, ((CoefficientPath) path).coefficientsAt(j), 1e-10);
            TestMatrices.assertClose(predict(dense), all[j], 1e-10);
        }
    }

    @Test
    void longLandweberPathsTakeTheEigenRoute() {
        Landweber filter = new Landweber(400);
        RegressionPath path = fit(y, filter);
        assertThat(path).isInstanceOf(EigenPath.class);
        double sMax = TestContext.active().linearAlgebra().eigenvaluesSymmetric(blockGram)[0] / N;
        Matrix[] all = path.predictAll(xTest);
        for (int j : new int[] {0, 57, 399}) {
            Matrix dense = SolveFixtures.denseFilter(blockGram, y, filter, j, sMax);
            TestMatrices.assertClose(dense, ((EigenPath) path).coefficientsAt(j), 1e-10);
            TestMatrices.assertClose(predict(dense), all[j], 1e-10);
        }
    }

    @Test
    void implicitEmbeddingWithIdentityIsKernelRidgeOnTheDictionary() {
        double lambda = 1e-2;
        RegressionPath path = new SeparableSolver().fit(SolveFixtures.problem(x, kernel, new FixedSeparable(null),
                SolveFixtures.implicit(Matrix.identity(N)), new Tikhonov(lambda)));
        assertThat(path).as("an implicit embedding keeps the eigen route").isInstanceOf(EigenPath.class);
        Matrix weights = TestMatrices.naiveSolve(kernel.gram(x).addToDiagonal(N * lambda), Matrix.identity(N));
        Matrix expected = TestMatrices.naiveMultiply(kernel.gram(xTest, x), weights);
        TestMatrices.assertClose(expected, path.predictAll(xTest)[0], 1e-10);
        TestMatrices.assertClose(expected, path.at(0).predict(xTest), 1e-10);
    }

    @Test
    void implicitEmbeddingWithIterativeFilterUsesTheEigenRoute() {
        Landweber filter = new Landweber(12);
        RegressionPath path = new SeparableSolver().fit(SolveFixtures.problem(x, kernel, new FixedSeparable(null),
                SolveFixtures.implicit(Matrix.identity(N)), filter));
        Matrix k = kernel.gram(x);
        double sMax = TestContext.active().linearAlgebra().eigenvaluesSymmetric(k)[0] / N;
        Matrix dense = Matrix.zeros(N, N);
        for (int c = 0; c < N; c++) {
            Matrix column = SolveFixtures.denseFilter(k, Matrix.identity(N).columnRange(c, c + 1), filter, 11, sMax);
            System.arraycopy(column.data(), 0, dense.data(), c * N, N);
        }
        TestMatrices.assertClose(TestMatrices.naiveMultiply(kernel.gram(xTest, x), dense),
                path.predictAll(xTest)[11], 1e-10);
    }

    @Test
    void implicitEmbeddingRejectsAnOperatorOtherThanIdentity() {
        RegressionProblem problem = SolveFixtures.problem(x, kernel,
                new FixedSeparable(SolveFixtures.commonSimilarity(N, 0.5)), SolveFixtures.implicit(
                        Matrix.identity(N)), new Tikhonov(1e-2));
        assertThatThrownBy(() -> new SeparableSolver().fit(problem))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("identity");
    }

    private Matrix withMissing() {
        Matrix masked = y.copy();
        int[][] missing = {{0, 1}, {3, 0}, {3, 2}, {7, 3}, {12, 1}, {20, 0}, {29, 3}};
        for (int[] m : missing) {
            masked.set(m[0], m[1], Double.NaN);
        }
        return masked;
    }

    @Test
    void maskedTikhonovEqualsTheDenseMaskedNormalEquations() {
        Matrix masked = withMissing();
        double[] lambdas = {1e-3, 0.1};
        RegressionPath path = fit(masked, new Tikhonov(lambdas));
        for (int j = 0; j < 2; j++) {
            Matrix dense = denseMaskedTikhonov(masked, lambdas[j]);
            TestMatrices.assertClose(dense, ((CoefficientPath) path).coefficientsAt(j), 1e-9);
            TestMatrices.assertClose(predict(dense), path.predictAll(xTest)[j], 1e-9);
        }
    }

    /** The masked normal equations (P (k ⊗ A) P + n·lambda·I) c = P y over the observed entries, solved densely. */
    private Matrix denseMaskedTikhonov(Matrix masked, double lambda) {
        int[] observed = java.util.stream.IntStream.range(0, N * D)
                .filter(q -> !Double.isNaN(masked.get(q / D, q % D))).toArray();
        Matrix system = blockGram.selectRows(observed).selectColumns(observed).addToDiagonal(N * lambda);
        Matrix rhs = Matrix.zeros(observed.length, 1);
        for (int q = 0; q < observed.length; q++) {
            rhs.data()[q] = masked.get(observed[q] / D, observed[q] % D);
        }
        Matrix solved = TestMatrices.naiveSolve(system, rhs);
        Matrix c = Matrix.zeros(N, D);
        for (int q = 0; q < observed.length; q++) {
            c.set(observed[q] / D, observed[q] % D, solved.data()[q]);
        }
        return c;
    }

    @Test
    void heavilyMaskedTikhonovWithASmallLambdaStillMatches() {
        Matrix masked = y.copy();
        java.util.Random random = new java.util.Random(8);
        for (int q = 0; q < masked.data().length; q++) {
            if (random.nextDouble() < 0.4) {
                masked.data()[q] = Double.NaN;
            }
        }
        RegressionPath path = fit(masked, new Tikhonov(1e-6, 1e-3));
        TestMatrices.assertClose(denseMaskedTikhonov(masked, 1e-6), ((CoefficientPath) path).coefficientsAt(0), 1e-8);
        TestMatrices.assertClose(denseMaskedTikhonov(masked, 1e-3), ((CoefficientPath) path).coefficientsAt(1), 1e-9);
    }

    @Test
    void maskedLandweberEqualsTheDenseMaskedFilter() {
        Matrix masked = withMissing();
        Landweber filter = new Landweber(30);
        RegressionPath path = fit(masked, filter);
        double sMax = TestContext.active().linearAlgebra().eigenvaluesSymmetric(blockGram)[0] / N;
        Matrix dense = SolveFixtures.denseFilter(blockGram, masked, filter, 29, sMax);
        TestMatrices.assertClose(dense, ((CoefficientPath) path).coefficientsAt(29), 1e-10);
    }

    @Test
    void maskedTargetsWithTruncatedSvdFailNamingTheFiltersThatWork() {
        assertThatThrownBy(() -> fit(withMissing(), new Tsvd(1e-2)))
                .isInstanceOfSatisfying(org.okl.api.error.OklException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(org.okl.api.error.ErrorCode.INVALID_DATA))
                .hasMessageContaining("the filter tsvd needs an eigendecomposition")
                .hasMessageContaining("tikhonov, iterated-tikhonov, landweber, nu-method");
    }

    @Test
    void outputCouplingReplacesTheIdentityMatrix() {
        RegressionProblem coupled = new RegressionProblem(x, kernel, new FixedSeparable(null),
                SolveFixtures.explicit(y), new Tikhonov(1e-2), List.of(SolveFixtures.coupling(a)),
                Optional.empty(), Optional.empty(), Optional.empty(), TestContext.active());
        Matrix dense = SolveFixtures.denseTikhonov(blockGram, y, 1e-2);
        TestMatrices.assertClose(predict(dense), new SeparableSolver().fit(coupled).predictAll(xTest)[0], 1e-10);
    }

    @Test
    void outputCouplingOnANonIdentityOperatorIsAnError() {
        RegressionProblem coupled = new RegressionProblem(x, kernel, new FixedSeparable(a),
                SolveFixtures.explicit(y), new Tikhonov(1e-2), List.of(SolveFixtures.coupling(a)),
                Optional.empty(), Optional.empty(), Optional.empty(), TestContext.active());
        assertThatThrownBy(() -> new SeparableSolver().fit(coupled))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must then be the identity");
    }
}
