package org.okl.core.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputCovarianceKernel;
import org.okl.api.regularizer.InputGraphPenalty;
import org.okl.api.regularizer.Regularizer;
import org.okl.core.solve.SolveFixtures.FixedSeparable;
import org.okl.core.solve.SolveFixtures.Gaussian;
import org.okl.core.solve.SolveFixtures.Tikhonov;
import org.okl.core.solve.block.BlockSolver;
import org.okl.core.solve.lowrank.LowRankSolver;
import org.okl.core.solve.multitask.MultitaskSolver;
import org.okl.core.solve.separable.SeparableSolver;
import org.okl.core.testing.TestContext;
import org.okl.core.testing.TestMatrices;

class SolversTest {
    private final Matrix x = TestMatrices.random(10, 2, 1);
    private final Matrix y = SolveFixtures.targets(x, 2, 2);

    @Test
    void theFirstSupportingSolverFits() {
        RegressionProblem problem = SolveFixtures.problem(x, new Gaussian(1), new FixedSeparable(null),
                SolveFixtures.explicit(y), new Tikhonov(0.1));
        Matrix expected = new SeparableSolver().fit(problem).predictAll(x)[0];
        TestMatrices.assertClose(expected, Solvers.fit(problem).predictAll(x)[0], 1e-14);
        assertThat(Solvers.ALL.subList(0, 4)).extracting(s -> s.getClass().getSimpleName()).containsExactly(
                LowRankSolver.class.getSimpleName(), MultitaskSolver.class.getSimpleName(),
                SeparableSolver.class.getSimpleName(), BlockSolver.class.getSimpleName());
    }

    @Test
    void anUnsupportedCombinationIsDescribed() {
        OutputCovarianceKernel covariance = new OutputCovarianceKernel() {
            @Override
            public boolean conditional() {
                return true;
            }

            @Override
            public double epsilon() {
                return 0.1;
            }
        };
        Regularizer manifold = new Regularizer() {
            @Override
            public Optional<InputGraphPenalty> inputPenalty() {
                return Optional.of(new InputGraphPenalty() {
                    @Override
                    public double weight() {
                        return 1;
                    }

                    @Override
                    public Matrix laplacian(Matrix allInputs, org.okl.api.component.ComponentContext context) {
                        return Matrix.identity(allInputs.rows());
                    }
                });
            }
        };
        RegressionProblem problem = new RegressionProblem(x, new Gaussian(1), covariance,
                SolveFixtures.implicit(Matrix.identity(10)), new Tikhonov(0.1), List.of(manifold), Optional.empty(),
                Optional.empty(), Optional.empty(), TestContext.active());
        assertThatThrownBy(() -> Solvers.fit(problem))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no solver handles")
                .hasMessageContaining("conditional-covariance")
                .hasMessageContaining("implicit output kernel")
                .hasMessageContaining("input penalty")
                .hasMessageContaining("Tikhonov");
    }
}
