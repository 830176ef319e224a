package org.okl.transforms;

import java.util.LinkedHashMap;
import java.util.Map;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.FittedTransform;

/**
 * A fitted column-wise affine map {@code y_ij = (x_ij - shift_j) * gain_j + base}, with its inverse: what
 * {@code standardize} and {@code min-max} fit. NaN passes through as NaN.
 */
final class AffineColumns implements FittedTransform {
    private final double[] shift;
    private final double[] gain;
    private final double base;

    /**
     * @param shift subtracted from each column
     * @param gain  each column's factor, non-zero
     * @param base  added after scaling
     */
    AffineColumns(double[] shift, double[] gain, double base) {
        if (shift.length != gain.length) {
            throw new IllegalArgumentException(shift.length + " shifts but " + gain.length + " gains");
        }
        for (double g : gain) {
            if (!(g != 0.0) || !Double.isFinite(g)) {
                throw new IllegalArgumentException("a column's gain is " + g + "; it must be finite and non-zero");
            }
        }
        this.shift = shift.clone();
        this.gain = gain.clone();
        this.base = base;
    }

    /** Rebuilds from stored arrays {@code shift}, {@code gain} and {@code base} (1 x 1). */
    static AffineColumns restore(Map<String, Matrix> state, String transform) {
        double[] b = States.row(state, transform, "base");
        if (b.length != 1) {
            throw new IllegalArgumentException(transform + ": stored array 'base' must hold one number");
        }
        return new AffineColumns(States.row(state, transform, "shift"), States.row(state, transform, "gain"), b[0]);
    }

    @Override
    public int inputDimension() {
        return shift.length;
    }

    @Override
    public int outputDimension() {
        return shift.length;
    }

    @Override
    public Matrix apply(Matrix rows) {
        States.requireColumns("affine transform", rows, shift.length);
        int n = rows.rows();
        double[] in = rows.data();
        double[] out = new double[in.length];
        for (int j = 0; j < shift.length; j++) {
            int off = j * n;
            double s = shift[j];
            double g = gain[j];
            for (int i = 0; i < n; i++) {
                out[off + i] = (in[off + i] - s) * g + base;
            }
        }
        return new Matrix(n, shift.length, out);
    }

    @Override
    public boolean invertible() {
        return true;
    }

    @Override
    public Matrix invert(Matrix transformed) {
        States.requireColumns("affine transform", transformed, shift.length);
        int n = transformed.rows();
        double[] in = transformed.data();
        double[] out = new double[in.length];
        for (int j = 0; j < shift.length; j++) {
            int off = j * n;
            double s = shift[j];
            double g = gain[j];
            for (int i = 0; i < n; i++) {
                out[off + i] = (in[off + i] - base) / g + s;
            }
        }
        return new Matrix(n, shift.length, out);
    }

    @Override
    public ColumnSchema columns(ColumnSchema input) {
        return ColumnSchema.numeric(input.names());
    }

    @Override
    public Map<String, Matrix> state() {
        Map<String, Matrix> m = new LinkedHashMap<>();
        m.put("shift", States.rowOf(shift));
        m.put("gain", States.rowOf(gain));
        m.put("base", States.rowOf(new double[] {base}));
        return m;
    }
}
