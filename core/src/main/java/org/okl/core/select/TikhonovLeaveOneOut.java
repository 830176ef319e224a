package org.okl.core.select;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.solve.RegressionProblem;
import org.okl.linalg.SymmetricSpectrum;
import org.okl.linalg.expansion.SeparableSetup;
import org.okl.linalg.streamed.OutputFactor;

/**
 * Closed-form leave-one-out for separable Tikhonov along a lambda path (B12 §4.3 after Rifkin and Lippert 2007; block
 * form for vector-valued outputs): leaving out x_i removes all d outputs of that point. With k = U diag(s) U^T and
 * A = W diag(a) W^T, {@code Ct = (U^T Y W) ./ (s a^T + n·lambda)}, {@code D_ij = sum_r U_ir² / (s_r a_j + n·lambda)}
 * and the rotated residuals {@code Rt = (U Ct) ./ D}; the residuals in output coordinates are {@code Rt W^T}. One
 * O(n³) decomposition, then O(n²d) per lambda. Exact only for Tikhonov; missing targets are not supported. A
 * task-indexed Gram {@code k ∘ A[t, t]} with scalar targets is the case A = null, d = 1 of {@link #compute}.
 */
public final class TikhonovLeaveOneOut {

    private TikhonovLeaveOneOut() {
    }

    /**
     * Leave-one-out errors of a separable problem with explicit targets (its kernel, operator matrix or output
     * coupling, and targets) for the given lambdas.
     */
    public static LeaveOneOut of(RegressionProblem problem, double[] lambdas) {
        if (!(problem.operator() instanceof SeparableOperatorKernel) || problem.embedding().targets().isEmpty()) {
            throw new IllegalArgumentException("closed-form leave-one-out needs a separable kernel and explicit "
                    + "targets");
        }
        SeparableSetup setup = SeparableSetup.of(problem);
        return compute(problem.kernel().gram(problem.inputs()), setup.outputMatrix(), setup.targets(), lambdas,
                problem.context().linearAlgebra());
    }

    /**
     * Leave-one-out errors for a scalar Gram k (n x n), an output matrix A (d x d, {@code null} for the identity)
     * and targets Y (n x d).
     *
     * @throws IllegalArgumentException when Y has missing values
     */
    public static LeaveOneOut compute(Matrix k, Matrix a, Matrix y, double[] lambdas, LinearAlgebra la) {
        for (double v : y.data()) {
            if (Double.isNaN(v)) {
                throw new IllegalArgumentException("closed-form leave-one-out does not support missing targets");
            }
        }
        int n = y.rows();
        int d = y.cols();
        SymmetricSpectrum kSpectrum = SymmetricSpectrum.of(k, la);
        OutputFactor output = a == null || OutputFactor.isIdentity(a) ? null : OutputFactor.of(a, la);
        Matrix u = kSpectrum.vectors();
        double[] s = kSpectrum.values();
        double[] av = output == null ? ones(d) : output.spectrum().values();
        Matrix w = output == null ? null : output.spectrum().vectors();
        Matrix rotated = la.multiply(u, true, y, false);
        if (w != null) {
            rotated = la.multiply(rotated, w);
        }
        Matrix uSquared = u.copy();
        double[] sq = uSquared.data();
        for (int q = 0; q < sq.length; q++) {
            sq[q] *= sq[q];
        }
        Matrix errors = Matrix.zeros(lambdas.length, d);
        for (int j = 0; j < lambdas.length; j++) {
            double shift = n * lambdas[j];
            Matrix inverse = Matrix.zeros(n, d);
            Matrix ct = rotated.copy();
            for (int c = 0; c < d; c++) {
                for (int r = 0; r < n; r++) {
                    double e = 1 / (s[r] * av[c] + shift);
                    inverse.set(r, c, e);
                    ct.set(r, c, ct.get(r, c) * e);
                }
            }
            Matrix residual = la.multiply(u, ct);
            Matrix diagonal = la.multiply(uSquared, inverse);
            double[] rd = residual.data();
            double[] dd = diagonal.data();
            for (int q = 0; q < rd.length; q++) {
                rd[q] /= dd[q];
            }
            if (w != null) {
                residual = la.multiply(residual, false, w, true);
            }
            for (int c = 0; c < d; c++) {
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    sum += residual.get(i, c) * residual.get(i, c);
                }
                errors.set(j, c, sum / n);
            }
        }
        return new LeaveOneOut(lambdas.clone(), errors);
    }

    private static double[] ones(int d) {
        double[] o = new double[d];
        java.util.Arrays.fill(o, 1.0);
        return o;
    }
}
