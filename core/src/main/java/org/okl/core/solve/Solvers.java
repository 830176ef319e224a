package org.okl.core.solve;

import java.util.List;
import java.util.stream.Collectors;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.operator.BlockOperatorKernel;
import org.okl.api.operator.OutputCovarianceKernel;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.regularizer.Regularizer;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.RegressionSolver;
import org.okl.api.text.ComponentNames;
import org.okl.core.plugin.ComponentKind;
import org.okl.linalg.memory.MemoryBudget;

/**
 * Chooses the solver of a regression problem among the registered ones ({@link ComponentKind#SOLVER}, through the
 * problem's context): the one the pipeline names, or else the supporting solver with the highest
 * {@link RegressionSolver#preference} (ties broken by id, so the choice is deterministic) among those that need no
 * parameter ({@link ComponentContext#creatableIds}): a plugin solver with a required parameter is used only when a
 * pipeline names it with its parameters.
 */
public final class Solvers {

    private Solvers() {
    }

    /**
     * A chosen solver.
     *
     * @param id     its registered id, recorded in model files
     * @param solver the solver
     */
    public record Choice(String id, RegressionSolver solver) {
    }

    /**
     * The solver for a problem.
     *
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} when no solver handles the combination, or the named one
     *                      does not (the message describes the combination)
     */
    public static Choice choose(RegressionProblem problem) {
        ComponentContext context = problem.context();
        if (problem.solver().isPresent()) {
            ComponentSpec spec = problem.solver().get();
            RegressionSolver named = context.create(RegressionSolver.class, spec);
            if (!named.supports(problem)) {
                throw new OklException(ErrorCode.INVALID_PIPELINE, "solver '" + spec.name() + "' does not handle"
                        + " this combination: " + describe(problem) + "; leave \"solver\" out to let OKL choose");
            }
            return new Choice(spec.name(), named);
        }
        List<String> ids = context.creatableIds(RegressionSolver.class);
        if (ids.isEmpty()) {
            throw new IllegalStateException("no solver is registered: OKL's solvers plugin (okl-solvers-plugin, "
                    + "org.okl.solvers.SolversPlugin) is missing from the class path");
        }
        Choice best = null;
        int bestPreference = Integer.MIN_VALUE;
        for (String id : ids) {
            RegressionSolver solver = context.create(RegressionSolver.class, ComponentSpec.of(id));
            if (solver.supports(problem)) {
                int preference = solver.preference(problem);
                if (preference > bestPreference) {
                    best = new Choice(id, solver);
                    bestPreference = preference;
                }
            }
        }
        if (best == null) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, "no solver handles this combination: "
                    + describe(problem));
        }
        return best;
    }

    /**
     * Fits a problem with the solver {@link #choose} picks.
     *
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} when no solver handles the combination (the message
     *                      describes it)
     */
    public static RegressionPath fit(RegressionProblem problem) {
        return fit(choose(problem), problem);
    }

    /**
     * Fits a problem with a chosen solver, after checking its memory estimate against the heap.
     *
     * @throws org.okl.api.error.OklException {@link org.okl.api.error.ErrorCode#OUT_OF_MEMORY} when the fit
     *                                          cannot fit in the heap
     */
    public static RegressionPath fit(Choice choice, RegressionProblem problem) {
        choice.solver().memory(problem).ifPresent(m -> MemoryBudget.reserve(m.what() + " (solver " + choice.id()
                + ")", m.bytes(), m.advice()));
        return choice.solver().fit(problem);
    }

    /** The combination of kernel structure, embedding, regularizers, filter and options of a problem. */
    public static String describe(RegressionProblem problem) {
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
        String filter = ComponentNames.of(problem.filter())
                + (problem.filter().iterative().isPresent() ? " (iterative)" : "");
        return "operator kernel " + operator + " (" + ComponentNames.of(problem.operator()) + "), "
                + "embedding " + embedding + ", regularizers " + regularizers + ", filter " + filter
                + problem.groups().map(g -> ", task groups").orElse("")
                + problem.approximation().map(a -> ", approximation " + a).orElse("")
                + problem.unlabelledInputs().map(u -> ", " + u.rows() + " unlabelled inputs").orElse("");
    }

    private static String describe(Regularizer regularizer) {
        String faces = (regularizer.inputPenalty().isPresent() ? "input penalty" : "")
                + (regularizer.inputPenalty().isPresent() && regularizer.outputCoupling().isPresent() ? " + " : "")
                + (regularizer.outputCoupling().isPresent() ? "output coupling" : "");
        return ComponentNames.of(regularizer) + " [" + (faces.isEmpty() ? "no penalty" : faces) + "]";
    }
}
