package org.okl.linalg;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/**
 * The eigendecomposition of a symmetric positive semi-definite matrix (a Gram matrix or an output matrix A),
 * symmetrised before the decomposition and with negative round-off eigenvalues clamped to 0.
 *
 * @param values  eigenvalues, decreasing, non-negative
 * @param vectors orthonormal eigenvectors as columns
 */
public record SymmetricSpectrum(double[] values, Matrix vectors) {

    /** Decomposes {@code (M + M^T)/2}; M is not modified. */
    public static SymmetricSpectrum of(Matrix symmetric, LinearAlgebra linearAlgebra) {
        SymmetricEigen eigen = linearAlgebra.eigenSymmetric(symmetric.copy().symmetrize());
        return new SymmetricSpectrum(eigen.clampedValues(), eigen.vectors());
    }

    /** The largest eigenvalue. */
    public double max() {
        return values.length == 0 ? 0.0 : values[0];
    }
}
