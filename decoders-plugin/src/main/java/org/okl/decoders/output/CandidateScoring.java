package org.okl.decoders.output;

import org.okl.api.linalg.Matrix;

/**
 * An output embedding that splits the pre-image criterion of
 * {@link org.okl.api.output.FittedOutputEmbedding#candidateDistances(Matrix, Matrix)} into a candidate side, computed
 * once per candidate set (output-kernel values, codes, embeddings of the candidates), and a prediction side, one
 * matrix product per block of predictions. The {@code candidates} decoder uses it to score many blocks of test points
 * against the same candidates; every embedding of this plugin implements it.
 */
public interface CandidateScoring {

    /**
     * Computes the candidate-side quantities of the pre-image criterion.
     *
     * @param candidates candidate outputs in the original representation (N_c x q)
     */
    PreparedCandidates prepare(Matrix candidates);

    /** Candidates ready to be scored against predictions. */
    @FunctionalInterface
    interface PreparedCandidates {

        /**
         * The pre-image criterion {@code l(y_c, y_c) - 2 <h(x_i), psi(y_c)>} of every prediction against every
         * prepared candidate (t x N_c), as {@link org.okl.api.output.FittedOutputEmbedding#candidateDistances}.
         *
         * @param h predictions (t x d explicit, or t x n weights)
         */
        Matrix distances(Matrix h);
    }
}
