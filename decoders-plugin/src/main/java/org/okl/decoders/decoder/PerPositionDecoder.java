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
import org.okl.decoders.output.PositionCoding;

/**
 * The {@code per-position} decoder for sequences coded one symbol per position (Kadri et al. 2013, OCR): the outputs
 * are positions of {@code alphabet} columns each, a symbol coded by the positive value at its column and the negative
 * value elsewhere. Position j decodes to the symbol with the largest score in its columns (ties to the lower symbol).
 * Every symbol code has the same norm, so this is the exact pre-image {@code argmin ||h - phi(y)||^2} over all
 * sequences, which separates over positions.
 *
 * <p>With {@code allow-empty} (default), the all-negative code (an empty, zero-padded position of a shorter word) is
 * a candidate too: it wins when the best score is below the coding's midpoint (0.5 for 0/1 codes), which is where
 * the pre-image prefers it. The decoder needs an explicit embedding of the one-hot-per-position outputs: the
 * {@code sequence} output (codes per position; the alphabet is read from it), or {@code vector} / {@code labels} over
 * one-hot-per-position columns (with a linear output kernel these give the same h as the {@code kernel} output).
 */
public final class PerPositionDecoder implements Decoder {

    /** The component id. */
    public static final String ID = "per-position";

    /** The alphabet size used when neither the parameter nor the embedding gives one (K13 OCR: 26 letters). */
    public static final int DEFAULT_ALPHABET = 26;

    private final Optional<Integer> alphabet;
    private final boolean allowEmpty;

    /**
     * @param alphabet   the number of symbols (columns) per position; empty to take it from a {@code sequence}
     *                   embedding, else {@value #DEFAULT_ALPHABET}
     * @param allowEmpty whether a position may decode to no symbol
     */
    public PerPositionDecoder(Optional<Integer> alphabet, boolean allowEmpty) {
        if (alphabet.isPresent() && alphabet.get() < 1) {
            throw new InvalidParameterException(ID, "alphabet", "must be >= 1, got " + alphabet.get());
        }
        this.alphabet = alphabet;
        this.allowEmpty = allowEmpty;
    }

    @Override
    public Decoded decode(Matrix h, DecodingContext context) {
        FittedOutputEmbedding embedding = context.embedding();
        if (embedding.targets().isEmpty()) {
            throw new IllegalArgumentException(ID + ": needs an explicit output embedding of the one-hot-per-position"
                    + " outputs (for example 'vector'); an implicit one decodes with 'candidates'");
        }
        LabelCoding coding = Codings.of(embedding);
        int alphabet = alphabet(embedding);
        Matrix scores = embedding.scores(h);
        if (scores.cols() % alphabet != 0) {
            throw new InvalidParameterException(ID, "alphabet", "is " + alphabet + " but the outputs have "
                    + scores.cols() + " columns, not a whole number of positions");
        }
        Matrix decisions = Matrix.zeros(scores.rows(), scores.cols());
        Arrays.fill(decisions.data(), coding.negative());
        for (int i = 0; i < scores.rows(); i++) {
            for (int start = 0; start < scores.cols(); start += alphabet) {
                int best = Rows.argmax(scores, i, start, start + alphabet);
                if (!allowEmpty || scores.get(i, best) >= coding.threshold()) {
                    decisions.set(i, best, coding.positive());
                }
            }
        }
        return new Decoded(embedding.toOutputs(decisions), Optional.of(scores), Optional.empty());
    }

    private int alphabet(FittedOutputEmbedding embedding) {
        if (embedding instanceof PositionCoding positions) {
            if (alphabet.isPresent() && alphabet.get() != positions.alphabet()) {
                throw new InvalidParameterException(ID, "alphabet", "is " + alphabet.get() + " but the output"
                        + " embedding codes " + positions.alphabet() + " symbols per position");
            }
            return positions.alphabet();
        }
        return alphabet.orElse(DEFAULT_ALPHABET);
    }
}
