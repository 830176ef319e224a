package org.okl.core.solve.manifold;

/**
 * How {@link ManifoldSolver} solves the Sylvester equation {@code Mmat·A·Q + l·λ·A = Y} with
 * {@code Mmat = (J + l·gammaI·M)·k_N} (ALGORITHMS.md §4.3).
 */
public enum SylvesterMethod {
    /**
     * S1, Hessenberg-Schur: one orthogonal Hessenberg reduction {@code Mmat = Z H Z^T} (O(N^3)), then per λ and per
     * distinct eigenvalue of Q one shifted Hessenberg solve (O(N^2)). Needs nothing of k_N beyond being PSD, so it
     * is the default and the route for singular Grams (for example a linear kernel with N > p).
     */
    HESSENBERG_SCHUR,

    /**
     * S3, symmetric similarity: with {@code k_N = R R^T} (Cholesky), {@code R^T P R = V diag(mu) V^T} and every λ is
     * an element-wise division. Used only when the Cholesky factorisation of k_N succeeds; otherwise the solver falls
     * back to {@link #HESSENBERG_SCHUR}. The coefficients need a triangular solve with R^T, which loses digits when
     * k_N is ill-conditioned (about 1e-10 relative on Gaussian Grams), so it is a fast path, not the default.
     */
    SYMMETRIC_EIGEN
}
