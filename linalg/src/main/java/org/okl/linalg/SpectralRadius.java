package org.okl.linalg;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/**
 * The largest eigenvalue of a symmetric positive semi-definite operator known only through its action, by Lanczos
 * with full reorthogonalisation, stopped when the residual bound of the top Ritz pair falls below 1e-10 relative
 * (or the Krylov space is exhausted, when the value is exact).
 */
public final class SpectralRadius {
    /** The relative accuracy the result is converged to. */
    public static final double TOLERANCE = 1e-10;

    private static final int CHECK_EVERY = 4;

    private SpectralRadius() {
    }

    /**
     * The largest eigenvalue of the operator.
     *
     * @param operator      the action M -> Op(M) on matrices of the given shape (a vector space of rows·cols)
     * @param rows          rows of the operand
     * @param cols          columns of the operand
     * @param seed          seed of the random start vector
     * @param linearAlgebra back-end for the small tridiagonal eigenproblems
     */
    public static double largestEigenvalue(UnaryOperator<Matrix> operator, int rows, int cols, long seed,
            LinearAlgebra linearAlgebra) {
        int size = rows * cols;
        int maxSteps = Math.min(size, 400);
        Random random = new Random(seed);
        Matrix v = Matrix.zeros(rows, cols);
        for (int k = 0; k < size; k++) {
            v.data()[k] = random.nextGaussian();
        }
        Frobenius.scale(v, 1 / Frobenius.norm(v));
        List<Matrix> basis = new ArrayList<>();
        double[] alpha = new double[maxSteps];
        double[] beta = new double[maxSteps];
        double theta = 0;
        for (int m = 0; m < maxSteps; m++) {
            basis.add(v);
            Matrix w = operator.apply(v);
            alpha[m] = Frobenius.dot(w, v);
            for (int pass = 0; pass < 2; pass++) {
                for (Matrix q : basis) {
                    Frobenius.axpy(-Frobenius.dot(w, q), q, w);
                }
            }
            beta[m] = Frobenius.norm(w);
            boolean exhausted = beta[m] <= 1e-14 * Math.max(Math.abs(alpha[m]), 1e-300) || m + 1 == maxSteps;
            if (exhausted || (m + 1) % CHECK_EVERY == 0) {
                SymmetricEigen ritz = linearAlgebra.eigenSymmetric(tridiagonal(alpha, beta, m + 1));
                theta = ritz.values()[0];
                double residual = beta[m] * Math.abs(ritz.vectors().get(m, 0));
                if (exhausted || residual <= TOLERANCE * Math.abs(theta)) {
                    return Math.max(theta, 0.0);
                }
            }
            v = w;
            Frobenius.scale(v, 1 / beta[m]);
        }
        return Math.max(theta, 0.0);
    }

    private static Matrix tridiagonal(double[] alpha, double[] beta, int m) {
        Matrix t = Matrix.zeros(m, m);
        for (int i = 0; i < m; i++) {
            t.set(i, i, alpha[i]);
            if (i + 1 < m) {
                t.set(i + 1, i, beta[i]);
                t.set(i, i + 1, beta[i]);
            }
        }
        return t;
    }
}
