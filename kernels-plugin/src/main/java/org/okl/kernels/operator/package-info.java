/**
 * Operator-valued kernels: separable {@code k(x, x') A}, Kadri et al.'s covariance kernels, the divergence-free and
 * curl-free kernels for vector fields, and sums of separable and block kernels.
 */
package org.okl.kernels.operator;
