package org.okl.core.stream;

import java.io.Serializable;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;

/**
 * The products one pass of {@link FalkonPasses#apply} adds up: for every training set s that asks,
 * {@code Phi_s^T W_s Phi_s V_s} (m x c_s) over the rows of s, where training set s &lt; v leaves out validation fold
 * s and training set v (the number of validation folds) is every row. Per chunk of a block: the features once,
 * {@code P = Phi_b [V_0 ... V_v]}, the rows of each set's left-out fold zeroed in its columns (and every row times
 * its weight), and {@code Phi_b^T P} added: two products of b x m by m x (sum c_s), so the pass costs one kernel
 * block per row whatever the number of sets and right-hand sides. Plain data, {@link Serializable} and mergeable.
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
        int folds = context.scheme().validationFolds();
        int[] groups = new int[t];
        context.scheme().groupsOf(first, t, groups);
        Matrix total = new Matrix(features, offsets[sets], sum);
        int chunkRows = context.chunkRows();
        for (int from = 0; from < t; from += chunkRows) {
            int to = Math.min(t, from + chunkRows);
            long start = System.nanoTime();
            Matrix phi = context.features().features(from == 0 && to == t ? inputs : inputs.rowRange(from, to));
            long mid = System.nanoTime();
            Matrix p = context.linearAlgebra().multiply(phi, stacked);
            int b = to - from;
            double[] pd = p.data();
            for (int s = 0; s < Math.min(sets, folds); s++) {
                for (int i = 0; i < b; i++) {
                    if (groups[from + i] == s) {
                        for (int c = offsets[s]; c < offsets[s + 1]; c++) {
                            pd[i + c * b] = 0;
                        }
                    }
                }
            }
            if (rowWeights != null) {
                for (int c = 0; c < p.cols(); c++) {
                    for (int i = 0; i < b; i++) {
                        pd[i + c * b] *= rowWeights[from + i];
                    }
                }
            }
            context.linearAlgebra().gemm(1.0, phi, true, p, false, 1.0, total);
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
