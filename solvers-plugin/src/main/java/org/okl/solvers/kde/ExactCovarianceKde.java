package org.okl.solvers.kde;

import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.linalg.device.ComputeDevices;

/**
 * The exact O(n^3) route of the covariance KDE (docs/conventions.md#kadri-kernel-dependency-estimation), worked in the
 * eigenbasis of k.
 *
 * <p>With {@code k = U diag(s) U^T} and {@code P = nε(k + nεI)^-1 = U diag(p) U^T}, {@code p = nε/(s + nε)}, the
 * matrix T is similar to a symmetric PSD matrix B written in U-coordinates: covariance {@code B = U^T L U}
 * ({@code T = U B U^T}); conditional {@code B = diag(√p) U^T L U diag(√p)} ({@code T = U diag(√p) B diag(1/√p)
 * U^T}). With {@code B = V diag(w) V^T} and {@code Lf = V} (covariance) or {@code diag(√p) V} (conditional),
 * {@code T = U Lf diag(w) Lf^-1 U^T} with {@code Lf^-1 = V^T} or {@code V^T diag(1/√p)}. Solving
 * {@code T α k + n^2 λ α = I} gives {@code α = U Lf Z U^T}, {@code Z = (Lf^-1) ./ (w s^T + n^2 λ)}, so the
 * prediction coefficients are {@code (Tα)^T = U · Z^T · diag(w) Lf^T U^T}: the core is {@code Lf^-1}, the right
 * factor {@code diag(w) Lf^T U^T} (times Y for explicit targets), and every path point only re-weights the core.
 */
final class ExactCovarianceKde {

    private ExactCovarianceKde() {
    }

    /**
     * Fits the whole path.
     *
     * @param outputGram L (n x n)
     * @param targets    Y (n x d) for explicit embeddings (predictions are t x d), or {@code null} (t x n weights)
     * @param epsilon    the conditional kernel's ε, or {@code NaN} for the plain covariance kernel
     */
    static KdePath fit(VectorKernel kernel, Matrix inputs, Matrix outputGram, Matrix targets, double epsilon,
            SpectralFilter filter, String component, LinearAlgebra la, ComputeDevices devices) {
        int n = inputs.rows();
        SymmetricEigen kEigen = la.eigenSymmetric(kernel.gram(inputs).symmetrize());
        Matrix u = kEigen.vectors();
        double[] s = kEigen.clampedValues();
        Matrix b = la.multiply(u, true, la.multiply(outputGram, u), false);
        boolean conditional = !Double.isNaN(epsilon);
        double[] sqrtP = null;
        if (conditional) {
            double[] p = new double[n];
            for (int j = 0; j < n; j++) {
                p[j] = n * epsilon / (s[j] + n * epsilon);
            }
            sqrtP = DiagonalScaling.sqrt(p);
            b = DiagonalScaling.columns(DiagonalScaling.rows(sqrtP, b), sqrtP);
        }
        SymmetricEigen bEigen = la.eigenSymmetric(b.symmetrize());
        Matrix vt = bEigen.vectors().transpose();
        double[] w = bEigen.clampedValues();
        Matrix core = conditional ? DiagonalScaling.columns(vt, DiagonalScaling.reciprocal(sqrtP)) : vt;
        Matrix uty = targets == null ? u.transpose() : la.multiply(u, true, targets, false);
        if (conditional) {
            uty = DiagonalScaling.rows(sqrtP, uty);
        }
        Matrix right = DiagonalScaling.rows(w, la.multiply(vt, uty));
        KdeFilter weights = new KdeFilter(filter, w, s, n, false, component);
        return new KdePath(kernel, inputs, u, core, right, null, null, weights, la, devices);
    }
}
