package org.okl.core;

import java.util.Optional;
import org.okl.api.linalg.Matrix;

/** Helpers on raw predictions H. */
final class Predictions {
    private Predictions() {
    }

    /**
     * For multi-task models (H has one column per task), each row's own task column as a single column; otherwise H
     * unchanged.
     */
    static Matrix select(Matrix h, Optional<int[]> groups) {
        if (groups.isEmpty()) {
            return h;
        }
        int[] g = groups.get();
        Matrix out = Matrix.zeros(h.rows(), 1);
        for (int i = 0; i < g.length; i++) {
            if (g[i] < 0 || g[i] >= h.cols()) {
                throw new IllegalArgumentException("task " + g[i] + " of row " + (i + 1) + " was not seen in training");
            }
            out.set(i, 0, h.get(i, g[i]));
        }
        return out;
    }
}
