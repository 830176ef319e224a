package org.okl.core;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;

/**
 * The squared distances {@code ||h(x_i) - z(y_i)||^2} of validation rows' predictions to the codes of their true
 * outputs, in an explicit output embedding's target space: what a {@link org.okl.api.metric.TargetSpaceMetric}
 * scores. They come from the embedding's pre-image criterion ({@code ||h - z(c)||^2 - ||h||^2}) with each row's own
 * output as its candidate, in blocks, so no code of a validation output is needed beyond what the embedding exposes.
 *
 * <p>Rows whose true output holds a NaN (a missing output) are left out, as {@code mse} leaves them out. A true output
 * the fold's embedding cannot code (a class absent from the fold's training rows) counts as a new code orthogonal to
 * the prediction, of the training codes' mean squared norm: {@code ||h||^2 + mean ||z(y_j)||^2} (for one-hot codes
 * exactly the distance to the new class's indicator).
 */
final class TargetSpaceDistances {
    /** Rows per block (one block's candidate-distance matrix is BLOCK x BLOCK). */
    static final int BLOCK = 256;

    private TargetSpaceDistances() {
    }

    /**
     * The distances of every row with a complete true output.
     *
     * @param embedding the fold's fitted embedding; it must be explicit
     * @param h         the predictions (t x d)
     * @param outputs   the true outputs, transformed as the fold's training outputs were (t x q)
     * @throws OklException when the embedding is implicit (an output kernel: its target space has no coordinates)
     */
    static double[] of(FittedOutputEmbedding embedding, Matrix h, Matrix outputs) {
        if (embedding.targets().isEmpty()) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, "selection metric 'target-mse' needs an explicit "
                    + "output embedding (coded targets); an output kernel's feature space has no coordinates to "
                    + "score in: use a decision metric");
        }
        int[] complete = IntStream.range(0, outputs.rows())
                .filter(i -> Arrays.stream(outputs.row(i)).noneMatch(Double::isNaN)).toArray();
        double newCode = meanSquaredRowNorm(embedding.targets().get());
        double[] out = new double[complete.length];
        for (int from = 0; from < complete.length; from += BLOCK) {
            int[] rows = Arrays.copyOfRange(complete, from, Math.min(complete.length, from + BLOCK));
            Matrix hb = h.selectRows(rows);
            Matrix d;
            try {
                d = embedding.candidateDistances(hb, outputs.selectRows(rows));
            } catch (IllegalArgumentException unknown) {
                d = null;
            }
            for (int r = 0; r < rows.length; r++) {
                double norm = squaredNorm(hb.row(r));
                double within = d != null ? d.get(r, r) : single(embedding, hb, outputs, rows[r], r, newCode);
                out[from + r] = within + norm;
            }
        }
        return out;
    }

    /** One row's criterion, or the new-code distance less ||h||^2 when the embedding cannot code its output. */
    private static double single(FittedOutputEmbedding embedding, Matrix hb, Matrix outputs, int row, int r,
            double newCode) {
        try {
            return embedding.candidateDistances(hb.rowRange(r, r + 1), outputs.rowRange(row, row + 1)).get(0, 0);
        } catch (IllegalArgumentException unknown) {
            return newCode;
        }
    }

    private static double meanSquaredRowNorm(Matrix z) {
        double s = 0;
        for (double v : z.data()) {
            s += v * v;
        }
        return z.rows() == 0 ? 0.0 : s / z.rows();
    }

    private static double squaredNorm(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x * x;
        }
        return s;
    }
}
