package org.okl.core.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.core.solve.SolveFixtures.FixedSeparable;
import org.okl.core.solve.SolveFixtures.Gaussian;
import org.okl.core.solve.SolveFixtures.Landweber;
import org.okl.core.solve.SolveFixtures;
import org.okl.core.solve.separable.SeparableSolver;
import org.okl.core.testing.TestContext;
import org.okl.core.testing.TestMatrices;

class ModelSelectionTest {
    private static final int N = 18;
    private static final int D = 3;
    private final Gaussian kernel = new Gaussian(0.7);
    private final Matrix x = TestMatrices.random(N, 2, 41);
    private final Matrix y = SolveFixtures.targets(x, D, 42);

    /** Explicit leave-one-out: refit without point i at the same ridge n·lambda, residual at x_i. */
    private Matrix bruteForce(Matrix a, double[] lambdas) {
        Matrix errors = Matrix.zeros(lambdas.length, D);
        for (int j = 0; j < lambdas.length; j++) {
            for (int i = 0; i < N; i++) {
                int left = i;
                int[] rows = IntStream.range(0, N).filter(r -> r != left).toArray();
                Matrix xs = x.selectRows(rows);
                Matrix gram = SolveFixtures.kronecker(kernel.gram(xs), a);
                Matrix system = gram.addToDiagonal(N * lambdas[j]);
                Matrix c = SolveFixtures.fromPointMajor(TestMatrices.naiveSolve(system,
                        SolveFixtures.pointMajor(y.selectRows(rows))), N - 1, D);
                Matrix f = TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(
                        kernel.gram(x.selectRows(new int[] {i}), xs), c), a);
                for (int o = 0; o < D; o++) {
                    double r = y.get(i, o) - f.get(0, o);
                    errors.add(j, o, r * r / N);
                }
            }
        }
        return errors;
    }

    @Test
    void closedFormLeaveOneOutEqualsExplicitRefits() {
        double[] lambdas = {1e-4, 1e-2, 0.5};
        Matrix a = SolveFixtures.randomOutputMatrix(D, 43);
        LeaveOneOut loo = TikhonovLeaveOneOut.compute(kernel.gram(x), a, y, lambdas,
                TestContext.active().linearAlgebra());
        TestMatrices.assertClose(bruteForce(a, lambdas), loo.errors(), 1e-10);
        assertThat(loo.decoupled()).isFalse();
        assertThatThrownBy(loo::bestPerOutput).hasMessageContaining("diagonal");
    }

    @Test
    void leaveOneOutWithDiagonalOutputsChoosesOneLambdaPerOutput() {
        double[] lambdas = {1e-5, 1e-3, 1e-1, 1.0};
        Matrix a = Matrix.diagonal(new double[] {1.0, 0.5, 2.0});
        RegressionProblem problem = SolveFixtures.problem(x, kernel, new FixedSeparable(a),
                SolveFixtures.explicit(y), new SolveFixtures.Tikhonov(lambdas));
        LeaveOneOut loo = TikhonovLeaveOneOut.of(problem, lambdas);
        Matrix brute = bruteForce(a, lambdas);
        TestMatrices.assertClose(brute, loo.errors(), 1e-10);
        int[] best = loo.bestPerOutput();
        for (int o = 0; o < D; o++) {
            int argmin = 0;
            for (int j = 1; j < lambdas.length; j++) {
                if (brute.get(j, o) < brute.get(argmin, o)) {
                    argmin = j;
                }
            }
            assertThat(best[o]).isEqualTo(argmin);
        }
        assertThat(loo.curve().chosen()).isBetween(0, lambdas.length - 1);
    }

    @Test
    void leaveOneOutOfATaskIndexedGramEqualsExplicitRefits() {
        int[] groups = IntStream.range(0, N).map(i -> i % 3).toArray();
        Matrix a = SolveFixtures.commonSimilarity(3, 0.5);
        Matrix gram = kernel.gram(x);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                gram.set(i, j, gram.get(i, j) * a.get(groups[i], groups[j]));
            }
        }
        Matrix scalar = y.columnRange(0, 1);
        double lambda = 0.01;
        LeaveOneOut loo = TikhonovLeaveOneOut.compute(gram, null, scalar, new double[] {lambda},
                TestContext.active().linearAlgebra());
        double expected = 0;
        for (int i = 0; i < N; i++) {
            int left = i;
            int[] rows = IntStream.range(0, N).filter(r -> r != left).toArray();
            Matrix c = TestMatrices.naiveSolve(gram.selectRows(rows).selectColumns(rows).addToDiagonal(N * lambda),
                    scalar.selectRows(rows));
            double f = TestMatrices.naiveMultiply(gram.selectRows(new int[] {i}).selectColumns(rows), c).get(0, 0);
            expected += Math.pow(scalar.get(i, 0) - f, 2) / N;
        }
        assertThat(loo.errors().get(0, 0)).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void pathErrorsAreTheMeanSquaredErrorOfEveryPoint() {
        Matrix xVal = TestMatrices.random(9, 2, 44);
        Matrix yVal = SolveFixtures.targets(xVal, D, 45);
        yVal.set(2, 1, Double.NaN);
        RegressionPath path = new SeparableSolver().fit(SolveFixtures.problem(x, kernel, new FixedSeparable(null),
                SolveFixtures.explicit(y), new SolveFixtures.Tikhonov(1e-3, 0.1)));
        double[] errors = PathErrors.squaredErrors(path, xVal, yVal);
        for (int j = 0; j < 2; j++) {
            Matrix h = path.at(j).predict(xVal);
            double sum = 0;
            for (int i = 0; i < 9; i++) {
                for (int o = 0; o < D; o++) {
                    if (!(i == 2 && o == 1)) {
                        sum += Math.pow(h.get(i, o) - yVal.get(i, o), 2);
                    }
                }
            }
            assertThat(errors[j]).isCloseTo(sum / (9 * D - 1), org.assertj.core.data.Offset.offset(1e-14));
        }
    }

    @Test
    void earlyStoppingStopsAfterThePatienceAndKeepsTheBestIterate() {
        Matrix xVal = TestMatrices.random(12, 2, 46);
        Matrix yVal = SolveFixtures.targets(xVal, D, 47);
        Gaussian narrow = new Gaussian(0.15);
        Landweber filter = new Landweber(3000);
        RegressionProblem problem = SolveFixtures.problem(x, narrow, new FixedSeparable(null),
                SolveFixtures.explicit(y), filter);
        double[] full = PathErrors.squaredErrors(new SeparableSolver().fit(problem), xVal, yVal);
        EarlyStopping.Result result = EarlyStopping.separable(problem, xVal, yVal, 20);
        double[] ran = result.errors();
        assertThat(ran.length).isLessThan(full.length);
        for (int j = 0; j < ran.length; j++) {
            assertThat(ran[j]).isCloseTo(full[j], org.assertj.core.data.Offset.offset(1e-12));
        }
        int best = 0;
        for (int j = 1; j < ran.length; j++) {
            if (ran[j] < ran[best]) {
                best = j;
            }
        }
        assertThat(result.best()).isEqualTo(best);
        assertThat(ran.length - 1 - best).isEqualTo(20);
        assertThat(result.curve().chosenValue()).isEqualTo(best + 1);
    }
}
