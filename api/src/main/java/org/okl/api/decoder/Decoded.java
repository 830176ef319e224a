package org.okl.api.decoder;

import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * The result of decoding t predictions.
 *
 * @param outputs the predicted outputs in the original representation (t x q)
 * @param scores  real-valued scores before any decision (t x q), for ranking metrics such as mean AUC, if the decoder
 *                has them
 * @param ranking for candidate decoders, the best candidates per prediction with the candidate set, if computed
 */
@API(status = API.Status.STABLE, since = "0.1")
public record Decoded(Matrix outputs, Optional<Matrix> scores, Optional<Ranking> ranking) {

    /** Outputs only. */
    public static Decoded of(Matrix outputs) {
        return new Decoded(outputs, Optional.empty(), Optional.empty());
    }
}
