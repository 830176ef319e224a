package org.okl.experiments.mtr;

import org.okl.api.linalg.Matrix;

/**
 * Column standardisation fitted on a training part: subtract the column mean and divide by the column standard
 * deviation (population form; a constant column is only centred).
 */
final class Standardizer {
    private final double[] mean;
    private final double[] scale;

    private Standardizer(double[] mean, double[] scale) {
        this.mean = mean;
        this.scale = scale;
    }

    /** The means and standard deviations of the columns of {@code m}. */
    static Standardizer fit(Matrix m) {
        int n = m.rows();
        double[] mean = new double[m.cols()];
        double[] scale = new double[m.cols()];
        for (int j = 0; j < m.cols(); j++) {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += m.get(i, j);
            }
            mean[j] = s / n;
            double v = 0;
            for (int i = 0; i < n; i++) {
                double d = m.get(i, j) - mean[j];
                v += d * d;
            }
            double sd = Math.sqrt(v / n);
            scale[j] = sd > 1e-12 * Math.max(1, Math.abs(mean[j])) ? sd : 1;
        }
        return new Standardizer(mean, scale);
    }

    /** {@code (m − mean) / scale}, column by column (a new matrix). */
    Matrix apply(Matrix m) {
        if (m.cols() != mean.length) {
            throw new IllegalArgumentException("fitted on " + mean.length + " columns, got " + m.cols());
        }
        Matrix out = m.copy();
        for (int j = 0; j < m.cols(); j++) {
            for (int i = 0; i < m.rows(); i++) {
                out.set(i, j, (m.get(i, j) - mean[j]) / scale[j]);
            }
        }
        return out;
    }
}
