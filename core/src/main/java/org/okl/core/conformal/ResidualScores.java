package org.okl.core.conformal;

import org.okl.api.linalg.Matrix;

/**
 * Conformity scores from leave-one-out residuals R (n x q) for the plain jackknife: per output, the interval
 * {@code mu(x) ± q+(|R_{.c}|)}; jointly, with each output's scale {@code s_c} (the root mean square of its residuals),
 * the score {@code max_c |R_ic| / s_c} of every row and the box {@code mu_c(x) ± q+(score) s_c}, whose coverage is that
 * of the whole output vector (a row is covered only when every output is).
 */
public final class ResidualScores {
    private final Matrix residuals;

    /** Scores of the given leave-one-out residuals (n x q, no missing values). */
    public ResidualScores(Matrix residuals) {
        for (double v : residuals.data()) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("leave-one-out residuals must be finite, not " + v);
            }
        }
        this.residuals = residuals;
    }

    /** The residuals (n x q). */
    public Matrix residuals() {
        return residuals;
    }

    /** The per-output half-widths {@code q+(|R_{.c}|)} at miscoverage alpha (+infinity when n is too small). */
    public double[] halfWidths(double alpha) {
        int q = residuals.cols();
        double[] out = new double[q];
        for (int c = 0; c < q; c++) {
            out[c] = Jackknife.halfWidth(column(c), alpha);
        }
        return out;
    }

    /** Every row's joint score {@code S_i = max_c |R_ic| / s_c}. */
    public double[] jointScores() {
        int n = residuals.rows();
        double[] scale = scales();
        double[] scores = new double[n];
        for (int i = 0; i < n; i++) {
            double m = 0;
            for (int c = 0; c < scale.length; c++) {
                m = Math.max(m, Math.abs(residuals.get(i, c)) / scale[c]);
            }
            scores[i] = m;
        }
        return scores;
    }

    /** The simultaneous half-widths {@code q+(max_c |R_ic| / s_c) s_c} at miscoverage alpha. */
    public double[] jointHalfWidths(double alpha) {
        int q = residuals.cols();
        double[] scale = scales();
        double quantile = ConformalQuantiles.upper(jointScores(), alpha);
        double[] out = new double[q];
        for (int c = 0; c < q; c++) {
            out[c] = quantile * scale[c];
        }
        return out;
    }

    /** Each output's residual root mean square s_c (1 where all its residuals are 0, which then set no width). */
    public double[] scales() {
        int n = residuals.rows();
        double[] scale = new double[residuals.cols()];
        for (int c = 0; c < scale.length; c++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += residuals.get(i, c) * residuals.get(i, c);
            }
            scale[c] = sum > 0 ? Math.sqrt(sum / n) : 1.0;
        }
        return scale;
    }

    private double[] column(int c) {
        double[] v = new double[residuals.rows()];
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.abs(residuals.get(i, c));
        }
        return v;
    }
}
