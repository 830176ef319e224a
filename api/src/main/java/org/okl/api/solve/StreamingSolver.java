package org.okl.api.solve;

import java.util.Optional;
import org.okl.api.API;

/**
 * A solver that also fits sketched separable problems over rows read in passes (a data file of any size, rows on a
 * cluster), with model selection in the same passes: OKL's {@code low-rank-eigen} (one pass into per-fold sums) and
 * {@code falkon} (preconditioned conjugate gradients, one pass per iteration) are two. A streamed fit takes the
 * solver the pipeline names, or else the registered streaming solver that {@link #supportsStreamed supports} the
 * problem with the highest {@link #streamedPreference} (ties broken by id), as in-memory fits choose among
 * {@link RegressionSolver}s; solvers that need a parameter without a default are chosen only when named.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface StreamingSolver extends RegressionSolver {

    /** Whether this solver fits the streamed problem (the default: every one). */
    default boolean supportsStreamed(StreamedProblem problem) {
        return true;
    }

    /**
     * How strongly this solver wants a streamed problem when the pipeline names no solver: the highest wins. OKL's:
     * {@code low-rank-eigen} 40; {@code falkon} 45 for sketches of more than 4096 features or whose per-fold sums
     * would not fit in half the heap, else 30.
     */
    default int streamedPreference(StreamedProblem problem) {
        return 0;
    }

    /** The memory the streamed fit holds at its peak, if the solver can tell (checked against the heap first). */
    default Optional<MemoryEstimate> streamedMemory(StreamedProblem problem) {
        return Optional.empty();
    }

    /** Fits every training set of the problem's folds, and all the rows, along the filter's whole path. */
    StreamedPath fitStreamed(StreamedProblem problem);
}
