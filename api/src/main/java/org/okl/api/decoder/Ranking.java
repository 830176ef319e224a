package org.okl.api.decoder;

import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * The best candidates of a candidate decoder for every prediction, with the candidate set they index, so that top-k
 * metrics need nothing else.
 *
 * @param indices    per prediction, candidate row indices best first (ties by the lower index)
 * @param candidates the candidate outputs (N_c x q) the indices refer to
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Ranking(int[][] indices, Matrix candidates) {
}
