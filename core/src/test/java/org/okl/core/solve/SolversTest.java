package org.okl.core.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OperatorKernel;
import org.okl.core.solve.block.BlockSolver;
import org.okl.core.solve.kde.CovarianceKdeSolver;
import org.okl.core.solve.lowrank.LowRankSolver;
import org.okl.core.solve.manifold.ManifoldSolver;
import org.okl.core.solve.multitask.MultitaskSolver;
import org.okl.core.solve.separable.SeparableSolver;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.SolveFixtures.FixedSeparable;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.SolveFixtures.Tikhonov;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

class SolversTest {
    private final Matrix x = TestMatrices.random(10, 2, 1);
    private final Matrix y = SolveFixtures.targets(x, 2, 2);

    @Test
    void theFirstSupportingSolverFits() {
        RegressionProblem problem = SolveFixtures.problem(x, new Gaussian(1), new FixedSeparable(null),
                SolveFixtures.explicit(y), new Tikhonov(0.1));
        Matrix expected = new SeparableSolver().fit(problem).predictAll(x)[0];
        TestMatrices.assertClose(expected, Solvers.fit(problem).predictAll(x)[0], 1e-14);
        assertThat(Solvers.ALL).extracting(s -> s.getClass().getSimpleName()).containsExactly(
                ManifoldSolver.class.getSimpleName(), CovarianceKdeSolver.class.getSimpleName(),
                LowRankSolver.class.getSimpleName(), MultitaskSolver.class.getSimpleName(),
                SeparableSolver.class.getSimpleName(), BlockSolver.class.getSimpleName());
    }

    @Test
    void anUnsupportedCombinationIsDescribed() {
        OperatorKernel unstructured = new OperatorKernel() { };
        RegressionProblem problem = new RegressionProblem(x, new Gaussian(1), unstructured,
                SolveFixtures.implicit(Matrix.identity(10)), new Tikhonov(0.1), List.of(), Optional.empty(),
                Optional.empty(), Optional.empty(), TestContext.active());
        assertThatThrownBy(() -> Solvers.fit(problem))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no solver handles")
                .hasMessageContaining("unstructured")
                .hasMessageContaining("implicit output kernel")
                .hasMessageContaining("Tikhonov");
    }
}
