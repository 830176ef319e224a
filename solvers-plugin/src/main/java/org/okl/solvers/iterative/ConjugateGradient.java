package org.okl.solvers.iterative;

import java.util.function.UnaryOperator;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.Frobenius;

/**
 * Preconditioned conjugate gradients for a symmetric positive definite operator on matrices, {@code Op(X) = B},
 * with the Frobenius inner product. Used for ridge problems without an eigen structure (masked targets).
 */
public final class ConjugateGradient {
    /** The relative residual ||B - Op(X)|| / ||B|| to reach. */
    public static final double TOLERANCE = 1e-12;
    /** The relative residual accepted when round-off stops the progress before {@link #TOLERANCE}. */
    public static final double ROUND_OFF_TOLERANCE = 1e-8;

    private static final int STAGNATION = 25;

    private ConjugateGradient() {
    }

    /**
     * Solves {@code Op(X) = B}.
     *
     * @param operator       the SPD operator
     * @param preconditioner an SPD approximation of Op^-1 (identity when {@code null})
     * @param b              the right-hand side
     * @param start          the first iterate, or {@code null} for zero
     * @param maxIterations  the iteration limit
     * @throws IllegalStateException when the residual does not reach {@link #TOLERANCE}, or stagnates above
     *                               {@link #ROUND_OFF_TOLERANCE}, within the limit
     */
    public static Matrix solve(UnaryOperator<Matrix> operator, UnaryOperator<Matrix> preconditioner, Matrix b,
            Matrix start, int maxIterations) {
        Matrix x = start == null ? Matrix.zeros(b.rows(), b.cols()) : start.copy();
        Matrix r = start == null ? b.copy() : b.minus(operator.apply(x));
        double bNorm = Math.sqrt(Frobenius.dot(b, b));
        if (bNorm == 0) {
            return Matrix.zeros(b.rows(), b.cols());
        }
        Matrix z = preconditioner == null ? r.copy() : preconditioner.apply(r);
        Matrix p = z.copy();
        double rz = Frobenius.dot(r, z);
        double residual = Math.sqrt(Frobenius.dot(r, r));
        double best = residual;
        int sinceBest = 0;
        for (int it = 0; it < maxIterations; it++) {
            if (residual <= TOLERANCE * bNorm) {
                return x;
            }
            if (residual < best) {
                best = residual;
                sinceBest = 0;
            } else if (++sinceBest >= STAGNATION) {
                break;
            }
            Matrix ap = operator.apply(p);
            double step = rz / Frobenius.dot(p, ap);
            Frobenius.axpy(step, p, x);
            Frobenius.axpy(-step, ap, r);
            residual = Math.sqrt(Frobenius.dot(r, r));
            z = preconditioner == null ? r.copy() : preconditioner.apply(r);
            double rzNext = Frobenius.dot(r, z);
            double beta = rzNext / rz;
            rz = rzNext;
            double[] pd = p.data();
            double[] zd = z.data();
            for (int k = 0; k < pd.length; k++) {
                pd[k] = zd[k] + beta * pd[k];
            }
        }
        if (residual <= ROUND_OFF_TOLERANCE * bNorm) {
            return x;
        }
        throw new IllegalStateException("conjugate gradients did not converge within " + maxIterations
                + " iterations: relative residual " + residual / bNorm);
    }
}
