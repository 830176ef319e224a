package org.okl.linalg.learn;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/**
 * The negative log marginal likelihood of the Gaussian process equivalent to separable Tikhonov regression
 * (Rasmussen and Williams 2006, eq. 5.8 and 5.9), for the intrinsic coregionalisation model
 * {@code Sigma = K ⊗ A + s2 I} with an ARD Gaussian or Laplacian K and {@code A = B B^T + diag(d)}; its value and
 * exact gradient come from one eigendecomposition of K (n x n) and one of A (q x q), never an (nq x nq) matrix.
 *
 * <p>With {@code K = U diag(s) U^T}, {@code A = V diag(a) V^T} and {@code C = U ((U^T Y V) ./ (s a^T + s2)) V^T}
 * (the Tikhonov coefficients for {@code n lambda = s2}): value = {@code <Y, C>/2 + sum log(s_l a_j + s2)/2 + nq
 * log(2 pi)/2}; for a parameter of K, the gradient is {@code <dK, M - C A C^T>/2} with {@code M = U diag(c) U^T},
 * {@code c_l = sum_j a_j / (s_l a_j + s2)}; for A it is {@code G_A = (N - C^T K C)/2} with
 * {@code N = V diag(e) V^T}, {@code e_j = sum_l s_l / (s_l a_j + s2)}; for s2 it is
 * {@code (sum 1/(s a + s2) - <C, C>)/2}.
 *
 * <p>Parameters, in order: log widths (p), B (q x r, column-major), log d (q), log (s2 - s2_min). The noise has a
 * floor, {@code s2_min = 1e-5} times the targets' mean square, the lower bound scikit-learn's {@code WhiteKernel}
 * puts on the noise of normalised targets: without it noise-free targets drive s2 towards 0 (lambda 1e-55 was seen),
 * an unregularised interpolation whose coefficients magnify every rounding error of the kernel.
 */
public final class IcmLikelihood implements Lbfgs.Objective {
    private static final double LOG_2PI = Math.log(2 * Math.PI);
    /** The noise floor relative to the targets' mean square (scikit-learn's WhiteKernel bound, 1e-5). */
    static final double NOISE_FLOOR = 1e-5;
    private final Matrix x;
    private final Matrix y;
    private final KernelLearning.Family family;
    private final int rank;
    private final LinearAlgebra la;
    private final double noiseFloor;

    /**
     * @param x      inputs (n x p)
     * @param y      targets (n x q), no missing values
     * @param family the kernel's family
     * @param rank   r, the columns of B (0: A diagonal)
     * @param la     the back-end for products and eigendecompositions
     */
    public IcmLikelihood(Matrix x, Matrix y, KernelLearning.Family family, int rank, LinearAlgebra la) {
        this.x = x;
        this.y = y;
        double squares = 0;
        for (double v : y.data()) {
            squares += v * v;
        }
        this.noiseFloor = NOISE_FLOOR * Math.max(squares / Math.max(1, y.data().length), Double.MIN_NORMAL);
        this.family = family;
        this.rank = rank;
        this.la = la;
    }

    /** The number of parameters: p + q r + q + 1. */
    public int parameters() {
        return x.cols() + y.cols() * rank + y.cols() + 1;
    }

    /** The inputs' dimension p. */
    int inputs() {
        return x.cols();
    }

    /** The widths of a parameter vector. */
    double[] widths(double[] theta) {
        double[] w = new double[x.cols()];
        for (int f = 0; f < w.length; f++) {
            w[f] = Math.exp(theta[f]);
        }
        return w;
    }

    /** The factor B (q x r) of a parameter vector. */
    Matrix factor(double[] theta) {
        int q = y.cols();
        double[] b = new double[q * rank];
        System.arraycopy(theta, x.cols(), b, 0, b.length);
        return new Matrix(q, rank, b);
    }

    /** The diagonal d of a parameter vector. */
    double[] diagonal(double[] theta) {
        int q = y.cols();
        double[] d = new double[q];
        int off = x.cols() + q * rank;
        for (int k = 0; k < q; k++) {
            d[k] = Math.exp(theta[off + k]);
        }
        return d;
    }

    /** The noise variance s2 (= n lambda) of a parameter vector: the floor plus the exponential of the last. */
    double noise(double[] theta) {
        return noiseFloor + Math.exp(theta[theta.length - 1]);
    }

