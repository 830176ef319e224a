package org.okl.kernels.matrix;

import org.okl.api.component.ComponentContext;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;

/**
 * {@code low-rank}: {@code A = B B^T + diag(d)} with B (q x r) and d >= 0, positive semi-definite by construction;
 * the form the automatic pipeline's learned candidate fits to the data (a rank-r coupling of the outputs plus an
 * independent part per output).
 */
public final class LowRankMatrix implements OutputMatrix {
    private final Matrix factor;
    private final double[] diagonal;

    /**
     * @param factor   B, q x r
     * @param diagonal d, q entries >= 0
     */
    public LowRankMatrix(Matrix factor, double[] diagonal) {
        this.factor = factor;
        this.diagonal = diagonal.clone();
    }

    @Override
    public Matrix build(Matrix targets, ComponentContext context) {
        int q = diagonal.length;
        if (targets.cols() != q) {
            throw new InvalidParameterException("low-rank", "diagonal", "has " + q + " entries for "
                    + targets.cols() + " outputs");
        }
        Matrix a = Matrix.zeros(q, q);
        for (int i = 0; i < q; i++) {
            for (int j = 0; j < q; j++) {
                double s = i == j ? diagonal[i] : 0.0;
                for (int c = 0; c < factor.cols(); c++) {
                    s += factor.get(i, c) * factor.get(j, c);
                }
                a.set(i, j, s);
            }
        }
        return a;
    }
}
