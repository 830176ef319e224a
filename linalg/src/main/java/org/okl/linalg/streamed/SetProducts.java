package org.okl.linalg.streamed;

import java.io.Serializable;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.TiledProducts;
import org.okl.linalg.parallel.Workers;

/**
 * The products one pass of {@link FalkonPasses#apply} adds up: for every training set s that asks,
 * {@code Phi_s^T W_s Phi_s V_s} (m x c_s) over the rows of s, where training set s &lt; v leaves out validation fold
 * s and training set v (the number of validation folds) is every row. Per chunk of a block, in three parallel steps
 * on the context's workers: the features (tasks of {@value SketchBlocks#TASK_ROWS} rows), then
 * {@code P = Phi_b [V_0 ... V_v]} by the same rows with the rows of each set's left-out fold zeroed in its columns
 * (and every row times its weight), then {@code Phi_b^T P} added by row tiles ({@link TiledProducts}): the pass
 * costs one kernel block per row whatever the number of sets and right-hand sides, and gives the same sums on any
 * number of threads. Plain data, {@link Serializable} and mergeable.
 */
public final class SetProducts implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int features;
    private final int[] offsets;
    private final double[] sum;

    /**
     * Empty products.
     *
     * @param features m
     * @param offsets  per set, its first column among the stacked right-hand sides, then their number
     *                 ({@link #offsets})
     */
    public SetProducts(int features, int[] offsets) {
        this.features = features;
        this.offsets = offsets.clone();
        this.sum = new double[Math.multiplyExact(features, offsets[offsets.length - 1])];
    }

    /** The columns of every set's right-hand sides when stacked: per set its first column, then their number. */
    public static int[] offsets(Matrix[] v) {
        int[] offsets = new int[v.length + 1];
        for (int s = 0; s < v.length; s++) {
            offsets[s + 1] = offsets[s] + (v[s] == null ? 0 : v[s].cols());
        }
        return offsets;
    }

    /** Every set's right-hand sides side by side (m x total), the sets that do not ask taking no column. */
    public static Matrix stack(Matrix[] v, int features) {
        int[] offsets = offsets(v);
        Matrix stacked = Matrix.zeros(features, offsets[v.length]);
        for (int s = 0; s < v.length; s++) {
            if (v[s] != null) {
                System.arraycopy(v[s].data(), 0, stacked.data(), offsets[s] * features, v[s].data().length);
            }
        }
        return stacked;
    }

    /**
     * Adds consecutive rows.
     *
     * @param first      the global index of the first row
     * @param inputs     their inputs
     * @param rowWeights one weight per row, or {@code null} for weight 1
     * @param stacked    the right-hand sides ({@link #stack})
     * @param context    the features, folds and back-end
     */
    public void add(long first, InputRows inputs, double[] rowWeights, Matrix stacked, PassContext context) {
        int t = inputs.rows();
        int sets = offsets.length - 1;
        int total = offsets[sets];
        int folds = Math.min(sets, context.scheme().validationFolds());
        int[] groups = new int[t];
        context.scheme().groupsOf(first, t, groups);
        Matrix sums = new Matrix(features, total, sum);
        TiledProducts products = context.products();
        Workers workers = context.workers();
        int chunkRows = context.chunkRows();
        for (int from = 0; from < t; from += chunkRows) {
            int to = Math.min(t, from + chunkRows);
            int b = to - from;
            long start = System.nanoTime();
            Matrix phi = SketchBlocks.features(context.features(), from == 0 && to == t ? inputs
                    : inputs.rowRange(from, to), workers);
            long mid = System.nanoTime();
            Matrix p = Matrix.zeros(b, total);
            int pieces = (b + SketchBlocks.TASK_ROWS - 1) / SketchBlocks.TASK_ROWS;
            int base = from;
            workers.forEach(pieces, k -> {
                int a = k * SketchBlocks.TASK_ROWS;
                int e = Math.min(b, a + SketchBlocks.TASK_ROWS);
                Matrix part = products.multiply(phi.rowRange(a, e), stacked);
                double[] pd = part.data();
                int r = e - a;
                for (int s = 0; s < folds; s++) {
                    for (int i = 0; i < r; i++) {
                        if (groups[base + a + i] == s) {
                            for (int c = offsets[s]; c < offsets[s + 1]; c++) {
                                pd[i + c * r] = 0;
                            }
                        }
                    }
                }
                if (rowWeights != null) {
                    for (int c = 0; c < total; c++) {
                        for (int i = 0; i < r; i++) {
                            pd[i + c * r] *= rowWeights[base + a + i];
                        }
                    }
                }
                SketchBlocks.copyRows(part, p, a);
            });
            products.addTransposedProduct(phi, p, sums, workers);
            context.timings().kernel(mid - start);
            context.timings().products(System.nanoTime() - mid);
        }
    }

    /** Adds other products (of the same sets) to these and returns these. */
    public SetProducts merge(SetProducts other) {
        if (!java.util.Arrays.equals(other.offsets, offsets) || other.features != features) {
            throw new IllegalArgumentException("products of other sets");
        }
        for (int k = 0; k < sum.length; k++) {
            sum[k] += other.sum[k];
        }
        return this;
    }

    /** Per training set, {@code Phi_s^T W_s Phi_s V_s}, or {@code null} for a set that did not ask. */
    public Matrix[] products() {
        int sets = offsets.length - 1;
        Matrix[] out = new Matrix[sets];
        Matrix total = new Matrix(features, offsets[sets], sum);
        for (int s = 0; s < sets; s++) {
            if (offsets[s + 1] > offsets[s]) {
                out[s] = total.columnRange(offsets[s], offsets[s + 1]);
            }
        }
        return out;
    }
}
