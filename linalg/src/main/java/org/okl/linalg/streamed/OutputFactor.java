package org.okl.linalg.streamed;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.SymmetricSpectrum;

/**
 * The matrix A of a separable kernel with its eigendecomposition A = W diag(a) W^T (d x d, computed once).
 *
 * @param matrix   A
 * @param spectrum its eigenvalues (decreasing, clamped at 0) and eigenvectors
 */
public record OutputFactor(Matrix matrix, SymmetricSpectrum spectrum) {

    /** Decomposes A. */
    public static OutputFactor of(Matrix a, LinearAlgebra linearAlgebra) {
        return new OutputFactor(a, SymmetricSpectrum.of(a, linearAlgebra));
    }

    /** Whether A is the identity to 1e-12. */
    public static boolean isIdentity(Matrix a) {
        if (a.rows() != a.cols()) {
            return false;
        }
        for (int j = 0; j < a.cols(); j++) {
            for (int i = 0; i < a.rows(); i++) {
                if (Math.abs(a.get(i, j) - (i == j ? 1.0 : 0.0)) > 1e-12) {
                    return false;
                }
            }
        }
        return true;
    }
}
