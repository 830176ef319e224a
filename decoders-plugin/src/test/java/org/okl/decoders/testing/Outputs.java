package org.okl.decoders.testing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.okl.api.linalg.Matrix;

/** Random outputs of the kinds the embeddings read. */
public final class Outputs {

    private Outputs() {
    }

    /** n distinct 0/1 label rows of q labels (q large enough for n distinct rows), shuffled. */
    public static Matrix distinctLabels(int n, int q, long seed) {
        List<Integer> codes = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            codes.add(i + 1);
        }
        Collections.shuffle(codes, new Random(seed));
        Matrix y = Matrix.zeros(n, q);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < q; j++) {
                y.set(i, j, (codes.get(i) >> j) & 1);
            }
        }
        return y;
    }

    /** n distinct class values (a shuffled 1.5 * k + 2 for k < n) in one column. */
    public static Matrix distinctClasses(int n, long seed) {
        List<Double> values = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            values.add(1.5 * k + 2);
        }
        Collections.shuffle(values, new Random(seed));
        Matrix y = Matrix.zeros(n, 1);
        for (int i = 0; i < n; i++) {
            y.set(i, 0, values.get(i));
        }
        return y;
    }
}
