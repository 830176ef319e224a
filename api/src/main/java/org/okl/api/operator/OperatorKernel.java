package org.okl.api.operator;

import org.okl.api.API;

/**
 * An operator-valued kernel {@code Gamma(x, x')}, a linear operator on the output space for every pair of inputs.
 *
 * <p>Solvers need structure, not just values, so every implementation is one of three sub-types, chosen by what the
 * kernel can expose:
 * <ul>
 *   <li>{@link SeparableOperatorKernel}: {@code k(x, x') A} with a d x d matrix A (eigen route, no nd x nd matrix);
 *   <li>{@link OutputCovarianceKernel}: {@code k(x, x') C} with C a covariance operator on the output-kernel
 *       feature space (Kadri et al.; exact O(n^3) route);
 *   <li>{@link BlockOperatorKernel}: anything else, through a block Gram or a Gram-times-coefficients product.
 * </ul>
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface OperatorKernel {

    /**
     * Whether the kernel carries its own scalar kernel, so that the pipeline's {@code kernel} entry is ignored (the
     * divergence-free and curl-free kernels do).
     */
    default boolean ignoresInputKernel() {
        return false;
    }
}
