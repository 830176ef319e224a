package org.okl.bench;

import org.okl.api.linalg.Matrix;
import org.okl.api.solve.RegressionPath;
import org.okl.linalg.device.DevicePath;
import org.okl.linalg.expansion.EigenPath;
import org.okl.solvers.separable.CoefficientPath;

/**
 * The coefficients C_j (n x d) of a separable path, whichever route the solver took: a {@link CoefficientPath}
 * (matrix-free iterations, the tridiagonal Tikhonov route) holds them, an {@link EigenPath} forms them as
 * U Ct_j W^T.
 */
final class PathCoefficients {

    private PathCoefficients() {
    }

    /**
     * The coefficients at path point {@code index}.
     *
     * @param workload the workload's name, for the error when the path is not a separable one
     */
    static Matrix at(RegressionPath path, int index, String workload) {
        if (path instanceof DevicePath onDevice) {
            return at(onDevice.path(), index, workload);
        }
        if (path instanceof CoefficientPath coefficients) {
            return coefficients.coefficientsAt(index);
        }
        if (path instanceof EigenPath eigen) {
            return eigen.coefficientsAt(index);
        }
        throw new IllegalStateException(workload + ": expected a path of the separable solver, got "
                + path.getClass().getSimpleName());
    }
}
