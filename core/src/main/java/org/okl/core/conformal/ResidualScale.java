package org.okl.core.conformal;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * A fitted residual scale {@code s_c(x)} per output for normalised (locally adaptive) conformal scores
 * {@code |y_c - mu_c(x)| / s_c(x)} (Lei, G'Sell, Rinaldo, Tibshirani and Wasserman 2018, §5.2; Papadopoulos et al.
 * 2008): kernel ridge of the log absolute out-of-sample residuals on the training inputs,
 * {@code g_c(x) = m_c + k(x, X) beta_c} with {@code m_c} the mean of {@code l_ic = log max(|R_ic|, e_c)} and
 * {@code beta_c = (K + n lambda I)^{-1} (l_c - m_c)}, then {@code s_c(x) = max(exp(g_c(x)), floor_c)}. The small
 * residual {@code e_c} and the floor are {@link #FLOOR} times output c's residual root mean square, so that no score
 * divides by (nearly) zero. It is fitted on training rows only; a model stores it as one (n + 2) x q array
 * ({@link #array()}: the n rows of beta, then m, then the floor).
 */
public final class ResidualScale {
    /** The floor of the scale and of the residuals whose log is fitted, as a fraction of the residual RMS. */
    public static final double FLOOR = 0.05;
    /** The ridge of the scale fit, {@code lambda} above (a smooth scale: it is fitted on noisy log residuals). */
    public static final double LAMBDA = 1e-3;
    private final Matrix beta;
    private final double[] mean;
    private final double[] floor;

    private ResidualScale(Matrix beta, double[] mean, double[] floor) {
        this.beta = beta;
        this.mean = mean;
        this.floor = floor;
    }

    /**
     * Fits the scale to the out-of-sample residuals R (n x q) of the training rows whose Gram is k (n x n).
     *
     * @throws IllegalArgumentException when the shapes disagree or a residual is not finite
     */
    public static ResidualScale fit(Matrix k, Matrix residuals, LinearAlgebra la) {
        int n = residuals.rows();
        int q = residuals.cols();
        if (k.rows() != n || k.cols() != n) {
            throw new IllegalArgumentException("a " + k.rows() + " x " + k.cols() + " Gram for " + n + " residuals");
        }
        double[] mean = new double[q];
        double[] floor = new double[q];
        Matrix centred = Matrix.zeros(n, q);
        for (int c = 0; c < q; c++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                double r = residuals.get(i, c);
                if (!Double.isFinite(r)) {
                    throw new IllegalArgumentException("residuals must be finite, not " + r);
                }
                sum += r * r;
            }
            double rms = Math.sqrt(sum / n);
            floor[c] = rms > 0 ? FLOOR * rms : Double.MIN_NORMAL;
            double total = 0;
            for (int i = 0; i < n; i++) {
                double l = Math.log(Math.max(Math.abs(residuals.get(i, c)), floor[c]));
                centred.set(i, c, l);
                total += l;
            }
            mean[c] = total / n;
            for (int i = 0; i < n; i++) {
                centred.set(i, c, centred.get(i, c) - mean[c]);
            }
        }
        Matrix shifted = k.toDense().addToDiagonal(n * LAMBDA);
        Matrix beta = la.cholesky(shifted).map(l -> la.choleskySolve(l, centred))
                .orElseGet(() -> la.solve(shifted, centred));
        return new ResidualScale(beta, mean, floor);
    }

    /**
     * A stored scale ({@link #array()}).
     *
     * @throws IllegalArgumentException when the array has fewer than 3 rows or a floor is not positive
     */
    public static ResidualScale of(Matrix array) {
        int n = array.rows() - 2;
        if (n < 1) {
            throw new IllegalArgumentException("a stored residual scale needs at least 3 rows, not " + array.rows());
        }
        int q = array.cols();
        double[] mean = new double[q];
        double[] floor = new double[q];
        for (int c = 0; c < q; c++) {
            mean[c] = array.get(n, c);
            floor[c] = array.get(n + 1, c);
            if (!(floor[c] > 0)) {
                throw new IllegalArgumentException("the stored residual scale's floor must be positive, not "
                        + floor[c]);
            }
        }
        return new ResidualScale(array.rowRange(0, n), mean, floor);
    }

    /** The scale as one array: beta (n x q), then the means m, then the floors (for the model file). */
    public Matrix array() {
        return beta.stackRows(Matrix.fromRows(new double[][] {mean, floor}));
    }

    /** The number of training rows n the scale is a kernel expansion over. */
    public int rows() {
        return beta.rows();
    }

    /** {@code s_c(x)} at points whose cross Gram {@code k(x, X)} (m x n) is given: m x q. */
    public Matrix at(Matrix cross, LinearAlgebra la) {
        Matrix g = la.multiply(cross.toDense(), beta);
        Matrix s = Matrix.zeros(g.rows(), g.cols());
        for (int t = 0; t < g.rows(); t++) {
            for (int c = 0; c < g.cols(); c++) {
                s.set(t, c, Math.max(Math.exp(mean[c] + g.get(t, c)), floor[c]));
            }
        }
        return s;
    }
}
