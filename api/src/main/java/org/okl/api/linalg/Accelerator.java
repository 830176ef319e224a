package org.okl.api.linalg;

import java.util.Optional;
import org.okl.api.API;

/**
 * A compute device (a GPU) that components may hand their heaviest operations to, reached through
 * {@link org.okl.api.component.ComponentContext#accelerator()}. At present: the candidate search of pre-image
 * decoders, where every prediction is scored against every candidate by one matrix product and only the best k per
 * prediction come back from the device. The accelerator decides per call whether the work gains from the device
 * (OKL's {@code okl.gpu} setting: {@code auto}, {@code on}, {@code off}); an empty answer means "do it on the CPU as
 * before".
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface Accelerator {

    /** Where the work runs, for example {@code cuda:0 NVIDIA H100 80GB HBM3}. */
    String name();

    /**
     * For every row i of {@code h}, the k candidates c with the smallest scores
     * {@code self[c] - 2 (h op(cross))[i][c]}, best first; of equal scores the lower index comes first, and NaN
     * counts as +Infinity.
     *
     * @param h              the predictions' side (t x r)
     * @param cross          the candidates' side, r x N, or N x r when {@code transposeCross}
     * @param transposeCross whether {@code cross} is given transposed
     * @param self           the candidates' own terms (N)
     * @param k              how many to keep, 1 &lt;= k &lt;= N
     * @return the best candidates, or empty when the accelerator declines (too little work to gain, too little
     *         device memory)
     */
    Optional<BestCandidates> smallestScores(Matrix h, Matrix cross, boolean transposeCross, double[] self, int k);

    /**
     * The best candidates of every prediction.
     *
     * @param indices per prediction, the candidate indices best first
     * @param scores  per prediction, their scores
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.1")
    record BestCandidates(int[][] indices, double[][] scores) {
    }
}
