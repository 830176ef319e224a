package org.okl.api.decoder;

import org.okl.api.API;

/**
 * Turns predictions in the embedding space into outputs: identity, thresholds, top-k, argmax, or a pre-image over a
 * candidate set.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface Decoder {

    /**
     * Decodes t predictions.
     *
     * @param h       predictions of the regression (t x d explicit, or t x n weights; see
     *                {@link org.okl.api.output.FittedOutputEmbedding})
     * @param context the fitted embedding, the training and unlabelled outputs, the back-end
     */
    Decoded decode(org.okl.api.linalg.Matrix h, DecodingContext context);
}
