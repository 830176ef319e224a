package org.okl.linalg.streamed;

import java.io.Serializable;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.SquaredErrors;
import org.okl.linalg.TiledProducts;

/**
 * The squared-error sums of every validation fold at every path point, for predictions {@code Phi·beta_{f,j}} of
 * the model trained without fold f: what Falkon's last pass leaves ({@link FalkonPasses#validate}). With weights the
 * sums are weighted and {@link #result()} rescales each fold's to mean weight 1 (as {@link FoldAggregates} does), so a
 * metric of them is the weighted metric. Plain data, {@link Serializable} and mergeable.
 */
public final class ValidationSums implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int points;
    private final int outputs;
    private final long[][] counts;
    private final double[][] errors;
    private final double[][] sums;
    private final double[][] squares;
    private final double[] weights;
    private final long[] rows;

    /**
     * Empty sums.
     *
     * @param folds   the validation folds
     * @param points  the path points
     * @param outputs d
     */
    public ValidationSums(int folds, int points, int outputs) {
        this.points = points;
        this.outputs = outputs;
        int cells = Math.multiplyExact(points, outputs);
        this.counts = new long[folds][cells];
        this.errors = new double[folds][cells];
        this.sums = new double[folds][cells];
        this.squares = new double[folds][cells];
        this.weights = new double[folds];
        this.rows = new long[folds];
    }

    /** Every path point's weights of each fold side by side: per fold, m x (points·d). */
    public static Matrix[] stack(Matrix[][] weights, int folds) {
        Matrix[] stacked = new Matrix[folds];
        for (int f = 0; f < folds; f++) {
            Matrix s = weights[f][0];
            for (int j = 1; j < weights[f].length; j++) {
                s = s.stackColumns(weights[f][j]);
            }
            stacked[f] = s;
        }
        return stacked;
    }

    /**
     * Adds consecutive rows.
     *
     * @param first      the global index of the first row
     * @param inputs     their inputs
     * @param targets    their targets (rows x d)
     * @param rowWeights one weight per row, or {@code null} for weight 1
     * @param stacked    per fold, every path point's weights ({@link #stack})
     * @param context    the features, folds and back-end
     */
    public void add(long first, InputRows inputs, Matrix targets, double[] rowWeights, Matrix[] stacked,
            PassContext context) {
        TiledProducts products = context.products();
        int cells = points * outputs;
        context.forEachGroupPiece(first, inputs, counts.length, (f, part, phi, tasks, after) -> {
            Matrix truth = targets.selectRows(part);
            int pieces = (part.length + SketchBlocks.TASK_ROWS - 1) / SketchBlocks.TASK_ROWS;
            double[][][] partial = new double[pieces][][];
            for (int k = 0; k < pieces; k++) {
                int piece = k;
                int from = k * SketchBlocks.TASK_ROWS;
                int to = Math.min(part.length, from + SketchBlocks.TASK_ROWS);
                tasks.add(() -> partial[piece] = errors(products.multiply(phi.rowRange(from, to), stacked[f]),
                        truth.rowRange(from, to), part, from, rowWeights));
            }
            after.add(() -> {
                for (double[][] piece : partial) {
                    for (int cell = 0; cell < cells; cell++) {
                        counts[f][cell] += (long) piece[0][cell];
                        errors[f][cell] += piece[1][cell];
                        sums[f][cell] += piece[2][cell];
                        squares[f][cell] += piece[3][cell];
                    }
                }
                rows[f] += part.length;
                if (rowWeights == null) {
                    weights[f] += part.length;
                } else {
                    for (int i : part) {
                        weights[f] += rowWeights[i];
                    }
                }
            });
        });
    }

    /**
     * Per cell (path point, output) of some rows: the count of known targets, sum w (y - f)^2, sum w y and
     * sum w y^2, as four arrays.
     *
     * @param predicted their predictions at every path point (t x points·d)
     * @param truth     their targets (t x d; NaN unknown)
     * @param part      the rows' places in the block, {@code part[offset + i]} for row i
     * @param offset    where the rows start in {@code part}
     * @param rowWeights the block's weights, or {@code null}
     */
    private double[][] errors(Matrix predicted, Matrix truth, int[] part, int offset, double[] rowWeights) {
        int t = truth.rows();
        double[] y = truth.data();
        double[] p = predicted.data();
        double[][] out = new double[4][points * outputs];
        for (int j = 0; j < points; j++) {
            for (int c = 0; c < outputs; c++) {
                int cell = j * outputs + c;
                long n = 0;
                double e = 0;
                double s = 0;
                double q = 0;
                for (int i = 0; i < t; i++) {
                    double v = y[i + c * t];
                    if (!Double.isNaN(v)) {
                        double w = rowWeights == null ? 1.0 : rowWeights[part[offset + i]];
                        double r = v - p[i + cell * t];
                        n++;
                        e += w * r * r;
                        s += w * v;
                        q += w * v * v;
                    }
                }
                out[0][cell] = n;
                out[1][cell] = e;
                out[2][cell] = s;
                out[3][cell] = q;
            }
        }
        return out;
    }

    /** Adds other sums (of the same shape) to these and returns these. */
    public ValidationSums merge(ValidationSums other) {
        for (int f = 0; f < counts.length; f++) {
            for (int k = 0; k < counts[f].length; k++) {
                counts[f][k] += other.counts[f][k];
                errors[f][k] += other.errors[f][k];
                sums[f][k] += other.sums[f][k];
                squares[f][k] += other.squares[f][k];
            }
            weights[f] += other.weights[f];
            rows[f] += other.rows[f];
        }
        return this;
    }

    /**
     * The sums per fold and path point ([fold][point]), each fold's rescaled by its rows over its total weight.
     *
     * @throws IllegalArgumentException for a fold with rows but total weight 0
     */
    public SquaredErrors[][] result() {
        SquaredErrors[][] out = new SquaredErrors[counts.length][points];
        for (int f = 0; f < counts.length; f++) {
            double r = rows[f] == 0 || weights[f] == rows[f] ? 1.0 : rows[f] / weights[f];
            if (rows[f] > 0 && !(weights[f] > 0)) {
                throw new IllegalArgumentException("validation fold " + (f + 1) + " has " + rows[f] + " rows of "
                        + "total weight " + weights[f] + "; a fold needs a positive total weight");
            }
            for (int j = 0; j < points; j++) {
                long[] n = new long[outputs];
                double[] e = new double[outputs];
                double[] s = new double[outputs];
                double[] q = new double[outputs];
                for (int c = 0; c < outputs; c++) {
                    int cell = j * outputs + c;
                    n[c] = counts[f][cell];
                    e[c] = r * errors[f][cell];
                    s[c] = r * sums[f][cell];
                    q[c] = r * squares[f][cell];
                }
                out[f][j] = new SquaredErrors(n, e, s, q);
            }
        }
        return out;
    }
}
