package org.okl.api.filter;

import org.okl.api.API;

/**
 * A spectral filter whose every path point is (iterated) Tikhonov regularization: C_0 = 0 and
 * {@code (Gamma + n·lambda·I) C_i = Y + n·lambda·C_{i-1}} for i = 1..{@link #iterations()} (one solve is plain
 * Tikhonov). Solvers use this form when no eigen structure is available, for example when missing targets are
 * masked from the loss: each path point is then a few linear solves on the Gram action.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface RidgeFilter extends SpectralFilter {

    /** The ridge parameter lambda (normalised scale) at a path point. */
    double lambda(int index);

    /** The number of Tikhonov solves t (1 for plain Tikhonov). */
    default int iterations() {
        return 1;
    }
}
