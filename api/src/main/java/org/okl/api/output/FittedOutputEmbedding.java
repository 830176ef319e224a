package org.okl.api.output;

import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * An output embedding fitted on training outputs.
 *
 * <p>The regression learns a map h into the embedding space and predicts, for t test inputs, a matrix H:
 * <ul>
 *   <li>explicit embeddings ({@link #targets()} present): H is t x d, row i = h(x_i) in R^d;</li>
 *   <li>implicit embeddings (an output kernel): H is t x n, row i holds the weights w with
 *       {@code h(x_i) = sum_j w_j psi(y_j)} over the n training outputs.</li>
 * </ul>
 * Decoders turn H into outputs through {@link #scores(Matrix)} and {@link #toOutputs(Matrix)} (explicit codings), or
 * through {@link #candidateDistances(Matrix, Matrix)} (pre-image over a candidate set).
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
public interface FittedOutputEmbedding {

    /** The regression targets (n x d) for an explicit embedding, or empty for an implicit one. */
    Optional<Matrix> targets();

    /**
     * The output Gram L = l(Y, Y) over the training outputs (n x n) for implicit embeddings; explicit embeddings
     * return the linear Gram of their targets.
     */
    Matrix outputGram();

    /**
     * Per-output real-valued scores (t x q) for an explicit embedding, the values decoders threshold, rank or take
     * the argmax of (for example one score per label or per class).
     *
     * @throws UnsupportedOperationException for implicit embeddings, whose predictions need a candidate set
     */
    Matrix scores(Matrix h);

    /**
     * Maps decisions taken on the scores (t x q, for example 0/1 per label, or a one-hot row per class) back to the
     * original output representation (t x outputs().cols()).
     */
    Matrix toOutputs(Matrix decisions);

    /**
     * The pre-image criterion for every prediction against every candidate output: entry (i, c) is
     * {@code ||h(x_i) - psi(y_c)||^2 - ||h(x_i)||^2 = l(y_c, y_c) - 2 <h(x_i), psi(y_c)>}. Lower is better.
     *
     * @param h          predictions (t x d or t x n, see above)
     * @param candidates candidate outputs in the original representation (N_c x q)
     * @return t x N_c distances
     */
    Matrix candidateDistances(Matrix h, Matrix candidates);

    /**
     * Whether {@link #refine(Matrix)} uses the regression's in-sample predictions (OEL does); when false the pipeline
     * skips computing them.
     */
    default boolean learnsFromRegression() {
        return false;
    }

    /**
     * Lets the embedding learn from the fitted regression (OEL learns its subspace from the regression's in-sample
     * predictions); the default returns this embedding unchanged.
     *
     * @param trainingPredictions H for the training inputs (n x d or n x n)
     */
    default FittedOutputEmbedding refine(Matrix trainingPredictions) {
        return this;
    }
}
