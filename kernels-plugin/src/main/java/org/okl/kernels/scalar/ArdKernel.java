package org.okl.kernels.scalar;

import org.okl.api.component.InvalidParameterException;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * A Gaussian or Laplacian kernel with one width per input feature (automatic relevance determination):
 * {@code ard-gaussian} is {@code exp(-sum_f (x_f - x'_f)^2 / (2 w_f^2))}, {@code ard-laplacian} is
 * {@code exp(-sum_f |x_f - x'_f| / w_f)}. Each equals the one-width kernel of width 1 on the inputs divided feature by
 * feature by their widths, which is how its Gram is computed (one product for the Gaussian). The widths are usually
 * learned from the training rows (the automatic pipeline's learned candidate, {@code selection.learn}); a large width
 * marks a feature the kernel ignores.
 */
public final class ArdKernel implements VectorKernel {
    private final String id;
    private final double[] widths;
    private final VectorKernel unit;

    private ArdKernel(String id, double[] widths, VectorKernel unit) {
        this.id = id;
        this.widths = widths.clone();
        this.unit = unit;
    }

    /** {@code ard-gaussian} with the given widths (all > 0). */
    public static ArdKernel gaussian(double[] widths, LinearAlgebra linearAlgebra) {
        return new ArdKernel("ard-gaussian", widths, new GaussianKernel(1.0, linearAlgebra));
    }

    /** {@code ard-laplacian} with the given widths (all > 0). */
    public static ArdKernel laplacian(double[] widths) {
        return new ArdKernel("ard-laplacian", widths, new LaplacianKernel(1.0));
    }

    /** The widths, one per feature. */
    public double[] widths() {
        return widths.clone();
    }

    @Override
    public Matrix gram(Matrix a, Matrix b) {
        if (a == b) {
            return gram(a);
        }
        return unit.gram(scaled(a), scaled(b));
    }

    @Override
    public Matrix gram(Matrix a) {
        return unit.gram(scaled(a));
    }

    @Override
    public double[] diagonal(Matrix a) {
        return unit.diagonal(a);
    }

    @Override
    public double value(double[] a, double[] b) {
        return unit.value(scaled(a), scaled(b));
    }

    private double[] scaled(double[] v) {
        check(v.length);
        double[] s = new double[v.length];
        for (int f = 0; f < v.length; f++) {
            s[f] = v[f] / widths[f];
        }
        return s;
    }

    private Matrix scaled(Matrix m) {
        check(m.cols());
        Matrix s = m.copy();
        int n = m.rows();
        double[] d = s.data();
        for (int f = 0; f < widths.length; f++) {
            double inv = 1.0 / widths[f];
            for (int i = f * n; i < (f + 1) * n; i++) {
                d[i] *= inv;
            }
        }
        return s;
    }

    private void check(int features) {
        if (features != widths.length) {
            // a user's error (widths written for other inputs, or inputs whose one-hot levels differ), not OKL's
            throw new InvalidParameterException(id, "widths", "has " + widths.length + " widths for inputs of "
                    + features + " features");
        }
    }
}
