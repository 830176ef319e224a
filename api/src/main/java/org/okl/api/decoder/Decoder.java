package org.okl.api.decoder;

/**
 * Turns predictions in the embedding space into outputs: identity, thresholds, top-k, argmax, or a pre-image over a
 * candidate set.
 */
public interface Decoder {

    /**
     * Decodes t predictions.
     *
     * @param h       predictions of the regression (t x d explicit, or t x n weights; see
     *                {@link org.okl.api.output.FittedOutputEmbedding})
     * @param context the fitted embedding, the training and unlabelled outputs, the back-end
     */
    Decoded decode(org.okl.api.linalg.Matrix h, DecodingContext context);

    /**
     * A copy of this decoder tuned on validation data (for example per-label thresholds); the default returns this
     * decoder unchanged. The pipeline calls it when it has held-out predictions.
     *
     * @param validationH       predictions for the validation inputs
     * @param validationOutputs their true outputs
     */
    default Decoder tune(org.okl.api.linalg.Matrix validationH, org.okl.api.linalg.Matrix validationOutputs,
            DecodingContext context) {
        return this;
    }
}
