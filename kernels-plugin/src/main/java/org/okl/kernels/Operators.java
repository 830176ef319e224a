package org.okl.kernels;

import org.okl.api.component.TypedSpec;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.OutputMatrix;

/**
 * Typed specs of the operator-valued kernels this plugin provides, for pipelines built in code (see {@link Kernels});
 * output matrices of separable kernels come from {@link OutputMatrices}.
 */
public final class Operators {
    private Operators() {
    }

    /** {@code separable}: k(x, x') A with the identity A (independent outputs). */
    public static TypedSpec<OperatorKernel> separable() {
        return TypedSpec.of(OperatorKernel.class, "separable");
    }

    /** {@code separable}: k(x, x') A with the given output matrix A. */
    public static TypedSpec<OperatorKernel> separable(TypedSpec<OutputMatrix> matrix) {
        return TypedSpec.of(OperatorKernel.class, "separable").with("matrix", matrix);
    }

    /** {@code covariance}: k(x, x') times the output covariance operator (Kadri et al. 2013, eq. 5). */
    public static TypedSpec<OperatorKernel> covariance() {
        return TypedSpec.of(OperatorKernel.class, "covariance");
    }

    /**
     * {@code conditional-covariance}: k(x, x') times the conditional output covariance operator (Kadri et al. 2013,
     * eq. 7), with the inversion regulariser epsilon.
     */
    public static TypedSpec<OperatorKernel> conditionalCovariance(double epsilon) {
        return TypedSpec.of(OperatorKernel.class, "conditional-covariance").with("epsilon", epsilon);
    }

    /** {@code divergence-free}: the divergence-free Gaussian kernel for fields R^d -> R^d. */
    public static TypedSpec<OperatorKernel> divergenceFree(double sigma, int dimension) {
        return TypedSpec.of(OperatorKernel.class, "divergence-free").with("sigma", sigma).with("dimension", dimension);
    }

    /** {@code curl-free}: the curl-free Gaussian kernel for fields R^d -> R^d. */
    public static TypedSpec<OperatorKernel> curlFree(double sigma, int dimension) {
        return TypedSpec.of(OperatorKernel.class, "curl-free").with("sigma", sigma).with("dimension", dimension);
    }

    /** {@code div-curl}: gamma times the divergence-free plus (1 - gamma) times the curl-free kernel. */
    public static TypedSpec<OperatorKernel> divCurl(double sigma, double gamma, int dimension) {
        return TypedSpec.of(OperatorKernel.class, "div-curl").with("sigma", sigma).with("gamma", gamma)
                .with("dimension", dimension);
    }

    /** {@code operator-sum}: the sum of separable and block kernels (at least one block kernel). */
    @SafeVarargs
    public static TypedSpec<OperatorKernel> sum(TypedSpec<OperatorKernel>... operators) {
        return TypedSpec.of(OperatorKernel.class, "operator-sum").with("operators", Kernels.untyped(operators));
    }

    /** {@code operator-sum} of separable kernels only, whose output dimension d must be given. */
    @SafeVarargs
    public static TypedSpec<OperatorKernel> sum(int dimension, TypedSpec<OperatorKernel>... operators) {
        return sum(operators).with("dimension", dimension);
    }
}
