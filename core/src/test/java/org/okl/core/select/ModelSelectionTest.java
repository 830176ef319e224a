package org.okl.core.select;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.RegressionProblem;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.SolveFixtures.FixedSeparable;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

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
    }

    @Test
    void leaveOneOutOfAProblemWithDiagonalOutputsEqualsExplicitRefits() {
        double[] lambdas = {1e-5, 1e-3, 1e-1, 1.0};
        Matrix a = Matrix.diagonal(new double[] {1.0, 0.5, 2.0});
        RegressionProblem problem = SolveFixtures.problem(x, kernel, new FixedSeparable(a),
                SolveFixtures.explicit(y), new SolveFixtures.Tikhonov(lambdas));
        LeaveOneOut loo = TikhonovLeaveOneOut.of(problem, lambdas);
        Matrix brute = bruteForce(a, lambdas);
        TestMatrices.assertClose(brute, loo.errors(), 1e-10);
        double[] mean = loo.meanErrors();
        for (int j = 0; j < lambdas.length; j++) {
            assertThat(mean[j]).isCloseTo((brute.get(j, 0) + brute.get(j, 1) + brute.get(j, 2)) / 3,
                    org.assertj.core.data.Offset.offset(1e-12));
        }
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
}
