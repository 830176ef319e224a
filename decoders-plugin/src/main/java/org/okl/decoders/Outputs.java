package org.okl.decoders;

import org.okl.api.component.TypedSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.output.OutputEmbedding;

/**
 * Typed specs of the output embeddings this plugin provides, for pipelines built in code: each method returns the
 * {@link TypedSpec} a pipeline file would spell out ({@code Outputs.kernel(Kernels.gaussian(3.2))} is
 * {@code {"name": "kernel", "kernel": {"name": "gaussian", "sigma": 3.2}}}).
 */
public final class Outputs {
    private Outputs() {
    }

    /** {@code vector}: the outputs as regression targets (multi-output regression). */
    public static TypedSpec<OutputEmbedding> vector() {
        return TypedSpec.of(OutputEmbedding.class, "vector");
    }

    /** {@code labels}: multi-label outputs read as 0/1, regressed as 0/1. */
    public static TypedSpec<OutputEmbedding> labels() {
        return TypedSpec.of(OutputEmbedding.class, "labels");
    }

    /** {@code labels} regressed as -1/+1. */
    public static TypedSpec<OutputEmbedding> labelsPlusMinus() {
        return labels().with("coding", "plus-minus");
    }

    /** {@code one-hot}: one class per sample (one output column) coded one-hot. */
    public static TypedSpec<OutputEmbedding> oneHot() {
        return TypedSpec.of(OutputEmbedding.class, "one-hot");
    }

    /** {@code simplex}: one class per sample coded (1, -1/(d-1)), summing to zero. */
    public static TypedSpec<OutputEmbedding> simplex() {
        return TypedSpec.of(OutputEmbedding.class, "simplex");
    }

    /** {@code sequence}: sequences of symbol codes 1..alphabet (0 = padding) coded one-hot per position. */
    public static TypedSpec<OutputEmbedding> sequence(int alphabet) {
        return TypedSpec.of(OutputEmbedding.class, "sequence").with("alphabet", alphabet);
    }

    /** {@code kernel}: the implicit feature space of an output kernel (IOKR); decode with candidates. */
    public static TypedSpec<OutputEmbedding> kernel(TypedSpec<VectorKernel> outputKernel) {
        return TypedSpec.of(OutputEmbedding.class, "kernel").with("kernel", outputKernel);
    }

    /** {@code kpca}: the kernel-PCA coordinates of an output kernel, keeping the given number of components. */
    public static TypedSpec<OutputEmbedding> kpca(TypedSpec<VectorKernel> outputKernel, int components) {
        return TypedSpec.of(OutputEmbedding.class, "kpca").with("kernel", outputKernel).with("components", components);
    }

    /**
     * {@code oel}: an output embedding of dimension p learned from the regression and the unlabelled outputs
     * (Brogat-Motte et al. 2022), c weighing the supervised term; randomized eigendecomposition.
     */
    public static TypedSpec<OutputEmbedding> oel(TypedSpec<VectorKernel> outputKernel, int p, double c) {
        return TypedSpec.of(OutputEmbedding.class, "oel").with("kernel", outputKernel).with("p", p).with("c", c);
    }

    /** {@code oel} with the exact eigendecomposition of the mixed Gram instead of the randomized one. */
    public static TypedSpec<OutputEmbedding> oelExact(TypedSpec<VectorKernel> outputKernel, int p, double c) {
        return oel(outputKernel, p, c).with("svd", "exact");
    }
}
