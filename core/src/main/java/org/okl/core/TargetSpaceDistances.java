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
 * scores. The codes are read once per split off the embedding's pre-image criterion, which for an explicit embedding
 * is {@code ||z(c)||^2 - 2 h . z(c)}: at h = 0 it is {@code ||z(c)||^2}, at the unit vector e_k it is that less
 * {@code 2 z_k(c)}. Every path point's distances then take one pass over its predictions.
 *
 * <p>Rows whose true output holds a NaN (a missing output) are left out, as {@code mse} leaves them out. A true output
 * the fold's embedding cannot code (a class absent from the fold's training rows) counts as a new code orthogonal to
 * the prediction, of the training codes' mean squared norm: {@code ||h||^2 + mean ||z(y_j)||^2} (for one-hot codes
 * exactly the distance to the new class's indicator).
 */
final class TargetSpaceDistances {
    /** The validation rows with a complete true output. */
    private final int[] rows;
    /** Per such row, its true output's code, or null when the embedding cannot code it. */
    private final double[][] codes;
    private final double newCode;

    private TargetSpaceDistances(int[] rows, double[][] codes, double newCode) {
        this.rows = rows;
        this.codes = codes;
        this.newCode = newCode;
    }

    /**
     * The codes of the true outputs of a split's validation rows.
     *
     * @param embedding the fold's fitted embedding; it must be explicit
     * @param outputs   the true outputs, transformed as the fold's training outputs were (t x q)
     * @throws OklException when the embedding is implicit (an output kernel: its target space has no coordinates)
     */
    static TargetSpaceDistances of(FittedOutputEmbedding embedding, Matrix outputs) {
        if (embedding.targets().isEmpty()) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, "selection metric 'target-mse' needs an explicit "
                    + "output embedding (coded targets); an output kernel's feature space has no coordinates to "
                    + "score in: use a decision metric");
        }
        Matrix targets = embedding.targets().get();
        int d = targets.cols();
        int[] complete = IntStream.range(0, outputs.rows())
                .filter(i -> Arrays.stream(outputs.row(i)).noneMatch(Double::isNaN)).toArray();
        Matrix probes = Matrix.zeros(d + 1, d);
        for (int k = 0; k < d; k++) {
            probes.set(k + 1, k, 1.0);
        }
        double[][] codes = new double[complete.length][];
        try {
            Matrix criterion = embedding.candidateDistances(probes, outputs.selectRows(complete));
            for (int r = 0; r < complete.length; r++) {
                codes[r] = code(criterion, r, d);
            }
        } catch (IllegalArgumentException unknown) {
            for (int r = 0; r < complete.length; r++) {
                try {
                    codes[r] = code(embedding.candidateDistances(probes, outputs.rowRange(complete[r],
                            complete[r] + 1)), 0, d);
                } catch (IllegalArgumentException notCoded) {
                    codes[r] = null;
                }
            }
        }
        return new TargetSpaceDistances(complete, codes, meanSquaredRowNorm(targets));
    }

    /** Column c's code from the criterion at the probes 0, e_1, ..., e_d. */
    private static double[] code(Matrix criterion, int c, int d) {
        double[] z = new double[d];
        for (int k = 0; k < d; k++) {
            z[k] = (criterion.get(0, c) - criterion.get(k + 1, c)) / 2;
        }
        return z;
    }

    /**
     * The distances of every row with a complete true output.
     *
     * @param h the predictions of the validation rows (t x d)
     */
    double[] distances(Matrix h) {
        double[] out = new double[rows.length];
        for (int r = 0; r < rows.length; r++) {
            double s = 0;
            for (int k = 0; k < h.cols(); k++) {
                double e = h.get(rows[r], k) - (codes[r] == null ? 0.0 : codes[r][k]);
                s += e * e;
            }
            out[r] = codes[r] == null ? s + newCode : s;
        }
        return out;
    }

    private static double meanSquaredRowNorm(Matrix z) {
        double s = 0;
        for (double v : z.data()) {
            s += v * v;
        }
        return z.rows() == 0 ? 0.0 : s / z.rows();
    }
}
