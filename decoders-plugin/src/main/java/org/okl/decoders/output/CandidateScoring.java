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
         * The criterion's terms for predictions h, {@code self[c] - 2 (h' op(cross))[i][c]} with h' the prediction
         * side, so that an accelerator can score and select on its own; empty when the criterion has no such form.
         */
        default java.util.Optional<PreImageTerms> terms(Matrix h) {
            return java.util.Optional.empty();
        }

        /**
         * The pre-image criterion {@code l(y_c, y_c) - 2 <h(x_i), psi(y_c)>} of every prediction against every
         * prepared candidate (t x N_c), as {@link org.okl.api.output.FittedOutputEmbedding#candidateDistances}.
         *
         * @param h predictions (t x d explicit, or t x n weights)
         */
        Matrix distances(Matrix h);
    }

    /**
     * The pre-image criterion {@code self[c] - 2 (h op(cross))[i][c]} as its parts.
     *
     * @param h              the prediction side (t x r)
     * @param cross          the candidate side (r x N, or N x r when transposed)
     * @param transposeCross whether {@code cross} is N x r
     * @param self           the candidates' own terms
     */
    record PreImageTerms(Matrix h, Matrix cross, boolean transposeCross, double[] self) {
    }
}
