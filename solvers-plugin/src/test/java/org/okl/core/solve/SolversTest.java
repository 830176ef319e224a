package org.okl.core.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.RegressionSolver;
import org.okl.solvers.separable.SeparableSolver;
import org.okl.testkit.SolveFixtures.FixedSeparable;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.SolveFixtures.Tikhonov;
import org.okl.testkit.SolveFixtures;
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
        assertThat(Solvers.choose(problem).id()).isEqualTo("separable-eigen");
    }

    @Test
    void everyBuiltInSolverIsRegisteredAndTheMostSpecificWins() {
        assertThat(TestContext.active().componentIds(RegressionSolver.class)).contains("block-iterative",
                "covariance-kde", "low-rank-eigen", "falkon", "manifold-sylvester", "multitask", "separable-eigen");
        RegressionProblem sketched = new RegressionProblem(x, new Gaussian(1), new FixedSeparable(null),
                SolveFixtures.explicit(y), new Tikhonov(0.1), List.of(), Optional.empty(), Optional.empty(),
                Optional.of(ComponentSpec.of("nystrom", "rank", 5)), TestContext.active());
        assertThat(Solvers.choose(sketched).id()).isEqualTo("low-rank-eigen");
        RegressionProblem large = new RegressionProblem(TestMatrices.random(5000, 2, 3), new Gaussian(1),
                new FixedSeparable(null), SolveFixtures.explicit(Matrix.zeros(5000, 1)), new Tikhonov(0.1),
                List.of(), Optional.empty(), Optional.empty(), Optional.of(ComponentSpec.of("nystrom", "rank", 4097)),
                TestContext.active());
        assertThat(Solvers.choose(large).id()).isEqualTo("falkon");
        RegressionProblem block = SolveFixtures.problem(x, new Gaussian(1), new SolveFixtures.SeparableAsBlock(
                Matrix.identity(2)), SolveFixtures.explicit(y), new Tikhonov(0.1));
        assertThat(Solvers.choose(block).id()).isEqualTo("block-iterative");
    }

    @Test
    void aNamedSolverFitsOrSaysWhyNot() {
        RegressionProblem problem = new RegressionProblem(x, new Gaussian(1), new FixedSeparable(null),
                SolveFixtures.explicit(y), new Tikhonov(0.1), List.of(), Optional.empty(), Optional.empty(),
                Optional.of(ComponentSpec.of("nystrom", "rank", 5)), Optional.of(ComponentSpec.of("falkon")),
                TestContext.active());
        assertThat(Solvers.choose(problem).id()).isEqualTo("falkon");
        RegressionProblem unsupported = new RegressionProblem(x, new Gaussian(1), new FixedSeparable(null),
                SolveFixtures.explicit(y), new Tikhonov(0.1), List.of(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of(ComponentSpec.of("low-rank-eigen")), TestContext.active());
        assertThatThrownBy(() -> Solvers.choose(unsupported)).hasMessageContaining("solver 'low-rank-eigen' does "
                + "not handle this combination");
        RegressionProblem unknown = new RegressionProblem(x, new Gaussian(1), new FixedSeparable(null),
                SolveFixtures.explicit(y), new Tikhonov(0.1), List.of(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of(ComponentSpec.of("gpu")), TestContext.active());
        assertThatThrownBy(() -> Solvers.choose(unknown)).hasMessageContaining("unknown solver 'gpu'");
    }

    @Test
    void anUnsupportedCombinationIsDescribed() {
        OperatorKernel unstructured = new OperatorKernel() { };
        RegressionProblem problem = new RegressionProblem(x, new Gaussian(1), unstructured,
                SolveFixtures.implicit(Matrix.identity(10)), new Tikhonov(0.1), List.of(), Optional.empty(),
                Optional.empty(), Optional.empty(), TestContext.active());
        assertThatThrownBy(() -> Solvers.fit(problem))
                .isInstanceOfSatisfying(org.okl.api.error.OklException.class,
                        e -> assertThat(e.errorCode()).isEqualTo(org.okl.api.error.ErrorCode.INVALID_PIPELINE))
                .hasMessageContaining("no solver handles")
                .hasMessageContaining("unstructured")
                .hasMessageContaining("implicit output kernel")
                .hasMessageContaining("filter tikhonov");
    }
}
