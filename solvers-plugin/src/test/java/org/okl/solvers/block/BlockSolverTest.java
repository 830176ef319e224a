package org.okl.solvers.block;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.core.solve.PredictorCodec;
import org.okl.solvers.separable.SeparableSolver;
import org.okl.testkit.SolveFixtures.FixedSeparable;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.SolveFixtures.Landweber;
import org.okl.testkit.SolveFixtures.SeparableAsBlock;
import org.okl.testkit.SolveFixtures.SumOfSeparable;
import org.okl.testkit.SolveFixtures.Tikhonov;
import org.okl.testkit.SolveFixtures.Tsvd;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

class BlockSolverTest {
    private static final int N = 20;
    private static final int D = 3;
    private final Gaussian kernel = new Gaussian(1.0);
    private final Matrix x = TestMatrices.random(N, 2, 11);
    private final Matrix xTest = TestMatrices.random(5, 2, 12);
    private final Matrix y = SolveFixtures.targets(x, D, 13);
    private final Matrix a = SolveFixtures.commonSimilarity(D, 0.4);

    private RegressionPath separable(SpectralFilter filter) {
        return new SeparableSolver().fit(SolveFixtures.problem(x, kernel, new FixedSeparable(a),
                SolveFixtures.explicit(y), filter));
    }

    private RegressionPath block(Object operator, Matrix targets, SpectralFilter filter) {
        return new BlockSolver().fit(SolveFixtures.problem(x, kernel,
                (org.okl.api.operator.OperatorKernel) operator, SolveFixtures.explicit(targets), filter));
    }

    @Test
    void separableKernelWrappedAsBlockGivesTheSeparableSolution() {
        for (SpectralFilter filter : new SpectralFilter[] {new Tikhonov(1e-3, 0.1), new Tsvd(0.01),
            new Landweber(15)}) {
            Matrix[] expected = separable(filter).predictAll(xTest);
            RegressionPath path = block(new SeparableAsBlock(a), y, filter);
            Matrix[] actual = path.predictAll(xTest);
            assertThat(actual).hasSameSizeAs(expected);
            for (int j = 0; j < expected.length; j++) {
                TestMatrices.assertClose(expected[j], actual[j], 1e-9);
                TestMatrices.assertClose(expected[j], path.at(j).predict(xTest), 1e-9);
            }
        }
    }

    @Test
    void nonSeparableKernelEqualsTheDenseSolve() {
        SumOfSeparable operator = new SumOfSeparable(new Gaussian(0.5), a, new Gaussian(2.0),
                SolveFixtures.randomOutputMatrix(D, 14));
        Matrix gram = operator.blockGram(x, x, null, TestContext.active());
        Matrix cross = operator.blockGram(xTest, x, null, TestContext.active());
        RegressionPath path = block(operator, y, new Tikhonov(1e-2));
        Matrix c = SolveFixtures.denseTikhonov(gram, y, 1e-2);
        Matrix expected = SolveFixtures.fromPointMajor(TestMatrices.naiveMultiply(cross, SolveFixtures.pointMajor(c)),
                xTest.rows(), D);
        TestMatrices.assertClose(c, ((BlockPath) path).coefficientsAt(0), 1e-10);
        TestMatrices.assertClose(expected, path.predictAll(xTest)[0], 1e-10);
        TestMatrices.assertClose(expected, path.at(0).predict(xTest), 1e-10);
    }

    @Test
    void iterativeFilterRunsMatrixFreeOnTheBlockProduct() {
        SumOfSeparable operator = new SumOfSeparable(new Gaussian(0.5), a, new Gaussian(2.0),
                SolveFixtures.randomOutputMatrix(D, 14));
        Matrix gram = operator.blockGram(x, x, null, TestContext.active());
        double sMax = TestContext.active().linearAlgebra().eigenvaluesSymmetric(gram)[0] / N;
        Landweber filter = new Landweber(20);
        RegressionPath path = block(operator, y, filter);
        TestMatrices.assertClose(SolveFixtures.denseFilter(gram, y, filter, 19, sMax),
                ((BlockPath) path).coefficientsAt(19), 1e-10);
    }

    @Test
    void missingTargetsAreMaskedInBothRoutes() {
        Matrix masked = y.copy();
        masked.set(2, 1, Double.NaN);
        masked.set(9, 0, Double.NaN);
        masked.set(9, 2, Double.NaN);
        SumOfSeparable operator = new SumOfSeparable(new Gaussian(0.5), a, new Gaussian(2.0),
                SolveFixtures.randomOutputMatrix(D, 14));
        Matrix gram = operator.blockGram(x, x, null, TestContext.active());
        double sMax = TestContext.active().linearAlgebra().eigenvaluesSymmetric(gram)[0] / N;
        TestMatrices.assertClose(SolveFixtures.denseFilter(gram, masked, new Tikhonov(1e-2), 0, 0),
                ((BlockPath) block(operator, masked, new Tikhonov(1e-2))).coefficientsAt(0), 1e-10);
        Landweber filter = new Landweber(10);
        TestMatrices.assertClose(SolveFixtures.denseFilter(gram, masked, filter, 9, sMax),
                ((BlockPath) block(operator, masked, filter)).coefficientsAt(9), 1e-10);
    }

    @Test
    void blockExpansionRoundTripsThroughThePredictorCodec() {
        SumOfSeparable operator = new SumOfSeparable(new Gaussian(0.5), a, new Gaussian(2.0), a);
        Predictor predictor = block(operator, y, new Tikhonov(1e-2)).at(0);
        Map<String, Matrix> arrays = predictor.arrays();
        Predictor restored = PredictorCodec.restore(predictor.type(), arrays,
                new PredictionEnvironment(kernel, operator, java.util.Optional.empty(), TestContext.active()));
        assertThat(restored.type()).isEqualTo(BlockExpansion.TYPE);
        TestMatrices.assertClose(predictor.predict(xTest), restored.predict(xTest), 1e-14);
    }
}
