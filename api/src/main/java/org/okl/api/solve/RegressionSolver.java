package org.okl.api.solve;

import java.util.Map;
import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * Fits one family of regression problems (separable eigen route, covariance KDE, manifold Sylvester, block
 * iterative, low-rank sketches, ...) along the whole regularization path of the problem's filter. Solvers are a
 * plugin kind ({@link org.okl.api.plugin.OklPlugin#solvers()}): OKL's own are registered the same way, and a pipeline
 * may name one ({@code "solver": {"name": "falkon"}}); otherwise the supporting solver with the highest
 * {@link #preference} fits the problem, and the model file records which one did.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface RegressionSolver {

    /** Whether this solver handles the problem (kernel structure, embedding, regularizers, approximation). */
    boolean supports(RegressionProblem problem);

    /** Fits the problem; the result covers every point of the filter's path. */
    RegressionPath fit(RegressionProblem problem);

    /**
     * How strongly this solver wants a problem it {@link #supports} when the pipeline names no solver: the highest
     * wins. OKL's solvers use 0-100, most specific highest (manifold regularization 60, covariance KDE 50, low-rank
     * sketches 40 or 45, multi-task 20, separable 10, block 0); a solver may depend on the problem, as the Falkon
     * solver prefers sketches of more than 4096 features.
     */
    default int preference(RegressionProblem problem) {
        return 0;
    }

    /**
     * The memory the fit will hold at its peak, if the solver can tell; OKL refuses the fit with a clear message
     * (naming what, how large, the heap and the advice) when it cannot fit, instead of running out of memory.
     */
    default Optional<MemoryEstimate> memory(RegressionProblem problem) {
        return Optional.empty();
    }

    /**
     * Rebuilds a predictor of one of this solver's own types from a model file ({@link Predictor#type()} and
     * {@link Predictor#arrays()}); empty for types it does not know. OKL's built-in predictor types are rebuilt by
     * OKL itself, so a solver that returns them need not override this.
     */
    default Optional<Predictor> restore(String type, Map<String, Matrix> arrays, PredictionEnvironment environment) {
        return Optional.empty();
    }
}
