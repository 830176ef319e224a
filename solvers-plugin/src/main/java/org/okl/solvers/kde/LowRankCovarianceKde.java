package org.okl.solvers.kde;

import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.linalg.device.ComputeDevices;

/**
 * The low-rank covariance KDE with pivoted incomplete Cholesky factors {@code k ≈ U1 U1^T} (n x m1) and
 * {@code L ≈ V1 V1^T} (n x m2), in the factorised-core form of Kadri et al. 2013, App. C (and
 * its conditional extension): O(n(m1^2 + m2^2) + m1^3 + m2^3) to fit, O(n(m1 + m2)) per test point.
 *
 * <p>Write {@code U1^T U1 = R1 diag(a) R1^T}, so the non-zero eigenpairs of {@code k~ = U1 U1^T} are a with
 * eigenvectors {@code U1 R1 diag(a^-1/2)}. Covariance: {@code T~ = V1 V1^T}, {@code Lv = V1}, {@code G = V1^T V1}.
 * Conditional: {@code P~ = nε(k~ + nεI)^-1 = I - U1 R1 diag(1/(a + nε)) R1^T U1^T} (Woodbury),
 * {@code T~ = P~ V1 V1^T}, {@code Lv = P~ V1}, {@code G = V1^T P~ V1}. With {@code G = R2 diag(b) R2^T}, the
 * non-zero eigenvalues of T~ are b, and Gamma/n has eigenvalues {@code a_j b_i / n^2} on the range of the factors
 * and 0 elsewhere. The filtered coefficients are then (spectral calculus of the diagonalisable operator, with the
 * complement collected into g(0))
 *
 * <pre>
 *   T α = (1/n^2) [ g(0)·T~ + Lv R2 (F ∘ core) R1^T U1^T ],   core = R2^T V1^T U1 R1,
 *   F_ij = (g(a_j b_i / n^2) - g(0)) / a_j
 * </pre>
 *
 * which for Tikhonov ({@code g(0) = 1/λ}) is exactly §5.5's
 * {@code w(x) = (1/(nρ))[T~ k_x - T~ ... Zc U1^T k_x]} with {@code Zc = R2 [core ./ (b a^T + nρ)] R1^T}, nρ = n^2 λ.
 * The prediction coefficients {@code (Tα)^T} are {@code U1 R1 · (F ∘ core)^T / n^2 · R2^T Lv^T} plus
 * {@code g(0)/n^2 · V1 · Lv^T}; the right factors carry Y for explicit targets.
 */
final class LowRankCovarianceKde {

    private LowRankCovarianceKde() {
    }

    /**
     * Fits the whole path.
     *
     * @param output     the columns of the output Gram L
     * @param targets    Y (n x d) for explicit embeddings, or {@code null} for t x n weights
     * @param epsilon    the conditional kernel's ε, or {@code NaN} for the plain covariance kernel
     */
    static KdePath fit(VectorKernel kernel, Matrix inputs, IncompleteCholesky.Columns output, Matrix targets, double epsilon,
            IncompleteCholeskySettings settings, SpectralFilter filter, String component, LinearAlgebra la,
            ComputeDevices devices) {
        int n = inputs.rows();
        Matrix u1 = IncompleteCholesky.factor(IncompleteCholesky.of(kernel, inputs), settings.rank(),
                settings.tolerance()).factor();
        Matrix v1 = IncompleteCholesky.factor(output, settings.outputRank(),
                settings.tolerance()).factor();
        SymmetricEigen inner = la.eigenSymmetric(la.innerGram(u1).symmetrize());
        Matrix r1 = inner.vectors();
        double[] a = inner.clampedValues();
        Matrix basis = la.multiply(u1, r1);
        Matrix cross = la.multiply(r1, true, la.multiply(u1, true, v1, false), false);
        Matrix lv = v1;
        Matrix g = la.innerGram(v1);
        if (!Double.isNaN(epsilon)) {
            double[] shifted = new double[a.length];
            for (int j = 0; j < a.length; j++) {
                shifted[j] = a[j] + n * epsilon;
            }
            Matrix scaled = DiagonalScaling.rows(DiagonalScaling.reciprocal(DiagonalScaling.sqrt(shifted)), cross);
            g = g.minus(la.innerGram(scaled));
            lv = v1.minus(la.multiply(basis, DiagonalScaling.rows(DiagonalScaling.reciprocal(shifted), cross)));
        }
        SymmetricEigen outer = la.eigenSymmetric(g.symmetrize());
        Matrix r2 = outer.vectors();
        double[] b = outer.clampedValues();
        Matrix core = la.multiply(r2, true, cross, true);
        Matrix offsetRight = targets == null ? lv.transpose() : la.multiply(lv, true, targets, false);
        Matrix right = la.multiply(r2, true, offsetRight, false);
        KdeFilter weights = new KdeFilter(filter, b, a, n, true, component);
        return new KdePath(kernel, inputs, basis, core, right, v1, offsetRight, weights, la, devices);
    }
}
