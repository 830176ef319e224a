package org.okl.decoders.decoder;

import java.util.Optional;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;

/**
 * The {@code identity} decoder: the prediction itself, mapped back through the embedding
 * ({@code toOutputs(scores(h))}); for the {@code vector} output this is f(x) in R^d (multi-output regression).
 */
public final class IdentityDecoder implements Decoder {

    /** The component id. */
    public static final String ID = "identity";

    @Override
    public Decoded decode(Matrix h, DecodingContext context) {
        FittedOutputEmbedding embedding = context.embedding();
        Matrix scores = embedding.scores(h);
        return new Decoded(embedding.toOutputs(scores), Optional.of(scores), Optional.empty());
    }
}
