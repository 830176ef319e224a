package org.okl.linalg.streamed;

import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.solve.StreamedPath;
import org.okl.api.solve.StreamedProblem;
import org.okl.api.solve.StreamingSolver;
import org.okl.linalg.parallel.Workers;

/**
 * A solver of sketched separable problems that also fits rows read in passes with one-pass model selection through
 * a {@link SketchRoute} of this package (OKL's {@code low-rank-eigen} and {@code falkon}); the runtime's streamed fit
 * shares one route's passes between the output matrices of a grid, and a compute device runs its own form of the
 * route. The extension point itself is the api's {@link StreamingSolver}.
 */
public interface SketchedSolver extends StreamingSolver {

    /**
     * The route that fits streamed rows with this solver's settings, on the runtime's back-end and pool.
     *
     * @param context the runtime's context ({@link ComponentContext#linearAlgebra}, {@link Workers#of})
     */
    SketchRoute route(ComponentContext context);

    /** Fits the streamed problem along {@link #route}. */
    @Override
    default StreamedPath fitStreamed(StreamedProblem problem) {
        return RouteProblem.of(problem).fit(route(problem.context()));
    }
}
