package org.okl.solvers.kde;

import java.util.stream.IntStream;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;

/**
 * The spectral filter of a covariance KDE evaluated on the eigenvalues {@code sigma_ij = w_i·s_j / n^2} of Gamma/n
 * (derivation in {@link CovarianceKdeSolver}), as the element-wise weights of the core matrix.
 *
 * <ul>
 *   <li>exact route: {@code F_ij = g(sigma_ij) / n^2}; for Tikhonov {@code 1 / (w_i s_j + n^2 lambda)};</li>
 *   <li>low-rank route: {@code F_ij = (g(sigma_ij) - g(0)) / (n^2 s_j)} on the range of the factors, plus the
 *       multiple {@code g(0) / n^2} of T on the complement (see {@link #offset(int)}).</li>
 * </ul>
 */
final class KdeFilter {
    private static final long PARALLEL_SIZE = 1L << 16;

    private final SpectralFilter filter;
    private final double[] rowValues;
    private final double[] columnValues;
    private final double nSquared;
    private final double sMax;
    private final boolean lowRank;
    private final String component;

    /**
     * Checks, for every path point, that g is finite at both ends of the spectrum, 0 and s_max, so an unusable
     * filter fails at fit time rather than at prediction.
     *
     * @param filter       the spectral filter with its path
     * @param rowValues    eigenvalues w of T (the rows of the core)
     * @param columnValues eigenvalues s of k (the columns of the core)
     * @param n            the number of training points
     * @param lowRank      whether the weights are for the low-rank route
     * @param component    the operator id, for error messages
     */
    KdeFilter(SpectralFilter filter, double[] rowValues, double[] columnValues, int n, boolean lowRank,
            String component) {
        this.filter = filter;
        this.rowValues = rowValues;
        this.columnValues = columnValues;
        this.nSquared = (double) n * n;
        this.lowRank = lowRank;
        this.component = component;
        this.sMax = max(rowValues) * max(columnValues) / nSquared;
        for (int index = 0; index < filter.pathLength(); index++) {
            valueAt(index, 0.0);
            valueAt(index, sMax);
        }
    }

    private static double max(double[] v) {
        double m = 0;
        for (double x : v) {
            m = Math.max(m, x);
        }
        return m;
    }

    /** The number of path points. */
    int length() {
        return filter.pathLength();
    }

    /** The largest eigenvalue of Gamma/n. */
    double sMax() {
        return sMax;
    }

    /** The core weighted element-wise at a path point, {@code core ∘ F}, as a new matrix. */
    Matrix weighted(int index, Matrix core) {
        int rows = rowValues.length;
        int cols = columnValues.length;
        if (core.rows() != rows || core.cols() != cols) {
            throw new IllegalArgumentException("core is " + core.rows() + " x " + core.cols() + ", expected " + rows
                    + " x " + cols);
        }
        double g0 = lowRank ? valueAt(index, 0.0) : 0.0;
        Matrix z = Matrix.zeros(rows, cols);
        double[] in = core.data();
        double[] out = z.data();
        IntStream columns = IntStream.range(0, cols);
        if ((long) rows * cols >= PARALLEL_SIZE) {
            columns = columns.parallel();
        }
        columns.forEach(j -> {
            double s = columnValues[j];
            if (lowRank && s <= 0) {
                return;
            }
            int off = j * rows;
            for (int i = 0; i < rows; i++) {
                double g = valueAt(index, rowValues[i] * s / nSquared);
                double f = lowRank ? (g - g0) / (nSquared * s) : g / nSquared;
                out[off + i] = in[off + i] * f;
            }
        });
        return z;
    }

    /** The weight {@code g(0) / n^2} of T on the complement of the low-rank factors (0 for the exact route). */
    double offset(int index) {
        return lowRank ? valueAt(index, 0.0) / nSquared : 0.0;
    }

    private double valueAt(int index, double sigma) {
        double g = filter.apply(index, sigma, sMax);
        if (!Double.isFinite(g)) {
            throw new InvalidParameterException(component, "filter",
                    "cannot be applied: g(" + sigma + ") = " + g + " at " + filter.pathParameter() + " = "
                            + filter.pathValue(index) + "; the covariance KDE filters the eigenvalues w_i·s_j/n^2 of "
                            + "Gamma/n, which include 0 when the input or output Gram is singular, so g must be "
                            + "finite on [0, s_max]");
        }
        return g;
    }
}
