package org.okl.decoders.decoder;

import java.util.Arrays;
import java.util.Optional;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.decoders.output.LabelCoding;

/**
 * The {@code argmax} decoder for multi-class vector codings (Baldassarre et al. 2012, eq. 27): the decision row has
 * the coding's positive value at the largest score and the negative value elsewhere (one-hot for the class codings),
 * ties to the lower index; the embedding maps it back to the class value.
 */
public final class ArgmaxDecoder implements Decoder {

    /** The component id. */
    public static final String ID = "argmax";

    @Override
    public Decoded decode(Matrix h, DecodingContext context) {
        FittedOutputEmbedding embedding = context.embedding();
        LabelCoding coding = Codings.of(embedding);
        Matrix scores = embedding.scores(h);
        Matrix decisions = Matrix.zeros(scores.rows(), scores.cols());
        Arrays.fill(decisions.data(), coding.negative());
        for (int i = 0; i < scores.rows(); i++) {
            decisions.set(i, Rows.argmax(scores, i, 0, scores.cols()), coding.positive());
        }
        return new Decoded(embedding.toOutputs(decisions), Optional.of(scores), Optional.empty());
    }
}
