package org.okl.solvers.lowrank;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.ReservoirSample;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.RegressionSolver;
import org.okl.solvers.separable.SeparableSolver;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.SolverContract;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/** The sketched solvers (and the exact separable one) against {@link SolverContract}, with dense oracles. */
class BuiltInSolverContractsTest {
    private static final int N = 36;
    private static final SolveFixtures.Gaussian KERNEL = new SolveFixtures.Gaussian(1.0);
    private static final Matrix X = TestMatrices.random(N, 2, 81);
    private static final Matrix Y = SolveFixtures.targets(X, 2, 82);
    private static final Matrix X_TEST = TestMatrices.random(5, 2, 83);
    private static final Matrix A = SolveFixtures.commonSimilarity(2, 0.3);
    private static final SolveFixtures.Tikhonov FILTER = new SolveFixtures.Tikhonov(1e-4, 1e-2);

    private static RegressionProblem problem(Optional<ComponentSpec> sketch) {
        return new RegressionProblem(X, KERNEL, new SolveFixtures.FixedSeparable(A), SolveFixtures.explicit(Y),
                FILTER, List.of(), Optional.empty(), Optional.empty(), sketch, TestContext.active());
    }

    /** Tikhonov on the sketched kernel k~(u, v) = k(u, L) k(L, L)^-1 k(L, v), by dense solves. */
    private static Matrix sketchedTikhonov(Matrix landmarks, int point) {
        Matrix kll = KERNEL.gram(landmarks);
        Matrix k = TestMatrices.naiveMultiply(KERNEL.gram(X, landmarks), TestMatrices.naiveSolve(kll,
                KERNEL.gram(landmarks, X)));
        Matrix kt = TestMatrices.naiveMultiply(KERNEL.gram(X_TEST, landmarks), TestMatrices.naiveSolve(kll,
                KERNEL.gram(landmarks, X)));
        Matrix c = SolveFixtures.denseTikhonov(SolveFixtures.kronecker(k, A), Y, FILTER.lambdas()[point]);
        return TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(kt, c), A);
    }

    /** The uniform landmarks the nystrom sketch draws: the reservoir sample of the context's seed. */
    private static Matrix landmarks(int m) {
        ReservoirSample sample = new ReservoirSample(m, 2, TestContext.SEED);
        sample.offer(X);
        return X.selectRows(java.util.Arrays.stream(sample.indices()).mapToInt(i -> (int) i).toArray());
    }

    @Nested
    class SeparableEigen extends SolverContract {
        @Override
        protected RegressionSolver solver() {
            return new SeparableSolver();
        }

        @Override
        protected RegressionProblem problem() {
            return BuiltInSolverContractsTest.problem(Optional.empty());
        }

        @Override
        protected Matrix testInputs() {
            return X_TEST;
        }

        @Override
        protected Matrix expected(int point) {
            Matrix c = SolveFixtures.denseTikhonov(SolveFixtures.kronecker(KERNEL.gram(X), A), Y,
                    FILTER.lambdas()[point]);
            return TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(KERNEL.gram(X_TEST, X), c), A);
        }
    }

    @Nested
    class LowRankEigen extends SolverContract {
        @Override
        protected RegressionSolver solver() {
            return new LowRankEigenSolver(7);
        }

        @Override
        protected RegressionProblem problem() {
            return BuiltInSolverContractsTest.problem(Optional.of(ComponentSpec.of("nystrom", "rank", 10)));
        }

        @Override
        protected Matrix testInputs() {
            return X_TEST;
        }

        @Override
        protected Matrix expected(int point) {
            return sketchedTikhonov(landmarks(10), point);
        }
    }

    @Nested
    class Falkon extends SolverContract {
        @Override
        protected RegressionSolver solver() {
            return new FalkonSolver(7, 300, 1e-13);
        }

        @Override
        protected RegressionProblem problem() {
            return BuiltInSolverContractsTest.problem(Optional.of(ComponentSpec.of("nystrom", "rank", 10)));
        }

        @Override
        protected Matrix testInputs() {
            return X_TEST;
        }

        @Override
        protected Matrix expected(int point) {
            return sketchedTikhonov(landmarks(10), point);
        }

        @Override
        protected double tolerance() {
            return 1e-7;
        }
    }
}
