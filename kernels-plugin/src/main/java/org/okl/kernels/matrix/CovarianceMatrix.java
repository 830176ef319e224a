package org.okl.kernels.matrix;

import org.okl.api.component.ComponentContext;
import org.okl.api.data.DataFormatException;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;

/**
 * The output covariance {@code A = Y^T Y / n} of the training targets (uncentred by default, as K13's covariance
 * operator, eq. 5; with {@code centred}, Y's column means are subtracted first), optionally shrunk toward a multiple
 * of the identity: {@code A = (1 - s) · A + s · (tr(A) / d) · I}, s = {@code shrinkage}. The targets must be complete
 * (no NaN).
 */
public final class CovarianceMatrix implements OutputMatrix {
    private final double shrinkage;
    private final boolean centred;

    /**
     * @param shrinkage the weight of the scaled identity, in [0, 1]
     * @param centred   whether to subtract the column means of the targets
     */
    public CovarianceMatrix(double shrinkage, boolean centred) {
        this.shrinkage = shrinkage;
        this.centred = centred;
    }

    /** Estimated from the training targets. */
    @Override
    public boolean fromTargets() {
        return true;
    }

    @Override
    public Matrix build(Matrix targets, ComponentContext context) {
        int n = targets.rows();
        int d = targets.cols();
        if (n == 0) {
            throw new IllegalArgumentException("covariance: the matrix is estimated from the training targets, and "
                    + "none were given (a block operator kernel does not see the targets)");
        }
        if (!targets.isFinite()) {
            throw new DataFormatException("the training targets", "contain NaN or infinite values; the covariance "
                    + "output matrix needs complete targets: drop the incomplete rows or choose another output matrix");
        }
        Matrix y = centred ? centre(targets) : targets;
        Matrix a = context.linearAlgebra().innerGram(y).times(1.0 / n).symmetrize();
        if (shrinkage > 0) {
            double trace = 0;
            for (int i = 0; i < d; i++) {
                trace += a.get(i, i);
            }
            a = a.times(1.0 - shrinkage).addToDiagonal(shrinkage * trace / d);
        }
        return SymmetricMatrices.requirePsd("covariance", "shrinkage", a, d, context.linearAlgebra());
    }

    private static Matrix centre(Matrix y) {
        Matrix c = y.copy();
        int n = y.rows();
        double[] data = c.data();
        for (int j = 0; j < y.cols(); j++) {
            double mean = 0;
            for (int i = 0; i < n; i++) {
                mean += data[i + j * n];
            }
            mean /= n;
            for (int i = 0; i < n; i++) {
                data[i + j * n] -= mean;
            }
        }
        return c;
    }
}
