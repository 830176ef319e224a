package org.okl.solvers.multitask;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.testkit.SolveFixtures.FixedSeparable;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.SolveFixtures.Landweber;
import org.okl.testkit.SolveFixtures.Tikhonov;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

class MultitaskSolverTest {
    private static final int N = 24;
    private static final int T = 3;
    private final Gaussian kernel = new Gaussian(0.9);
    private final Matrix x = TestMatrices.random(N, 2, 21);
    private final Matrix xTest = TestMatrices.random(6, 2, 22);
    private final Matrix y = SolveFixtures.targets(x, 1, 23);
    private final int[] groups = IntStream.range(0, N).map(i -> (i * 7) % T).toArray();

    private RegressionPath fit(Matrix a, Matrix targets, SpectralFilter filter) {
        RegressionProblem problem = new RegressionProblem(x, kernel, new FixedSeparable(a),
                SolveFixtures.explicit(targets), filter, List.of(), Optional.empty(), Optional.of(groups),
                Optional.empty(), TestContext.active());
        assertThat(new MultitaskSolver().supports(problem)).isTrue();
        return new MultitaskSolver().fit(problem);
    }

    @Test
    void identityTaskMatrixEqualsIndependentPerTaskFits() {
        double lambda = 0.02;
        Matrix h = fit(Matrix.identity(T), y, new Tikhonov(lambda)).predictAll(xTest)[0];
        assertThat(h.cols()).isEqualTo(T);
        for (int t = 0; t < T; t++) {
            int task = t;
            int[] rows = IntStream.range(0, N).filter(i -> groups[i] == task).toArray();
            Matrix xt = x.selectRows(rows);
            // the pooled problem's ridge is n·lambda with n = all samples
            Matrix c = TestMatrices.naiveSolve(kernel.gram(xt).addToDiagonal(N * lambda), y.selectRows(rows));
            Matrix expected = TestMatrices.naiveMultiply(kernel.gram(xTest, xt), c);
            TestMatrices.assertClose(expected, h.columnRange(t, t + 1), 1e-10);
        }
    }

    /** The dense Hadamard Gram k ∘ A[t, t] and the predictions of coefficients c for every task. */
    private Matrix hadamard(Matrix a) {
        Matrix g = kernel.gram(x);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                g.set(i, j, g.get(i, j) * a.get(groups[i], groups[j]));
            }
        }
        return g;
    }

    private Matrix predictions(Matrix a, Matrix c) {
        Matrix k = kernel.gram(xTest, x);
        Matrix h = Matrix.zeros(xTest.rows(), T);
        for (int s = 0; s < xTest.rows(); s++) {
            for (int t = 0; t < T; t++) {
                double v = 0;
                for (int i = 0; i < N; i++) {
                    v += k.get(s, i) * a.get(t, groups[i]) * c.get(i, 0);
                }
                h.set(s, t, v);
            }
        }
        return h;
    }

    @Test
    void commonSimilarityEqualsTheDenseHadamardSolve() {
        Matrix a = SolveFixtures.commonSimilarity(T, 0.6);
        RegressionPath path = fit(a, y, new Tikhonov(1e-3, 0.05));
        Matrix[] all = path.predictAll(xTest);
        for (int j = 0; j < 2; j++) {
            double lambda = j == 0 ? 1e-3 : 0.05;
            Matrix c = TestMatrices.naiveSolve(hadamard(a).addToDiagonal(N * lambda), y);
            TestMatrices.assertClose(predictions(a, c), all[j], 1e-10);
            TestMatrices.assertClose(predictions(a, c), path.at(j).predict(xTest), 1e-10);
        }
    }

    @Test
    void landweberIteratesOnTheHadamardGram() {
        Matrix a = SolveFixtures.commonSimilarity(T, 0.3);
        Landweber filter = new Landweber(15);
        Matrix gram = hadamard(a);
        double sMax = TestContext.active().linearAlgebra().eigenvaluesSymmetric(gram)[0] / N;
        Matrix c = SolveFixtures.denseFilter(gram, y, filter, 14, sMax);
        TestMatrices.assertClose(predictions(a, c), fit(a, y, filter).predictAll(xTest)[14], 1e-10);
    }

    @Test
    void missingTargetsAreMasked() {
        Matrix a = SolveFixtures.commonSimilarity(T, 0.6);
        Matrix masked = y.copy();
        masked.set(4, 0, Double.NaN);
        masked.set(17, 0, Double.NaN);
        Matrix gram = hadamard(a);
        double sMax = TestContext.active().linearAlgebra().eigenvaluesSymmetric(gram)[0] / N;
        TestMatrices.assertClose(predictions(a, SolveFixtures.denseFilter(gram, masked, new Tikhonov(0.01), 0, 0)),
                fit(a, masked, new Tikhonov(0.01)).predictAll(xTest)[0], 1e-10);
        Landweber filter = new Landweber(8);
        TestMatrices.assertClose(predictions(a, SolveFixtures.denseFilter(gram, masked, filter, 7, sMax)),
                fit(a, masked, filter).predictAll(xTest)[7], 1e-10);
    }

    @Test
    void ownTaskPredictionsAtEveryPathPointAreTheOwnColumnsOfTheDenseOracle() {
        Matrix a = SolveFixtures.commonSimilarity(T, 0.4);
        Landweber filter = new Landweber(12);
        RegressionPath path = fit(a, y, filter);
        int[] tasks = {2, 0, 1, 1, 0, 2};
        Matrix[] own = path.predictAllForTasks(xTest, tasks);
        Matrix gram = hadamard(a);
        double sMax = TestContext.active().linearAlgebra().eigenvaluesSymmetric(gram)[0] / N;
        assertThat(own).hasSize(12);
        for (int j : new int[] {0, 5, 11}) {
            Matrix full = predictions(a, SolveFixtures.denseFilter(gram, y, filter, j, sMax));
            Matrix expected = Matrix.zeros(tasks.length, 1);
            for (int r = 0; r < tasks.length; r++) {
                expected.set(r, 0, full.get(r, tasks[r]));
            }
            TestMatrices.assertClose(expected, own[j], 1e-10);
        }
    }

    @Test
    void ownTaskPredictionsRejectATaskNotSeenInTraining() {
        RegressionPath path = fit(Matrix.identity(T), y, new Tikhonov(0.01));
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> path.predictAllForTasks(xTest, new int[] {0, 1, 2, 3, 0, 1}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("task 3 of row 4");
    }
}
