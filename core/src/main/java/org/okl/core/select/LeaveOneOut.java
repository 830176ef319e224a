package org.okl.core.select;

import org.okl.api.linalg.Matrix;

/**
 * Closed-form leave-one-out errors along a Tikhonov path.
 *
 * @param lambdas    the path
 * @param errors     mean squared leave-one-out residual per lambda (row) and output (column), in the original output
 *                   coordinates
 * @param decoupled  whether the outputs are decoupled (A diagonal), so that each output may take its own lambda
 */
public record LeaveOneOut(double[] lambdas, Matrix errors, boolean decoupled) {

    /** The mean over outputs of the leave-one-out error at every lambda. */
    public double[] meanErrors() {
        double[] mean = new double[lambdas.length];
        for (int j = 0; j < lambdas.length; j++) {
            for (int c = 0; c < errors.cols(); c++) {
                mean[j] += errors.get(j, c) / errors.cols();
            }
        }
        return mean;
    }

    /** The validation curve over lambda choosing the lowest mean leave-one-out error. */
    public ValidationCurve curve() {
        return ValidationCurve.minimum("lambda", lambdas, meanErrors());
    }

    /**
     * The best lambda index for every output separately.
     *
     * @throws IllegalStateException when A couples the outputs (not diagonal): one lambda per output then does not
     *                               define a model of the separable family
     */
    public int[] bestPerOutput() {
        if (!decoupled) {
            throw new IllegalStateException("one lambda per output needs decoupled outputs (a diagonal matrix A); "
                    + "this A couples them, use curve() for a common lambda");
        }
        int[] best = new int[errors.cols()];
        for (int c = 0; c < best.length; c++) {
            for (int j = 1; j < lambdas.length; j++) {
                if (errors.get(j, c) < errors.get(best[c], c)) {
                    best[c] = j;
                }
            }
        }
        return best;
    }
}
