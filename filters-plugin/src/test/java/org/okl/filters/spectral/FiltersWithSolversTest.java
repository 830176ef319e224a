package org.okl.filters.spectral;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.RegressionPath;
import org.okl.core.solve.Solvers;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.SolveFixtures.FixedSeparable;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/** The built-in filters through the core solvers equal the dense (nd x nd) filter oracle. */
class FiltersWithSolversTest {
    private static final int N = 30;
    private static final int D = 4;
    private final Gaussian kernel = new Gaussian(1.1);
    private final Matrix x = TestMatrices.random(N, 3, 51);
    private final Matrix xTest = TestMatrices.random(5, 3, 52);
    private final Matrix y = SolveFixtures.targets(x, D, 53);
    private final Matrix a = SolveFixtures.commonSimilarity(D, 0.3);
    private final Matrix blockGram = SolveFixtures.kronecker(kernel.gram(x), a);
    private final double sMax = TestContext.active().linearAlgebra().eigenvaluesSymmetric(blockGram)[0] / N;

    private void assertMatchesDense(Matrix targets, SpectralFilter filter, int... indices) {
        RegressionPath path = Solvers.fit(SolveFixtures.problem(x, kernel, new FixedSeparable(a),
                SolveFixtures.explicit(targets), filter));
        Matrix[] all = path.predictAll(xTest);
        Matrix cross = kernel.gram(xTest, x);
        for (int j : indices) {
            Matrix c = SolveFixtures.denseFilter(blockGram, targets, filter, j, sMax);
            Matrix expected = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(cross, c), a);
            TestMatrices.assertClose(expected, all[j], 1e-9);
            TestMatrices.assertClose(expected, path.at(j).predict(xTest), 1e-9);
        }
    }

    private Matrix withMissing() {
        Matrix masked = y.copy();
        masked.set(1, 0, Double.NaN);
        masked.set(5, 3, Double.NaN);
        masked.set(5, 2, Double.NaN);
        masked.set(22, 1, Double.NaN);
        return masked;
    }

    @Test
    void everyFilterEqualsTheDenseOracle() {
        assertMatchesDense(y, new Tikhonov(List.of(1e-4, 1e-2)), 0, 1);
        assertMatchesDense(y, new TruncatedSvd(List.of(1e-3, 0.05)), 0, 1);
        assertMatchesDense(y, new IteratedTikhonov(List.of(1e-3, 0.05), 3), 0, 1);
        assertMatchesDense(y, new Landweber(40, Double.NaN), 0, 19, 39);
        assertMatchesDense(y, new Landweber(20, 0.5 / sMax), 0, 19);
        assertMatchesDense(y, new NuMethod(25, 1.0), 0, 1, 24);
    }

    @Test
    void filtersThatSupportMissingTargetsEqualTheDenseMaskedOracle() {
        Matrix masked = withMissing();
        assertMatchesDense(masked, new Tikhonov(List.of(1e-3, 0.1)), 0, 1);
        assertMatchesDense(masked, new IteratedTikhonov(List.of(0.01), 3), 0);
        assertMatchesDense(masked, new Landweber(30, Double.NaN), 29);
        assertMatchesDense(masked, new NuMethod(20, 1.0), 19);
    }

    @Test
    void implicitEmbeddingsTakeTheEigenRouteForIterativeFilters() {
        NuMethod filter = new NuMethod(15, 1.0);
        RegressionPath path = Solvers.fit(SolveFixtures.problem(x, kernel, new FixedSeparable(null),
                SolveFixtures.implicit(Matrix.identity(N)), filter));
        Matrix k = kernel.gram(x);
        double s = TestContext.active().linearAlgebra().eigenvaluesSymmetric(k)[0] / N;
        Matrix weights = Matrix.zeros(N, N);
        for (int c = 0; c < N; c++) {
            Matrix column = SolveFixtures.denseFilter(k, Matrix.identity(N).columnRange(c, c + 1), filter, 14, s);
            System.arraycopy(column.data(), 0, weights.data(), c * N, N);
        }
        TestMatrices.assertClose(TestMatrices.naiveMultiply(kernel.gram(xTest, x), weights),
                path.predictAll(xTest)[14], 1e-9);
    }
}
