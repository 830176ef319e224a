package org.okl.core.stream;

import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;
import org.okl.core.linalg.TiledProducts;
import org.okl.core.parallel.Workers;

/**
 * One pass over the rows that applies the sketched Gram of several training sets at once: for every training set s
 * that asks, {@code Phi_s^T Phi_s V_s} (m x c_s) over the rows of s, where training set s < v leaves out validation
 * fold s and training set v (the number of validation folds) is every row. Per piece of a block, in three parallel
 * steps on the {@link Workers}: the features (tasks of {@value SketchBlocks#FEATURE_ROWS} rows), then
 * {@code P = Phi_b [V_0 ... V_v]} by the same rows with the rows of each set's left-out fold zeroed in its columns,
 * then {@code Phi_b^T P} added up by row tiles ({@link TiledProducts}): the pass costs one kernel block per row
 * whatever the number of sets and right-hand sides, and gives the same sums on any number of threads.
 */
final class TrainingSetPass {
    private final SketchFeatures features;
    private final RowSource rows;
    private final FoldScheme scheme;
    private final TiledProducts products;
    private final int chunkRows;
    private final StreamTimings timings;
    private final Workers workers;

    TrainingSetPass(SketchFeatures features, RowSource rows, FoldScheme scheme, TiledProducts products,
            int chunkRows, StreamTimings timings, Workers workers) {
        this.features = features;
        this.rows = rows;
        this.scheme = scheme;
        this.products = products;
        this.chunkRows = chunkRows;
        this.timings = timings;
        this.workers = workers;
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
        int folds = Math.min(sets, scheme.validationFolds());
        Passes.run(rows, timings, (first, inputs, outputs) -> {
            int t = inputs.rows();
            int[] groups = new int[t];
            scheme.groupsOf(first, t, groups);
            for (int from = 0; from < t; from += chunkRows) {
                int to = Math.min(t, from + chunkRows);
                int b = to - from;
                long start = System.nanoTime();
                Matrix phi = SketchBlocks.features(features, from == 0 && to == t ? inputs : inputs.rowRange(from,
                        to), workers);
                long mid = System.nanoTime();
                Matrix p = Matrix.zeros(b, total);
                int pieces = (b + SketchBlocks.FEATURE_ROWS - 1) / SketchBlocks.FEATURE_ROWS;
                int base = from;
                workers.forEach(pieces, k -> {
                    int a = k * SketchBlocks.FEATURE_ROWS;
                    int e = Math.min(b, a + SketchBlocks.FEATURE_ROWS);
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
                    SketchBlocks.copyRows(part, p, a);
                });
                products.addTransposedProduct(phi, p, sum, workers);
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
