package org.okl.metrics;

import org.okl.api.linalg.Matrix;

/** Argument checks shared by the metrics; every error names the metric. */
final class Checks {

    private Checks() {
    }

    /** Requires the prediction to have the shape of the truth and at least one row. */
    static void sameShape(String metric, Matrix truth, Matrix predicted) {
        if (truth.rows() != predicted.rows() || truth.cols() != predicted.cols()) {
            throw new IllegalArgumentException(metric + ": predictions are " + predicted.rows() + " x "
                    + predicted.cols() + " but the true outputs are " + truth.rows() + " x " + truth.cols());
        }
        if (truth.rows() == 0) {
            throw new IllegalArgumentException(metric + ": no test points");
        }
    }

    /**
     * Reads a label matrix as booleans (column-major, like {@link Matrix#data()}): 1 is positive, 0 and -1 are
     * negative; any other value is an error, since label metrics need decided labels, not scores.
     */
    static boolean[] labels(String metric, String what, Matrix m) {
        double[] d = m.data();
        boolean[] out = new boolean[d.length];
        for (int k = 0; k < d.length; k++) {
            double v = d[k];
            if (v == 1.0) {
                out[k] = true;
            } else if (v != 0.0 && v != -1.0) {
                throw new IllegalArgumentException(metric + ": " + what + " value " + v + " at row " + (k % m.rows())
                        + ", column " + (k / m.rows()) + " is not a label (1 = positive, 0 or -1 = negative); "
                        + "decode scores with a threshold decoder first");
            }
        }
        return out;
    }
}
