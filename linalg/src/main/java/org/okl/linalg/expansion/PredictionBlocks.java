package org.okl.linalg.expansion;

import java.util.function.UnaryOperator;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;

/**
 * Predicts many rows by blocks, so that the t x m kernel block against m centers or features never exceeds about
 * {@value #CELLS} entries (32 MiB) whatever t: predicting a streamed block of a large file against a model of many
 * training points stays within memory.
 */
public final class PredictionBlocks {
    /** The most kernel entries one block holds. */
    public static final int CELLS = 1 << 22;

    private PredictionBlocks() {
    }

    /**
     * Applies {@code predict} to blocks of rows and stacks the results.
     *
     * @param inputs  the rows (t x p)
     * @param width   the number of centers or features m
     * @param predict the predictions of a block (rows x D)
     */
    public static Matrix map(Matrix inputs, int width, UnaryOperator<Matrix> predict) {
        return mapRows(inputs, width, block -> predict.apply((Matrix) block));
    }

    /** {@link #map(Matrix, int, UnaryOperator)} for rows dense or sparse (blocks of the same kind). */
    public static Matrix mapRows(InputRows inputs, int width,
            java.util.function.Function<InputRows, Matrix> predict) {
        int t = inputs.rows();
        int rows = Math.max(1, CELLS / Math.max(1, width));
        if (t <= rows) {
            return predict.apply(inputs);
        }
        Matrix out = null;
        for (int from = 0; from < t; from += rows) {
            int to = Math.min(t, from + rows);
            Matrix part = predict.apply(inputs.rowRange(from, to));
            if (out == null) {
                out = Matrix.zeros(t, part.cols());
            }
            for (int j = 0; j < part.cols(); j++) {
                System.arraycopy(part.data(), j * part.rows(), out.data(), from + j * t, part.rows());
            }
        }
        return out;
    }
}
