package org.okl.kernels.matrix;

import org.okl.api.component.InvalidParameterException;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/**
 * Checks and spectral functions of small symmetric matrices (d x d output matrices): the symmetric positive
 * semi-definite check every output matrix passes, and the pseudo-inverse through an eigendecomposition
 * (docs/conventions.md#operator-valued-kernels: eigenvalues below rtol · max are treated as 0, rtol = 1e-10).
 */
public final class SymmetricMatrices {
    /** Relative tolerance of the pseudo-inverse and of the PSD check. */
    public static final double RTOL = 1e-10;
    private static final double SYMMETRY_TOLERANCE = 1e-10;

    private SymmetricMatrices() {
    }

    /**
     * Returns a symmetrised copy of {@code a} after checking it is a finite, symmetric, positive semi-definite d x d
     * matrix (smallest eigenvalue >= -1e-10 · largest absolute eigenvalue).
     *
     * @param component the component id, for messages
     * @param parameter the parameter the matrix comes from, for messages
     * @param d         the required size (the number of outputs of the targets)
     * @throws InvalidParameterException naming the component and parameter otherwise
     */
    public static Matrix requirePsd(String component, String parameter, Matrix a, int d, LinearAlgebra la) {
        if (a.rows() != d || a.cols() != d) {
            throw new InvalidParameterException(component, parameter,
                    "gives a " + a.rows() + " x " + a.cols() + " matrix but the targets have " + d + " outputs");
        }
        if (!a.isFinite()) {
            throw new InvalidParameterException(component, parameter, "gives a matrix with NaN or infinite entries");
        }
        double scale = 0;
        for (double v : a.data()) {
            scale = Math.max(scale, Math.abs(v));
        }
        for (int j = 0; j < d; j++) {
            for (int i = j + 1; i < d; i++) {
                double diff = Math.abs(a.get(i, j) - a.get(j, i));
                if (diff > SYMMETRY_TOLERANCE * Math.max(scale, Double.MIN_NORMAL)) {
                    throw new InvalidParameterException(component, parameter, "gives a matrix that is not symmetric: "
                            + "entry (" + i + ", " + j + ") = " + a.get(i, j) + " but (" + j + ", " + i + ") = "
                            + a.get(j, i));
                }
            }
        }
        Matrix s = a.copy().symmetrize();
        if (d == 0) {
            return s;
        }
        double[] eig = la.eigenvaluesSymmetric(s);
        double largest = Math.max(Math.abs(eig[0]), Math.abs(eig[eig.length - 1]));
        double smallest = eig[eig.length - 1];
        if (smallest < -RTOL * largest) {
            throw new InvalidParameterException(component, parameter,
                    "gives a matrix that is not positive semi-definite: smallest eigenvalue " + smallest
                            + " (largest " + eig[0] + ")");
        }
        return s;
    }

    /**
     * The Moore-Penrose pseudo-inverse of a symmetric matrix through its eigendecomposition: eigenvalues at or below
     * {@link #RTOL} times the largest are treated as 0. The result is exactly symmetric.
     */
    public static Matrix pseudoInverse(Matrix symmetric, LinearAlgebra la) {
        int d = symmetric.rows();
        if (d == 0) {
            return Matrix.zeros(0, 0);
        }
        SymmetricEigen e = la.eigenSymmetric(symmetric.copy().symmetrize());
        double[] w = e.values();
        double cutoff = RTOL * Math.max(w[0], 0.0);
        Matrix v = e.vectors();
        Matrix scaled = v.copy();
        double[] sd = scaled.data();
        for (int j = 0; j < w.length; j++) {
            double f = w[j] > cutoff ? 1.0 / w[j] : 0.0;
            for (int i = 0; i < d; i++) {
                sd[i + j * d] *= f;
            }
        }
        return la.multiply(scaled, false, v, true).symmetrize();
    }
}
