package org.okl.core.solve;

import java.util.List;
import java.util.stream.Collectors;
import org.okl.api.operator.BlockOperatorKernel;
import org.okl.api.operator.OutputCovarianceKernel;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.regularizer.Regularizer;
import org.okl.core.solve.block.BlockSolver;
import org.okl.core.solve.kde.CovarianceKdeSolver;
import org.okl.core.solve.lowrank.LowRankSolver;
import org.okl.core.solve.manifold.ManifoldSolver;
import org.okl.core.solve.multitask.MultitaskSolver;
import org.okl.core.solve.separable.SeparableSolver;

/**
 * The built-in solvers, in the order they are tried: the first that supports a problem fits it.
 */
public final class Solvers {
    /** The solvers, most specific first. */
    public static final List<RegressionSolver> ALL = List.of(
            new ManifoldSolver(),
            new CovarianceKdeSolver(),
            new LowRankSolver(),
            new MultitaskSolver(),
            new SeparableSolver(),
            new BlockSolver());

    private Solvers() {
    }

    /**
     * Fits a problem with the first solver that supports it.
     *
     * @throws IllegalArgumentException when no solver handles the combination (the message describes it)
     */
    public static RegressionPath fit(RegressionProblem problem) {
        for (RegressionSolver solver : ALL) {
            if (solver.supports(problem)) {
                return solver.fit(problem);
            }
        }
        throw new IllegalArgumentException("no solver handles this combination: " + describe(problem));
    }

    /** The combination of kernel structure, embedding, regularizers, filter and options of a problem. */
    static String describe(RegressionProblem problem) {
        String operator = problem.operator() instanceof SeparableOperatorKernel ? "separable"
                : problem.operator() instanceof OutputCovarianceKernel c
                        ? (c.conditional() ? "conditional-covariance" : "covariance")
                : problem.operator() instanceof BlockOperatorKernel b ? "block (d = " + b.outputDimension() + ")"
                : "unstructured";
        String embedding = problem.embedding().targets()
                .map(y -> "explicit targets (" + y.rows() + " x " + y.cols() + ")")
                .orElse("implicit output kernel");
        String regularizers = problem.regularizers().isEmpty() ? "none"
                : problem.regularizers().stream().map(Solvers::describe).collect(Collectors.joining(", "));
        String filter = problem.filter().getClass().getSimpleName()
                + (problem.filter().iterative().isPresent() ? " (iterative)" : "");
        return "operator kernel " + operator + " (" + problem.operator().getClass().getSimpleName() + "), "
                + "embedding " + embedding + ", regularizers " + regularizers + ", filter " + filter
                + problem.groups().map(g -> ", task groups").orElse("")
                + problem.approximation().map(a -> ", approximation " + a).orElse("")
                + problem.unlabelledInputs().map(u -> ", " + u.rows() + " unlabelled inputs").orElse("");
    }

    private static String describe(Regularizer regularizer) {
        String faces = (regularizer.inputPenalty().isPresent() ? "input penalty" : "")
                + (regularizer.inputPenalty().isPresent() && regularizer.outputCoupling().isPresent() ? " + " : "")
                + (regularizer.outputCoupling().isPresent() ? "output coupling" : "");
        return regularizer.getClass().getSimpleName() + " [" + (faces.isEmpty() ? "no penalty" : faces) + "]";
    }
}
