package org.okl.solvers.iterative;

import org.okl.api.linalg.Matrix;

/** Missing targets (NaN) as a 0/1 mask, masked from the loss and never imputed. */
public final class Masks {

    private Masks() {
    }

    /** Whether any entry is NaN. */
    public static boolean hasMissing(Matrix targets) {
        for (double v : targets.data()) {
            if (Double.isNaN(v)) {
                return true;
            }
        }
        return false;
    }

    /** The mask: 1 where the target is observed, 0 where it is NaN. */
    public static Matrix observed(Matrix targets) {
        double[] y = targets.data();
        double[] m = new double[y.length];
        for (int k = 0; k < y.length; k++) {
            m[k] = Double.isNaN(y[k]) ? 0.0 : 1.0;
        }
        return new Matrix(targets.rows(), targets.cols(), m);
    }

    /** A copy of the targets with NaN replaced by 0 (the masked targets M ∘ Y). */
    public static Matrix zeroFilled(Matrix targets) {
        double[] y = targets.data().clone();
        for (int k = 0; k < y.length; k++) {
            if (Double.isNaN(y[k])) {
                y[k] = 0.0;
            }
        }
        return new Matrix(targets.rows(), targets.cols(), y);
    }

    /** M ∘ X in place; returns X. */
    public static Matrix apply(Matrix mask, Matrix x) {
        double[] m = mask.data();
        double[] d = x.data();
        for (int k = 0; k < d.length; k++) {
            d[k] *= m[k];
        }
        return x;
    }
}
