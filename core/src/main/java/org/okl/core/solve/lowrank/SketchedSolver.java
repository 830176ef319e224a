package org.okl.core.solve.lowrank;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.solve.RegressionSolver;
import org.okl.core.stream.SketchRoute;

/**
 * A solver of sketched separable problems that can also fit rows read in passes with one-pass model selection
 * ({@link org.okl.core.pipeline.StreamingFit}): its route, with the solver's settings.
 */
public interface SketchedSolver extends RegressionSolver {

    /** The route that fits streamed rows with this solver's settings. */
    SketchRoute route(LinearAlgebra linearAlgebra);
}
