package org.okl.decoders.output;

import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.RowwiseOutputEmbedding;

/**
 * The {@code vector} output: the outputs are the regression targets as they are (multi-output regression, B12).
 * Scores are the predictions, {@code toOutputs} is the identity and the pre-image criterion over candidates is
 * {@code ||c||^2 - 2 h . c}. Row-wise: the codes are the outputs, so it streams and needs no stored outputs.
 */
public final class VectorEmbedding implements RowwiseOutputEmbedding {

    /** The component id. */
    public static final String ID = "vector";

    @Override
    public FittedOutputEmbedding fit(OutputData data, ComponentContext context) {
        return new Fitted(data.outputs(), context);
    }

    /** Fitted without rows: the targets are the outputs themselves. */
    @Override
    public FittedOutputEmbedding fitFor(int columns, ComponentContext context) {
        return new Fitted(Matrix.zeros(0, columns), context);
    }

    @Override
    public Matrix encode(Matrix outputs) {
        return outputs;
    }

    /** The fitted vector embedding. */
    static final class Fitted extends ExplicitFittedEmbedding {

        Fitted(Matrix outputs, ComponentContext context) {
            super(ID, outputs, context.linearAlgebra());
        }

        @Override
        Matrix encode(Matrix outputs) {
            if (outputs.cols() != dimension()) {
                throw new IllegalArgumentException(ID + ": candidates have " + outputs.cols()
                        + " columns, the training outputs " + dimension());
            }
            return outputs;
        }

        @Override
        public Matrix toOutputs(Matrix decisions) {
            return checked(decisions).copy();
        }
    }
}
