package org.okl.linalg;

import org.okl.api.linalg.Matrix;

/**
 * Level-1 operations on matrices seen as vectors (the Frobenius inner product), for the iterative methods: Lanczos,
 * conjugate gradients.
 */
public final class Frobenius {
    private Frobenius() {
    }

    /** {@code <A, B>}, the sum of the element-wise products. */
    public static double dot(Matrix a, Matrix b) {
        double[] x = a.data();
        double[] y = b.data();
        double s = 0;
        for (int k = 0; k < x.length; k++) {
            s += x[k] * y[k];
        }
        return s;
    }

    /** {@code ||A||_F}. */
    public static double norm(Matrix a) {
        return Math.sqrt(dot(a, a));
    }

    /** {@code Y += factor · X}, in place. */
    public static void axpy(double factor, Matrix x, Matrix y) {
        double[] xs = x.data();
        double[] ys = y.data();
        for (int k = 0; k < xs.length; k++) {
            ys[k] += factor * xs[k];
        }
    }

    /** {@code A *= factor}, in place. */
    public static void scale(Matrix a, double factor) {
        double[] x = a.data();
        for (int k = 0; k < x.length; k++) {
            x[k] *= factor;
        }
    }
}
