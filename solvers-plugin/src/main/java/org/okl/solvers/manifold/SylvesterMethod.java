package org.okl.solvers.manifold;

/**
 * How {@link ManifoldSolver} solves the Sylvester equation {@code Mmat·A·Q + l·λ·A = Y} with
 * {@code Mmat = (J + l·gammaI·M)·k_N} (docs/conventions.md#manifold-regularization).
 */
public enum SylvesterMethod {
    /**
     * {@link #PER_COLUMN_LU} when the path needs few shifted systems (λ values times distinct eigenvalues of Q at
     * most {@link #MAX_LU_SYSTEMS}), {@link #HESSENBERG_SCHUR} otherwise. One Hessenberg reduction costs 10/3·N^3
     * flops, half of them in matrix-vector products, plus 4/3·N^3 to form Z; one LU costs 2/3·N^3 in matrix-matrix
     * products, so a handful of LUs is cheaper (measured on scene, N = 1211, 6 labels, one λ: the Hessenberg
     * reduction took most of each fit).
     */
    AUTOMATIC,

    /**
     * S1, Hessenberg-Schur: one orthogonal Hessenberg reduction {@code Mmat = Z H Z^T} (O(N^3)), then per λ and per
     * distinct eigenvalue of Q one shifted Hessenberg solve (O(N^2)). Needs nothing of k_N beyond being PSD, so it
     * is the default and the route for singular Grams (for example a linear kernel with N > p).
     */
    HESSENBERG_SCHUR,

    /**
     * S2, per-column dense solves: per λ and per distinct eigenvalue q_j of Q one LU solve of
     * {@code (q_j·Mmat + l·λ·I) z = (Y W)_j} (O(N^3) each, in matrix-matrix products), then {@code A = Z W^T}.
     */
    PER_COLUMN_LU,

    /**
     * S3, symmetric similarity: with {@code k_N = R R^T} (Cholesky), {@code R^T P R = V diag(mu) V^T} and every λ is
     * an element-wise division. Used only when the Cholesky factorisation of k_N succeeds; otherwise the solver falls
     * back to {@link #HESSENBERG_SCHUR}. The coefficients need a triangular solve with R^T, which loses digits when
     * k_N is ill-conditioned (about 1e-10 relative on Gaussian Grams), so it is a fast path, not the default.
     */
    SYMMETRIC_EIGEN;

    /** The largest number of shifted systems for which {@link #AUTOMATIC} chooses {@link #PER_COLUMN_LU}. */
    public static final int MAX_LU_SYSTEMS = 6;
}