    /** The noise floor s2_min of these targets. */
    double noiseFloor() {
        return noiseFloor;
    }

    /** A = B B^T + diag(d). */
    static Matrix outputMatrix(Matrix b, double[] d) {
        int q = d.length;
        Matrix a = Matrix.zeros(q, q);
        for (int i = 0; i < q; i++) {
            for (int j = 0; j < q; j++) {
                double s = i == j ? d[i] : 0.0;
                for (int c = 0; c < b.cols(); c++) {
                    s += b.get(i, c) * b.get(j, c);
                }
                a.set(i, j, s);
            }
        }
        return a;
    }

    /** The Gram matrix of rows of a against rows of b for the given widths. */
    static Matrix gram(KernelLearning.Family family, double[] widths, Matrix a, Matrix b) {
        int n = a.rows();
        int m = b.rows();
        int p = a.cols();
        Matrix g = Matrix.zeros(n, m);
        double[] gd = g.data();
        double[] ad = a.data();
        double[] bd = b.data();
        boolean gaussian = family == KernelLearning.Family.GAUSSIAN;
        for (int f = 0; f < p; f++) {
            double scale = gaussian ? 1.0 / (2 * widths[f] * widths[f]) : 1.0 / widths[f];
            for (int j = 0; j < m; j++) {
                double bj = bd[j + f * m];
                int off = j * n;
                int af = f * n;
                for (int i = 0; i < n; i++) {
                    double t = ad[af + i] - bj;
                    gd[off + i] += gaussian ? t * t * scale : Math.abs(t) * scale;
                }
            }
        }
        for (int k = 0; k < gd.length; k++) {
            gd[k] = Math.exp(-gd[k]);
        }
        return g;
    }

    @Override
    public double valueAndGradient(double[] theta, double[] gradient) {
        int n = y.rows();
        int q = y.cols();
        int p = x.cols();
        double[] w = widths(theta);
        Matrix b = factor(theta);
        double[] dg = diagonal(theta);
        double s2 = noise(theta);
        Matrix k = gram(family, w, x, x);
        if (!k.isFinite() || !Double.isFinite(s2) || !finite(theta)) {
            return Double.NaN;
        }
        SymmetricEigen ek = la.eigenSymmetric(k);
        double[] s = ek.clampedValues();
        Matrix u = ek.vectors();
        Matrix a = outputMatrix(b, dg);
        SymmetricEigen ea = la.eigenSymmetric(a);
        double[] av = ea.clampedValues();
        Matrix v = ea.vectors();
        // Yt = U^T Y V, Ct = Yt ./ (s a^T + s2), C = U Ct V^T
        Matrix uty = Matrix.zeros(n, q);
        la.gemm(1.0, u, true, y, false, 0.0, uty);
        Matrix yt = Matrix.zeros(n, q);
        la.gemm(1.0, uty, false, v, false, 0.0, yt);
        double logDet = 0;
        double traceInverse = 0;
        double[] cK = new double[n];
        double[] eA = new double[q];
        Matrix ct = Matrix.zeros(n, q);
        for (int j = 0; j < q; j++) {
            for (int l = 0; l < n; l++) {
                double den = s[l] * av[j] + s2;
                logDet += Math.log(den);
                traceInverse += 1.0 / den;
                cK[l] += av[j] / den;
                eA[j] += s[l] / den;
                ct.set(l, j, yt.get(l, j) / den);
            }
        }
        Matrix ctv = Matrix.zeros(n, q);
        la.gemm(1.0, ct, false, v, true, 0.0, ctv);
        Matrix c = Matrix.zeros(n, q);
        la.gemm(1.0, u, false, ctv, false, 0.0, c);
        double fit = 0;
        double cc = 0;
        for (int i = 0; i < c.data().length; i++) {
            fit += y.data()[i] * c.data()[i];
            cc += c.data()[i] * c.data()[i];
        }
        double value = 0.5 * fit + 0.5 * logDet + 0.5 * n * q * LOG_2PI;
        // kernel parameters: W = (M - C A C^T) ∘ K
        Matrix uc = scaleColumns(u, cK);
        Matrix wm = Matrix.zeros(n, n);
        la.gemm(1.0, uc, false, u, true, 0.0, wm);
        Matrix ca = Matrix.zeros(n, q);
        la.gemm(1.0, c, false, a, false, 0.0, ca);
        la.gemm(-1.0, ca, false, c, true, 1.0, wm);
        double[] wd = wm.data();
        double[] kd = k.data();
        for (int i = 0; i < wd.length; i++) {
            wd[i] *= kd[i];
        }
        widthGradient(wm, w, gradient);
        // A: G_A = (N - C^T K C)/2, K C = U diag(s) U^T C
        Matrix utc = Matrix.zeros(n, q);
        la.gemm(1.0, u, true, c, false, 0.0, utc);
        Matrix sutc = scaleRows(utc, s);
        Matrix ctkc = Matrix.zeros(q, q);
        la.gemm(1.0, utc, true, sutc, false, 0.0, ctkc);
        Matrix ga = scaleColumns(v, eA);
        Matrix nm = Matrix.zeros(q, q);
        la.gemm(1.0, ga, false, v, true, 0.0, nm);
        Matrix gA = Matrix.zeros(q, q);
        for (int i = 0; i < q; i++) {
            for (int j = 0; j < q; j++) {
                gA.set(i, j, 0.5 * (nm.get(i, j) - ctkc.get(i, j)));
            }
        }
        for (int col = 0; col < rank; col++) {
            for (int i = 0; i < q; i++) {
                double g = 0;
                for (int j = 0; j < q; j++) {
                    g += (gA.get(i, j) + gA.get(j, i)) * b.get(j, col);
                }
                gradient[p + col * q + i] = g;
            }
        }
        for (int i = 0; i < q; i++) {
            gradient[p + q * rank + i] = gA.get(i, i) * dg[i];
        }
        gradient[theta.length - 1] = 0.5 * (traceInverse - cc) * (s2 - noiseFloor);
        return value;
    }

