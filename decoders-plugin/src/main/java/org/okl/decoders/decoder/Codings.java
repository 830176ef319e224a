package org.okl.decoders.decoder;

import org.okl.api.output.FittedOutputEmbedding;
import org.okl.decoders.output.LabelCoding;

/** The label coding of a fitted embedding, zero-one when it declares none. */
final class Codings {

    private Codings() {
    }

    /** The embedding's {@link LabelCoding}, or {@link LabelCoding#ZERO_ONE}. */
    static LabelCoding of(FittedOutputEmbedding embedding) {
        return embedding instanceof LabelCoding coding ? coding : LabelCoding.ZERO_ONE;
    }
}
