package org.okl.kernels.operator;

import org.okl.api.operator.OutputCovarianceKernel;

/**
 * Kadri et al.'s covariance kernel {@code k(x, x') C_YY} (eq. 5) or conditional covariance kernel
 * {@code k(x, x') C_YY|X} (eq. 7) with inversion regulariser epsilon; core's exact eigen route solves with it.
 *
 * @param conditional whether this is the conditional covariance kernel
 * @param epsilon     the inversion regulariser of the conditional kernel (0 for the plain covariance kernel)
 */
public record CovarianceOperatorKernel(boolean conditional, double epsilon) implements OutputCovarianceKernel {
}
