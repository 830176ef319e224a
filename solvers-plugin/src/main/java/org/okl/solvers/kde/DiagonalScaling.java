package org.okl.solvers.kde;

import org.okl.api.linalg.Matrix;

/** Products with diagonal matrices, {@code diag(v)·M} and {@code M·diag(v)}, as element-wise passes. */
final class DiagonalScaling {

    private DiagonalScaling() {
    }

    /** A new matrix {@code diag(v) · m} (row i scaled by v_i). */
    static Matrix rows(double[] v, Matrix m) {
        if (v.length != m.rows()) {
            throw new IllegalArgumentException(v.length + " scales for " + m.rows() + " rows");
        }
        Matrix out = m.copy();
        double[] d = out.data();
        int rows = m.rows();
        for (int j = 0; j < m.cols(); j++) {
            int off = j * rows;
            for (int i = 0; i < rows; i++) {
                d[off + i] *= v[i];
            }
        }
        return out;
    }

    /** A new matrix {@code m · diag(v)} (column j scaled by v_j). */
    static Matrix columns(Matrix m, double[] v) {
        if (v.length != m.cols()) {
            throw new IllegalArgumentException(v.length + " scales for " + m.cols() + " columns");
        }
        Matrix out = m.copy();
        double[] d = out.data();
        int rows = m.rows();
        for (int j = 0; j < m.cols(); j++) {
            int off = j * rows;
            double s = v[j];
            for (int i = 0; i < rows; i++) {
                d[off + i] *= s;
            }
        }
        return out;
    }

    /** Element-wise square roots, as a new array. */
    static double[] sqrt(double[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = Math.sqrt(v[i]);
        }
        return out;
    }

    /** Element-wise reciprocals, as a new array. */
    static double[] reciprocal(double[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = 1.0 / v[i];
        }
        return out;
    }
}
