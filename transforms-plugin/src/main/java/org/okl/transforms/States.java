package org.okl.transforms;

import java.util.Map;
import org.okl.api.linalg.Matrix;

/** Reading a fitted transform's stored arrays, with messages that name the transform and the array. */
final class States {
    private States() {
    }

    /** A 1 x n array as doubles. */
    static double[] row(Map<String, Matrix> state, String transform, String name) {
        Matrix m = require(state, transform, name);
        if (m.rows() != 1) {
            throw new IllegalArgumentException(transform + ": stored array '" + name + "' has " + m.rows()
                    + " rows, expected 1");
        }
        return m.data().clone();
    }

    /** The stored number of columns a transform takes ({@code width}, 1 x 1). */
    static int width(Map<String, Matrix> state, String transform) {
        double[] width = row(state, transform, "width");
        if (width.length != 1 || width[0] < 1 || width[0] != Math.rint(width[0]) || width[0] > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(transform + ": stored array 'width' must hold the number of columns");
        }
        return (int) width[0];
    }

    /** Stored column indices, each below {@code width}. */
    static int[] columns(Map<String, Matrix> state, String transform, String name, int width) {
        int[] columns = indices(state, transform, name);
        for (int j : columns) {
            if (j >= width) {
                throw new IllegalArgumentException(transform + ": stored column " + j + " outside " + width);
            }
        }
        return columns;
    }

    /** A 1 x n array of column indices, each in [0, width) when width is positive. */
    static int[] indices(Map<String, Matrix> state, String transform, String name) {
        double[] v = row(state, transform, name);
        int[] out = new int[v.length];
        for (int k = 0; k < v.length; k++) {
            if (v[k] != Math.rint(v[k]) || v[k] < 0 || v[k] > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(transform + ": stored array '" + name + "' holds " + v[k]
                        + ", not a column index");
            }
            out[k] = (int) v[k];
        }
        return out;
    }

    /** A stored array, or an error naming it. */
    static Matrix require(Map<String, Matrix> state, String transform, String name) {
        Matrix m = state.get(name);
        if (m == null) {
            throw new IllegalArgumentException(transform + ": the stored state lacks the array '" + name + "'");
        }
        return m;
    }

    /** A 1 x n array. */
    static Matrix rowOf(double[] values) {
        return new Matrix(1, values.length, values.clone());
    }

    /** A 1 x n array of indices. */
    static Matrix rowOf(int[] values) {
        double[] d = new double[values.length];
        for (int k = 0; k < d.length; k++) {
            d[k] = values[k];
        }
        return new Matrix(1, d.length, d);
    }

    /** Fails unless the rows have the expected number of columns. */
    static void requireColumns(String transform, Matrix rows, int expected) {
        if (rows.cols() != expected) {
            throw new IllegalArgumentException(transform + ": fitted on " + expected + " columns, given rows of "
                    + rows.cols());
        }
    }
}
