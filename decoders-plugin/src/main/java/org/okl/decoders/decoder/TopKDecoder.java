package org.okl.decoders.decoder;

import java.util.Arrays;
import java.util.Optional;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.decoders.output.LabelCoding;

/**
 * The {@code top-k} decoder for multi-label outputs: every prediction gets exactly the k labels with the largest
 * scores (ties to the lower label); decisions take the coding's positive and negative values and are mapped back to
 * 0/1 by the embedding.
 */
public final class TopKDecoder implements Decoder {

    /** The component id. */
    public static final String ID = "top-k";

    private final int k;

    /** @param k the number of labels per prediction, at least 1 */
    public TopKDecoder(int k) {
        if (k < 1) {
            throw new InvalidParameterException(ID, "k", "must be >= 1, got " + k);
        }
        this.k = k;
    }

    @Override
    public Decoded decode(Matrix h, DecodingContext context) {
        FittedOutputEmbedding embedding = context.embedding();
        LabelCoding coding = Codings.of(embedding);
        Matrix scores = embedding.scores(h);
        if (k > scores.cols()) {
            throw new InvalidParameterException(ID, "k", "is " + k + " but the outputs have only " + scores.cols()
                    + " labels");
        }
        Matrix decisions = Matrix.zeros(scores.rows(), scores.cols());
        Arrays.fill(decisions.data(), coding.negative());
        for (int i = 0; i < scores.rows(); i++) {
            for (int j : Rows.topK(scores, i, k)) {
                decisions.set(i, j, coding.positive());
            }
        }
        return new Decoded(embedding.toOutputs(decisions), Optional.of(scores), Optional.empty());
    }
}
