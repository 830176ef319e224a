package org.okl.core.solve.lowrank;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.StreamedPath;
import org.okl.api.solve.StreamedProblem;
import org.okl.api.solve.StreamingSolver;
import org.okl.core.solve.separable.SeparableSetup;
import org.okl.core.stream.RouteProblem;
import org.okl.core.stream.SketchRoute;

/**
 * OKL's own solvers of sketched separable problems, which also fit rows read in passes with one-pass model selection
 * ({@link org.okl.core.pipeline.StreamingFit}) through a route of {@code org.okl.core.stream}; the extension point
 * itself is the api's {@link StreamingSolver}.
 */
public interface SketchedSolver extends StreamingSolver {

    /** The route that fits streamed rows with this solver's settings. */
    SketchRoute route(LinearAlgebra linearAlgebra);

    /** Fits the streamed problem along {@link #route}. */
    @Override
    default StreamedPath fitStreamed(StreamedProblem problem) {
        return RouteProblem.of(problem).fit(route(problem.context().linearAlgebra()));
    }

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
