package org.okl.decoders.output;

import org.okl.api.component.ComponentContext;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.data.DataFormatException;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;

/**
 * The {@code sequence} output for sequences of symbols (Kadri et al. 2013, OCR): the raw output has one column per
 * position holding the symbol code 1..A, or 0 for padding after the end of a shorter sequence. Each position is coded
 * one-hot over the A symbols and padding as all zeros, so the targets have A columns per position: K13's output
 * feature map, whose linear kernel counts the positions where two sequences agree.
 * {@link FittedOutputEmbedding#toOutputs(Matrix)} maps every position's block back to the code of its largest entry,
 * or 0 when the block is all zero (ties to the lower symbol). Decode with {@code per-position}.
 */
public final class SequenceEmbedding implements OutputEmbedding {

    /** The component id. */
    public static final String ID = "sequence";

    private final int alphabet;

    /** @param alphabet the number of symbols A, codes 1..A */
    public SequenceEmbedding(int alphabet) {
        if (alphabet < 1) {
            throw new InvalidParameterException(ID, "alphabet", "must be >= 1, got " + alphabet);
        }
        this.alphabet = alphabet;
    }

    @Override
    public FittedOutputEmbedding fit(OutputData data, ComponentContext context) {
        return new Fitted(alphabet, encode(alphabet, data.outputs(), "training outputs"), data.outputs().cols(),
                context);
    }

    /** One-hot codes per position (N x q A) of code sequences (N x q). */
    static Matrix encode(int alphabet, Matrix codes, String source) {
        int q = codes.cols();
        Matrix z = Matrix.zeros(codes.rows(), q * alphabet);
        for (int j = 0; j < q; j++) {
            for (int i = 0; i < codes.rows(); i++) {
                double v = codes.get(i, j);
                if (v != Math.rint(v) || v < 0 || v > alphabet) {
                    throw new DataFormatException(source, i + 1L, "position " + (j + 1), "value " + v
                            + " is not a symbol code; the '" + ID + "' output reads codes 1.." + alphabet
                            + " and 0 for padding");
                }
                if (v > 0) {
                    z.set(i, j * alphabet + (int) v - 1, 1.0);
                }
            }
        }
        return z;
    }

    /** The fitted sequence coding. */
    static final class Fitted extends ExplicitFittedEmbedding implements PositionCoding {
        private final int alphabet;
        private final int positions;

        Fitted(int alphabet, Matrix targets, int positions, ComponentContext context) {
            super(ID, targets, context.linearAlgebra());
            this.alphabet = alphabet;
            this.positions = positions;
        }

        @Override
        public int alphabet() {
            return alphabet;
        }

        @Override
        Matrix encode(Matrix outputs) {
            if (outputs.cols() != positions) {
                throw new IllegalArgumentException(ID + ": candidates have " + outputs.cols() + " positions, the"
                        + " training outputs " + positions);
            }
            return SequenceEmbedding.encode(alphabet, outputs, "candidates");
        }

        /** The code of the largest entry of each position's block, 0 when the block has no positive entry. */
        @Override
        public Matrix toOutputs(Matrix decisions) {
            checked(decisions);
            Matrix out = Matrix.zeros(decisions.rows(), positions);
            for (int i = 0; i < decisions.rows(); i++) {
                for (int j = 0; j < positions; j++) {
                    int best = -1;
                    double bestValue = 0.0;
                    for (int s = 0; s < alphabet; s++) {
                        double v = decisions.get(i, j * alphabet + s);
                        if (v > bestValue) {
                            best = s;
                            bestValue = v;
                        }
                    }
                    out.set(i, j, best + 1);
                }
            }
            return out;
        }
    }
}
