package org.okl.decoders;

import org.okl.api.component.ComponentSpec;

/**
 * Typed specs of the output embeddings this plugin provides, for pipelines built in code: each method returns the
 * {@link ComponentSpec} a pipeline file would spell out ({@code Outputs.kernel(Kernels.gaussian(3.2))} is
 * {@code {"name": "kernel", "kernel": {"name": "gaussian", "sigma": 3.2}}}).
 */
public final class Outputs {
    private Outputs() {
    }

    /** {@code vector}: the outputs as regression targets (multi-output regression). */
    public static ComponentSpec vector() {
        return ComponentSpec.of("vector");
    }

    /** {@code labels}: multi-label outputs read as 0/1, regressed as 0/1. */
    public static ComponentSpec labels() {
        return ComponentSpec.of("labels");
    }

    /** {@code labels} regressed as -1/+1. */
    public static ComponentSpec labelsPlusMinus() {
        return labels().with("coding", "plus-minus");
    }

    /** {@code one-hot}: one class per sample (one output column) coded one-hot. */
    public static ComponentSpec oneHot() {
        return ComponentSpec.of("one-hot");
    }

    /** {@code simplex}: one class per sample coded (1, -1/(d-1)), summing to zero. */
    public static ComponentSpec simplex() {
        return ComponentSpec.of("simplex");
    }

    /** {@code sequence}: sequences of symbol codes 1..alphabet (0 = padding) coded one-hot per position. */
    public static ComponentSpec sequence(int alphabet) {
        return ComponentSpec.of("sequence").with("alphabet", alphabet);
    }

    /** {@code kernel}: the implicit feature space of an output kernel (IOKR); decode with candidates. */
    public static ComponentSpec kernel(ComponentSpec outputKernel) {
        return ComponentSpec.of("kernel").with("kernel", outputKernel);
    }

    /** {@code kpca}: the kernel-PCA coordinates of an output kernel, keeping the given number of components. */
    public static ComponentSpec kpca(ComponentSpec outputKernel, int components) {
        return ComponentSpec.of("kpca").with("kernel", outputKernel).with("components", components);
    }

    /**
     * {@code oel}: an output embedding of dimension p learned from the regression and the unlabelled outputs
     * (Brogat-Motte et al. 2022), c weighing the supervised term; randomized eigendecomposition.
     */
    public static ComponentSpec oel(ComponentSpec outputKernel, int p, double c) {
        return ComponentSpec.of("oel").with("kernel", outputKernel).with("p", p).with("c", c);
    }

    /** {@code oel} with the exact eigendecomposition of the mixed Gram instead of the randomized one. */
    public static ComponentSpec oelExact(ComponentSpec outputKernel, int p, double c) {
        return oel(outputKernel, p, c).with("svd", "exact");
    }
}
