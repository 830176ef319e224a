package org.okl.decoders.decoder;

import org.okl.api.output.FittedOutputEmbedding;
import org.okl.decoders.output.LabelCoding;

/** The label coding of a fitted embedding, zero-one when it declares none. */
final class Codings {

    private Codings() {
    }

    /**
     * The embedding's {@link LabelCoding}, or zero-one. (Not an interface constant: initialising the enum runs the
     * interface's initialiser, which would then read the enum's constant while it is still null.)
     */
    static LabelCoding of(FittedOutputEmbedding embedding) {
        return embedding instanceof LabelCoding coding ? coding : LabelCoding.Coding.ZERO_ONE;
    }
}
