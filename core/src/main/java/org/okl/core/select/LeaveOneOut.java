package org.okl.core.select;

import org.okl.api.linalg.Matrix;

/**
 * Closed-form leave-one-out errors along a Tikhonov path.
 *
 * @param lambdas the path
 * @param errors  mean squared leave-one-out residual per lambda (row) and output (column), in the original output
 *                coordinates
 */
public record LeaveOneOut(double[] lambdas, Matrix errors) {

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
}