    /** The gradient in the log widths from W = (M - C A C^T) ∘ K: {@code <W, dK/dlog w_f> / 2} per feature. */
    private void widthGradient(Matrix wm, double[] w, double[] gradient) {
        int n = wm.rows();
        int p = x.cols();
        double[] xd = x.data();
        double[] wd = wm.data();
        if (family == KernelLearning.Family.GAUSSIAN) {
            // sum_ab W_ab (x_af - x_bf)^2 = 2 sum_a x_af^2 (W 1)_a - 2 x_f^T W x_f, W symmetric
            Matrix wx = Matrix.zeros(n, p);
            la.gemm(1.0, wm, false, x, false, 0.0, wx);
            double[] rowSums = new double[n];
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    rowSums[i] += wd[i + j * n];
                }
            }
            for (int f = 0; f < p; f++) {
                double t = 0;
                for (int a = 0; a < n; a++) {
                    double xa = xd[a + f * n];
                    t += 2 * xa * xa * rowSums[a] - 2 * xa * wx.get(a, f);
                }
                gradient[f] = 0.5 * t / (w[f] * w[f]);
            }
        } else {
            for (int f = 0; f < p; f++) {
                double t = 0;
                int off = f * n;
                for (int j = 0; j < n; j++) {
                    double xj = xd[off + j];
                    int col = j * n;
                    for (int i = 0; i < n; i++) {
                        t += wd[col + i] * Math.abs(xd[off + i] - xj);
                    }
                }
                gradient[f] = 0.5 * t / w[f];
            }
        }
    }

    private static boolean finite(double[] v) {
        for (double e : v) {
            if (!Double.isFinite(e)) {
                return false;
            }
        }
        return true;
    }

    private static Matrix scaleColumns(Matrix m, double[] factors) {
        Matrix out = m.copy();
        int r = m.rows();
        double[] d = out.data();
        for (int j = 0; j < m.cols(); j++) {
            for (int i = 0; i < r; i++) {
                d[i + j * r] *= factors[j];
            }
        }
        return out;
    }

    private static Matrix scaleRows(Matrix m, double[] factors) {
        Matrix out = m.copy();
        int r = m.rows();
        double[] d = out.data();
        for (int j = 0; j < m.cols(); j++) {
            for (int i = 0; i < r; i++) {
                d[i + j * r] *= factors[i];
            }
        }
        return out;
    }
}
