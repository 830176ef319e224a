package org.okl.linalg.streamed;

import java.util.Optional;
import org.okl.api.filter.GramOperator;
import org.okl.api.filter.IterativeFilter;
import org.okl.api.filter.PathListener;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;

/**
 * The filtered coefficients of a decoupled (diagonalised) problem along the filter's path: for rotated targets
 * {@code Yt} (r x d) and Gram eigenvalues {@code sigma_ij = s_i·a_j}, the rotated coefficients at a path point are
 * {@code Ct = Yt ∘ G} with {@code G_ij = g(sigma_ij/n)/n} (docs/conventions.md#regularization-scale: C = g(Gamma/n) Y
 * / n in the eigenbasis).
 *
 * <p>Filters with an iterative form are evaluated by running their iteration on the diagonal operator
 * {@code C -> sigma ∘ C}: its iterates are exactly g on the spectrum, and the whole path costs O(t·r·d) instead of
 * one scalar recurrence per eigenvalue and path point.
 */
public final class SpectralCoefficients {
    private final double[] sigma;
    private final Matrix rotatedTargets;
    private final int n;
    private final SpectralFilter filter;
    private final double sMax;

    /**
     * @param s              eigenvalues of the input part (r), unnormalised
     * @param a              eigenvalues of the output part (d); all ones for a single Gram
     * @param rotatedTargets Yt (r x d)
     * @param n              the number of training points (the normalisation of Gamma/n)
     * @param filter         the spectral filter
     * @param sMax           the largest eigenvalue of Gamma/n
     */
    public SpectralCoefficients(double[] s, double[] a, Matrix rotatedTargets, int n, SpectralFilter filter,
            double sMax) {
        int r = s.length;
        int d = a.length;
        if (rotatedTargets.rows() != r || rotatedTargets.cols() != d) {
            throw new IllegalArgumentException("rotated targets are " + rotatedTargets.rows() + " x "
                    + rotatedTargets.cols() + ", expected " + r + " x " + d);
        }
        this.sigma = new double[r * d];
        for (int j = 0; j < d; j++) {
            for (int i = 0; i < r; i++) {
                sigma[i + j * r] = s[i] * a[j];
            }
        }
        this.rotatedTargets = rotatedTargets;
        this.n = n;
        this.filter = filter;
        this.sMax = sMax;
    }

    /** The number of path points. */
    public int length() {
        return filter.pathLength();
    }

    /** The largest eigenvalue of Gamma/n the filter is evaluated with. */
    public double sMax() {
        return sMax;
    }

    /** The rotated coefficients Ct (r x d) at one path point, as a new matrix. */
    public Matrix at(int index) {
        Optional<IterativeFilter> iterative = filter.iterative();
        if (iterative.isEmpty()) {
            return filtered(index);
        }
        Matrix[] found = new Matrix[1];
        try {
            runDiagonal(iterative.get(), (i, c) -> {
                if (i == index) {
                    found[0] = c;
                    throw new PathComplete();
                }
            });
        } catch (PathComplete done) {
            return found[0];
        }
        throw new IllegalStateException("the iterative filter stopped before path point " + index);
    }

    /** Reports the rotated coefficients at every path point, in order; the matrix is new at every call. */
    public void forEach(PathListener listener) {
        Optional<IterativeFilter> iterative = filter.iterative();
        if (iterative.isEmpty()) {
            for (int j = 0; j < length(); j++) {
                listener.accept(j, filtered(j));
            }
        } else {
            runDiagonal(iterative.get(), listener);
        }
    }

    private Matrix filtered(int index) {
        double[] y = rotatedTargets.data();
        double[] c = new double[y.length];
        double inverseN = 1.0 / n;
        for (int k = 0; k < c.length; k++) {
            c[k] = y[k] * filter.apply(index, sigma[k] * inverseN, sMax) * inverseN;
        }
        return new Matrix(rotatedTargets.rows(), rotatedTargets.cols(), c);
    }

    /**
     * Runs the iteration on the diagonal operator {@code C -> sigma ∘ C} in the eigenbasis (r x d operands; n stays
     * the normalisation, see {@link IterativeFilter}).
     */
    private void runDiagonal(IterativeFilter iterative, PathListener listener) {
        GramOperator diagonal = new GramOperator() {
            @Override
            public int size() {
                return n;
            }

            @Override
            public Matrix apply(Matrix coefficients) {
                double[] c = coefficients.data();
                double[] out = new double[c.length];
                for (int k = 0; k < c.length; k++) {
                    out[k] = sigma[k] * c[k];
                }
                return new Matrix(coefficients.rows(), coefficients.cols(), out);
            }
        };
        iterative.run(diagonal, rotatedTargets.copy(), sMax, (index, c) -> listener.accept(index, c.copy()));
    }

    /** Stops an iteration once the wanted path point has been reported. */
    private static final class PathComplete extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PathComplete() {
            super(null, null, false, false);
        }
    }
}
