package org.okl.solvers.separable;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.SymmetricSpectrum;
import org.okl.linalg.expansion.SeparableSetup;
import org.okl.solvers.iterative.ConjugateGradient;
import org.okl.solvers.iterative.Masks;

/**
 * (Iterated) Tikhonov with missing targets masked from the loss, solved exactly: the masked normal equations
 * {@code M ∘ (k C A) + n·lambda·C = M ∘ Y} (C is zero on missing entries) by conjugate gradients on the Gram action,
 * preconditioned with the unmasked solve {@code (k ⊗ A + n·lambda·I)^-1} applied through the eigenbases of k and A.
 * Iterated Tikhonov repeats the solve with right-hand side {@code M ∘ Y + n·lambda·C_{i-1}}.
 */
final class MaskedRidge {
    private final Matrix k;
    private final SymmetricSpectrum kSpectrum;
    private final SeparableSetup setup;
    private final Matrix mask;
    private final Matrix maskedTargets;
    private final LinearAlgebra linearAlgebra;

    MaskedRidge(Matrix k, SymmetricSpectrum kSpectrum, SeparableSetup setup, LinearAlgebra linearAlgebra) {
        this.k = k;
        this.kSpectrum = kSpectrum;
        this.setup = setup;
        this.mask = Masks.observed(setup.targets());
        this.maskedTargets = Masks.zeroFilled(setup.targets());
        this.linearAlgebra = linearAlgebra;
    }

    /** The coefficients at every path point of the filter. */
    List<Matrix> path(RidgeFilter filter) {
        List<Matrix> path = new ArrayList<>();
        int observed = (int) java.util.Arrays.stream(mask.data()).sum();
        int maxIterations = Math.min(observed + 50, 5000);
        int n = k.rows();
        for (int j = 0; j < filter.pathLength(); j++) {
            double shift = n * filter.lambda(j);
            UnaryOperator<Matrix> operator = c -> {
                Matrix g = Masks.apply(mask, gram(c));
                double[] gd = g.data();
                double[] cd = c.data();
                for (int q = 0; q < gd.length; q++) {
                    gd[q] += shift * cd[q];
                }
                return g;
            };
            UnaryOperator<Matrix> preconditioner = r -> Masks.apply(mask, unmaskedSolve(r, shift));
            Matrix c = null;
            for (int i = 0; i < filter.iterations(); i++) {
                Matrix rhs = maskedTargets.copy();
                if (c != null) {
                    double[] rd = rhs.data();
                    double[] cd = c.data();
                    for (int q = 0; q < rd.length; q++) {
                        rd[q] += shift * cd[q];
                    }
                }
                c = ConjugateGradient.solve(operator, preconditioner, rhs, c, maxIterations);
            }
            path.add(c);
        }
        return path;
    }

    private Matrix gram(Matrix c) {
        Matrix kc = linearAlgebra.multiply(k, c);
        Matrix a = setup.outputMatrix();
        return a == null ? kc : linearAlgebra.multiply(kc, a);
    }

    /** (k ⊗ A + shift·I)^-1 applied to R, as U ((U^T R W) ./ (s a^T + shift)) W^T. */
    private Matrix unmaskedSolve(Matrix r, double shift) {
        Matrix u = kSpectrum.vectors();
        Matrix rotated = setup.rotateOutputs(linearAlgebra.multiply(u, true, r, false), linearAlgebra);
        double[] s = kSpectrum.values();
        double[] a = setup.outputValues();
        double[] data = rotated.data();
        int rows = rotated.rows();
        for (int j = 0; j < rotated.cols(); j++) {
            for (int i = 0; i < rows; i++) {
                data[i + j * rows] /= s[i] * a[j] + shift;
            }
        }
        Matrix back = linearAlgebra.multiply(u, rotated);
        return setup.output() == null ? back
                : linearAlgebra.multiply(back, false, setup.output().spectrum().vectors(), true);
    }
}
