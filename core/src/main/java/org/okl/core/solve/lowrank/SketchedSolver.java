package org.okl.core.solve.lowrank;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.RegressionSolver;
import org.okl.core.solve.separable.SeparableSetup;
import org.okl.core.stream.SketchRoute;

/**
 * A solver of sketched separable problems that can also fit rows read in passes with one-pass model selection
 * ({@link org.okl.core.pipeline.StreamingFit}): its route, with the solver's settings.
 */
public interface SketchedSolver extends RegressionSolver {

    /** The route that fits streamed rows with this solver's settings. */
    SketchRoute route(LinearAlgebra linearAlgebra);

    /**
     * Whether a problem is a sketched separable one: a sketch, a separable operator with an input kernel, no task
     * groups, and only output-coupling regularizers.
     */
    static boolean sketchedSeparable(RegressionProblem problem) {
        return problem.approximation().isPresent()
                && problem.operator() instanceof SeparableOperatorKernel
                && problem.groups().isEmpty()
                && problem.kernel() != null
                && SeparableSetup.onlyOutputCouplings(problem.regularizers());
    }
}
