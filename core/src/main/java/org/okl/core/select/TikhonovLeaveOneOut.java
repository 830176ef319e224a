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
     * The leave-one-out residuals (n x d, {@link #residuals}) of a separable problem with explicit targets at one
     * lambda.
     *
     * @throws IllegalArgumentException when the problem is not separable with explicit targets, or has missing ones
     */
    public static Matrix residuals(RegressionProblem problem, double lambda) {
        if (!(problem.operator() instanceof SeparableOperatorKernel) || problem.embedding().targets().isEmpty()) {
            throw new IllegalArgumentException("closed-form leave-one-out needs a separable kernel and explicit "
                    + "targets");
        }
        SeparableSetup setup = SeparableSetup.of(problem);
        return residuals(problem.kernel().gram(problem.inputs()), setup.outputMatrix(), setup.targets(), lambda,
                problem.context().linearAlgebra());
    }

    /**
     * Leave-one-out errors for a scalar Gram k (n x n), an output matrix A (d x d, {@code null} for the identity)
     * and targets Y (n x d).
     *
     * @throws IllegalArgumentException when Y has missing values
     */
    public static LeaveOneOut compute(Matrix k, Matrix a, Matrix y, double[] lambdas, LinearAlgebra la) {
        int n = y.rows();
        int d = y.cols();
        Matrix errors = Matrix.zeros(lambdas.length, d);
        Spectra spectra = Spectra.of(k, a, y, la);
        for (int j = 0; j < lambdas.length; j++) {
            Matrix residual = spectra.residuals(lambdas[j], la);
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

    /**
     * The leave-one-out residuals {@code y_i - f_{-i}(x_i)} (n x d, in output coordinates) of a separable Tikhonov fit
     * at one lambda: each f_{-i} is the fit on the other n - 1 points with the same shift {@code n·lambda}, the
     * closed form of refitting n times.
     *
     * @throws IllegalArgumentException when Y has missing values
     */
    public static Matrix residuals(Matrix k, Matrix a, Matrix y, double lambda, LinearAlgebra la) {
        return Spectra.of(k, a, y, la).residuals(lambda, la);
    }

    /**
     * The leave-one-out predictions {@code mu_{-i}(x)} at new points, in closed form (what jackknife+ needs): one
     * matrix per output c (n x m), row i the fit without point i (same shift {@code n·lambda}) at the m points whose
     * cross Gram {@code k(x_new, x_train)} (m x n) is given. O(n³ + m n² d).
     */
    public static Matrix[] predictions(Matrix k, Matrix a, Matrix y, Matrix cross, double lambda, LinearAlgebra la) {
        return Spectra.of(k, a, y, la).predictions(cross, lambda, la);
    }

    /**
     * The leave-one-out fits of a separable problem with explicit targets at one lambda, decomposed once: their
     * residuals and their predictions at new points ({@link Fits#predictions}).
     *
     * @throws IllegalArgumentException when the problem is not separable with explicit targets, or has missing ones
     */
    public static Fits fits(RegressionProblem problem, double lambda) {
        if (!(problem.operator() instanceof SeparableOperatorKernel) || problem.embedding().targets().isEmpty()) {
            throw new IllegalArgumentException("closed-form leave-one-out needs a separable kernel and explicit "
                    + "targets");
        }
        SeparableSetup setup = SeparableSetup.of(problem);
        LinearAlgebra la = problem.context().linearAlgebra();
        return new Fits(Spectra.of(problem.kernel().gram(problem.inputs()), setup.outputMatrix(), setup.targets(),
                la), problem, lambda, la);
    }

    /** The n leave-one-out fits of one problem at one lambda, from one decomposition (O(n³) once). */
    public static final class Fits {
        private final Spectra spectra;
        private final RegressionProblem problem;
        private final double lambda;
        private final LinearAlgebra la;

        private Fits(Spectra spectra, RegressionProblem problem, double lambda, LinearAlgebra la) {
            this.spectra = spectra;
            this.problem = problem;
            this.lambda = lambda;
            this.la = la;
        }

        /** The leave-one-out residuals (n x d). */
        public Matrix residuals() {
            return spectra.residuals(lambda, la);
        }

        /**
         * {@code mu_{-i}(x)} at new (transformed) inputs: one matrix per output (n x m), O(m n² d).
         */
        public Matrix[] predictions(Matrix inputs) {
            return spectra.predictions(problem.kernel().gram(inputs, problem.inputs()), lambda, la);
        }
    }

    /** The decompositions of k and A and the targets rotated by both, shared by every lambda. */
    private record Spectra(Matrix u, double[] s, double[] av, Matrix w, Matrix rotated, Matrix uSquared) {

        static Spectra of(Matrix k, Matrix a, Matrix y, LinearAlgebra la) {
            for (double v : y.data()) {
                if (Double.isNaN(v)) {
                    throw new IllegalArgumentException("closed-form leave-one-out does not support missing targets");
                }
            }
            SymmetricSpectrum kSpectrum = SymmetricSpectrum.of(k, la);
            OutputFactor output = a == null || OutputFactor.isIdentity(a) ? null : OutputFactor.of(a, la);
            Matrix u = kSpectrum.vectors();
            double[] av = output == null ? ones(y.cols()) : output.spectrum().values();
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
            return new Spectra(u, kSpectrum.values(), av, w, rotated, uSquared);
        }

        Matrix residuals(double lambda, LinearAlgebra la) {
            Matrix residual = rotatedResiduals(lambda, la);
            return w != null ? la.multiply(residual, false, w, true) : residual;
        }

        /**
         * {@code mu_{-i}(x)} for every i and new point: in rotated coordinates each output c is a scalar ridge with
         * Gram {@code a_c k} and {@code G_c = a_c k + n·lambda I}; refitting without i is the full fit on targets whose
         * i-th entry is replaced by its own leave-one-out prediction (then its residual is 0 and the other terms are
         * unchanged), so {@code f_{-i}(x) = f(x) - g_i(x) e_i} with {@code g(x) = a_c G_c^{-1} k_x} and e_i the
         * rotated leave-one-out residual; then rotate back with W.
         */
        Matrix[] predictions(Matrix cross, double lambda, LinearAlgebra la) {
            int n = u.rows();
            int d = rotated.cols();
            int m = cross.rows();
            double shift = n * lambda;
            Matrix e = rotatedResiduals(lambda, la);
            Matrix ku = la.multiply(cross, u);
            Matrix[] rotatedOut = new Matrix[d];
            for (int c = 0; c < d; c++) {
                Matrix scaled = ku.copy();
                double[] coefficient = new double[n];
                for (int r = 0; r < n; r++) {
                    double f = av[c] / (s[r] * av[c] + shift);
                    coefficient[r] = rotated.get(r, c) * f;
                    for (int t = 0; t < m; t++) {
                        scaled.set(t, r, scaled.get(t, r) * f);
                    }
                }
                Matrix g = la.multiply(scaled, false, u, true);
                double[] full = new double[m];
                for (int t = 0; t < m; t++) {
                    double sum = 0;
                    for (int r = 0; r < n; r++) {
                        sum += ku.get(t, r) * coefficient[r];
                    }
                    full[t] = sum;
                }
                Matrix out = Matrix.zeros(n, m);
                for (int i = 0; i < n; i++) {
                    for (int t = 0; t < m; t++) {
                        out.set(i, t, full[t] - g.get(t, i) * e.get(i, c));
                    }
                }
                rotatedOut[c] = out;
            }
            if (w == null) {
                return rotatedOut;
            }
            Matrix[] out = new Matrix[d];
            for (int c = 0; c < d; c++) {
                out[c] = Matrix.zeros(n, m);
                for (int c2 = 0; c2 < d; c2++) {
                    double weight = w.get(c, c2);
                    double[] src = rotatedOut[c2].data();
                    double[] dst = out[c].data();
                    for (int q = 0; q < dst.length; q++) {
                        dst[q] += weight * src[q];
                    }
                }
            }
            return out;
        }

        Matrix rotatedResiduals(double lambda, LinearAlgebra la) {
            int n = u.rows();
            int d = rotated.cols();
            double shift = n * lambda;
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
            return residual;
        }
    }

    private static double[] ones(int d) {
        double[] o = new double[d];
        java.util.Arrays.fill(o, 1.0);
        return o;
    }
}
