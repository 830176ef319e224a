package org.okl.kernels;

import java.util.List;
import org.okl.api.component.ComponentSpec;

/**
 * Typed specs of the operator-valued kernels this plugin provides, for pipelines built in code (see {@link Kernels});
 * output matrices of separable kernels come from {@link OutputMatrices}.
 */
public final class Operators {
    private Operators() {
    }

    /** {@code separable}: k(x, x') A with the identity A (independent outputs). */
    public static ComponentSpec separable() {
        return ComponentSpec.of("separable");
    }

    /** {@code separable}: k(x, x') A with the given output matrix A. */
    public static ComponentSpec separable(ComponentSpec matrix) {
        return ComponentSpec.of("separable").with("matrix", matrix);
    }

    /** {@code covariance}: k(x, x') times the output covariance operator (Kadri et al. 2013, eq. 5). */
    public static ComponentSpec covariance() {
        return ComponentSpec.of("covariance");
    }

    /**
     * {@code conditional-covariance}: k(x, x') times the conditional output covariance operator (Kadri et al. 2013,
     * eq. 7), with the inversion regulariser epsilon.
     */
    public static ComponentSpec conditionalCovariance(double epsilon) {
        return ComponentSpec.of("conditional-covariance").with("epsilon", epsilon);
    }

    /** {@code divergence-free}: the divergence-free Gaussian kernel for fields R^d -> R^d. */
    public static ComponentSpec divergenceFree(double sigma, int dimension) {
        return ComponentSpec.of("divergence-free").with("sigma", sigma).with("dimension", dimension);
    }

    /** {@code curl-free}: the curl-free Gaussian kernel for fields R^d -> R^d. */
    public static ComponentSpec curlFree(double sigma, int dimension) {
        return ComponentSpec.of("curl-free").with("sigma", sigma).with("dimension", dimension);
    }

    /** {@code div-curl}: gamma times the divergence-free plus (1 - gamma) times the curl-free kernel. */
    public static ComponentSpec divCurl(double sigma, double gamma, int dimension) {
        return ComponentSpec.of("div-curl").with("sigma", sigma).with("gamma", gamma).with("dimension", dimension);
    }

    /** {@code operator-sum}: the sum of separable and block kernels (at least one block kernel). */
    public static ComponentSpec sum(ComponentSpec... operators) {
        return ComponentSpec.of("operator-sum").with("operators", List.of(operators));
    }

    /** {@code operator-sum} of separable kernels only, whose output dimension d must be given. */
    public static ComponentSpec sum(int dimension, ComponentSpec... operators) {
        return sum(operators).with("dimension", dimension);
    }
}
