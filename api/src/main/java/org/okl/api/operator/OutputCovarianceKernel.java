package org.okl.api.operator;

import org.okl.api.API;

/**
 * Kadri et al.'s covariance kernels on the feature space of an output kernel: {@code k(x, x') C_YY} (eq. 5) or the
 * conditional {@code k(x, x') C_YY|X} (eq. 7). In sample coordinates the operator is T/n with {@code T = L} or
 * {@code T = L - (k + n eps I)^-1 k L}; the solver uses the exact eigen route.
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
public interface OutputCovarianceKernel extends OperatorKernel {

    /** Whether this is the conditional covariance kernel. */
    boolean conditional();

    /** The inversion regulariser eps of the conditional kernel (ignored by the plain covariance kernel). */
    double epsilon();
}
