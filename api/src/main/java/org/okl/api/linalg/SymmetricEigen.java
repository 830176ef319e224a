package org.okl.api.linalg;

import org.okl.api.API;

/**
 * A symmetric eigendecomposition {@code M = V diag(values) V^T}, eigenvalues sorted in decreasing order, column j of
 * {@link #vectors()} the unit eigenvector of {@code values()[j]}.
 *
 * @param values  eigenvalues, decreasing
 * @param vectors orthonormal eigenvectors as columns (n x n), or n x k when only k pairs were computed
 */
@API(status = API.Status.STABLE, since = "0.1")
public record SymmetricEigen(double[] values, Matrix vectors) {

    /** The eigenvalues with negative round-off clamped to zero, for matrices known to be positive semi-definite. */
    public double[] clampedValues() {
        double[] v = values.clone();
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.max(v[i], 0.0);
        }
        return v;
    }
}
