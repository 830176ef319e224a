package org.okl.decoders.output;

import org.okl.api.component.ComponentContext;
import org.okl.api.data.DataFormatException;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.RowwiseOutputEmbedding;

/**
 * The {@code labels} output for multi-label data: every output column is a label read as 0 or 1 (NaN marks a missing
 * label and stays NaN) and coded as the chosen {@link LabelCoding.Coding} (zero-one, or plus-minus as in Minh and Sindhwani 2011). Scores are the
 * predictions; {@link FittedOutputEmbedding#toOutputs(Matrix)} maps coded values back to the 0/1 scale linearly, so
 * the coding's two values become exactly 0 and 1. Row-wise: it streams and needs no stored outputs.
 */
public final class LabelEmbedding implements RowwiseOutputEmbedding {

    /** The component id. */
    public static final String ID = "labels";

    private final LabelCoding.Coding coding;

    /** @param coding how labels are coded for the regression */
    public LabelEmbedding(LabelCoding.Coding coding) {
        this.coding = coding;
    }

    @Override
    public FittedOutputEmbedding fit(OutputData data, ComponentContext context) {
        return new Fitted(coding, encode(coding, data.outputs(), "training outputs"), context);
    }

    /** Fitted without rows: every label is coded on its own. */
    @Override
    public FittedOutputEmbedding fitFor(int columns, ComponentContext context) {
        return new Fitted(coding, Matrix.zeros(0, columns), context);
    }

    @Override
    public Matrix encode(Matrix outputs) {
        return encode(coding, outputs, "training outputs");
    }

    /** Codes 0/1 labels, keeps NaN (a missing label) as NaN; any other value is rejected naming its row and column. */
    static Matrix encode(LabelCoding coding, Matrix labels, String source) {
        Matrix z = Matrix.zeros(labels.rows(), labels.cols());
        double[] in = labels.data();
        double[] out = z.data();
        for (int k = 0; k < in.length; k++) {
            double v = in[k];
            if (v == 0.0) {
                out[k] = coding.negative();
            } else if (v == 1.0) {
                out[k] = coding.positive();
            } else if (Double.isNaN(v)) {
                out[k] = Double.NaN;
            } else {
                int row = k % labels.rows();
                int col = k / labels.rows();
                throw new DataFormatException(source, row + 1L, "label column " + (col + 1),
                        "value " + v + " is not a label; the '" + ID + "' output reads labels as 0 or 1");
            }
        }
        return z;
    }

    /** The fitted label coding. */
    static final class Fitted extends ExplicitFittedEmbedding implements LabelCoding {
        private final LabelCoding coding;

        Fitted(LabelCoding coding, Matrix targets, ComponentContext context) {
            super(ID, targets, context.linearAlgebra());
            this.coding = coding;
        }

        @Override
        public double negative() {
            return coding.negative();
        }

        @Override
        public double positive() {
            return coding.positive();
        }

        @Override
        Matrix encode(Matrix outputs) {
            if (outputs.cols() != dimension()) {
                throw new IllegalArgumentException(ID + ": candidates have " + outputs.cols() + " labels, the training"
                        + " outputs " + dimension());
            }
            return LabelEmbedding.encode(coding, outputs, "candidates");
        }

        /** Maps coded values v to {@code (v - negative) / (positive - negative)}: the coding's values to 0 and 1. */
        @Override
        public Matrix toOutputs(Matrix decisions) {
            Matrix out = checked(decisions).copy();
            double[] d = out.data();
            double neg = coding.negative();
            double span = coding.positive() - neg;
            for (int k = 0; k < d.length; k++) {
                d[k] = (d[k] - neg) / span;
            }
            return out;
        }
    }
}
