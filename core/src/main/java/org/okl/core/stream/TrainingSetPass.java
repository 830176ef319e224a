package org.okl.core.stream;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;

/**
 * One pass over the rows that applies the sketched Gram of several training sets at once: for every training set s
 * that asks, {@code Phi_s^T Phi_s V_s} (m x c_s) over the rows of s, where training set s < v leaves out validation
 * fold s and training set v (the number of validation folds) is every row. Per block: the features once,
 * {@code P = Phi_b [V_0 ... V_v]}, the rows of each set's left-out fold zeroed in its columns, and
 * {@code Phi_b^T P} added up: two products of b x m by m x (sum c_s), so the pass costs one kernel block per row
 * whatever the number of sets and right-hand sides.
 */
final class TrainingSetPass {
    private final SketchFeatures features;
    private final RowSource rows;
    private final FoldScheme scheme;
    private final LinearAlgebra linearAlgebra;
    private final int chunkRows;
    private final StreamTimings timings;

    TrainingSetPass(SketchFeatures features, RowSource rows, FoldScheme scheme, LinearAlgebra linearAlgebra,
            int chunkRows, StreamTimings timings) {
        this.features = features;
        this.rows = rows;
        this.scheme = scheme;
        this.linearAlgebra = linearAlgebra;
        this.chunkRows = chunkRows;
        this.timings = timings;
    }

    /** The number of training sets: one per validation fold, then all rows. */
    int sets() {
        return scheme.validationFolds() + 1;
    }

    /**
     * Applies every asking set's Gram in one pass.
     *
     * @param v per training set, V_s (m x c_s), or {@code null} when the set does not ask
     * @return per training set, {@code Phi_s^T Phi_s V_s}, or {@code null}
     */
    Matrix[] apply(Matrix[] v) {
        int m = features.size();
        int sets = v.length;
        int[] offsets = new int[sets + 1];
        for (int s = 0; s < sets; s++) {
            offsets[s + 1] = offsets[s] + (v[s] == null ? 0 : v[s].cols());
        }
        int total = offsets[sets];
        Matrix[] out = new Matrix[sets];
        if (total == 0) {
            return out;
        }
        Matrix stacked = Matrix.zeros(m, total);
        for (int s = 0; s < sets; s++) {
            if (v[s] != null) {
                System.arraycopy(v[s].data(), 0, stacked.data(), offsets[s] * m, v[s].data().length);
            }
        }
        Matrix sum = Matrix.zeros(m, total);
        int folds = scheme.validationFolds();
        Passes.run(rows, timings, (first, inputs, outputs) -> {
            int t = inputs.rows();
            int[] groups = new int[t];
            scheme.groupsOf(first, t, groups);
            for (int from = 0; from < t; from += chunkRows) {
                int to = Math.min(t, from + chunkRows);
                long start = System.nanoTime();
                Matrix phi = features.features(from == 0 && to == t ? inputs : inputs.rowRange(from, to));
                long mid = System.nanoTime();
                Matrix p = linearAlgebra.multiply(phi, stacked);
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
                linearAlgebra.gemm(1.0, phi, true, p, false, 1.0, sum);
                timings.kernel(mid - start);
                timings.products(System.nanoTime() - mid);
            }
        });
        for (int s = 0; s < sets; s++) {
            if (v[s] != null) {
                out[s] = sum.columnRange(offsets[s], offsets[s + 1]);
            }
        }
        return out;
    }
}
