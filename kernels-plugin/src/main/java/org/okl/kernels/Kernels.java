package org.okl.kernels;

import java.util.Arrays;
import java.util.List;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.TypedSpec;
import org.okl.api.kernel.VectorKernel;

/**
 * Typed specs of the scalar input kernels this plugin provides, for pipelines built in code: each method returns the
 * {@link TypedSpec} a pipeline file would spell out ({@code Kernels.gaussian(2.0)} is
 * {@code {"name": "gaussian", "sigma": 2.0}}). Ranges are checked when the pipeline creates the kernel.
 */
public final class Kernels {
    private Kernels() {
    }

    /** {@code gaussian}: exp(-||x - x'||^2 / (2 sigma^2)). */
    public static TypedSpec<VectorKernel> gaussian(double sigma) {
        return TypedSpec.of(VectorKernel.class, "gaussian").with("sigma", sigma);
    }

    /** {@code gaussian} with its width set to the median pairwise distance of the training inputs. */
    public static TypedSpec<VectorKernel> gaussianMedianWidth() {
        return TypedSpec.of(VectorKernel.class, "gaussian").with("bandwidth", "median");
    }

    /**
     * {@code gaussian} with its width set to the mean distance to the k nearest training inputs, k the given fraction
     * of the training points.
     */
    public static TypedSpec<VectorKernel> gaussianKnnWidth(double neighboursFraction) {
        return TypedSpec.of(VectorKernel.class, "gaussian").with("bandwidth", "knn")
                .with("neighbours-fraction", neighboursFraction);
    }

    /** {@code gaussian-tanimoto}: exp(-(2 - 2 T(y, y')) / (2 sigma^2)) over the Tanimoto similarity T. */
    public static TypedSpec<VectorKernel> gaussianTanimoto(double sigma) {
        return TypedSpec.of(VectorKernel.class, "gaussian-tanimoto").with("sigma", sigma);
    }

    /** {@code gaussian} with its width set to {@code factor} times the median pairwise distance of the inputs. */
    public static TypedSpec<VectorKernel> gaussianMedianWidth(double factor) {
        return gaussianMedianWidth().with("factor", factor);
    }

    /** {@code laplacian}: exp(-||x - x'||_1 / sigma). */
    public static TypedSpec<VectorKernel> laplacian(double sigma) {
        return TypedSpec.of(VectorKernel.class, "laplacian").with("sigma", sigma);
    }

    /** {@code ard-gaussian}: exp(-sum_f (x_f - x'_f)^2 / (2 w_f^2)), one width w_f > 0 per input feature. */
    public static TypedSpec<VectorKernel> ardGaussian(double... widths) {
        return TypedSpec.of(VectorKernel.class, "ard-gaussian").with("widths", OutputMatrices.doubles(widths));
    }

    /** {@code ard-laplacian}: exp(-sum_f |x_f - x'_f| / w_f), one width w_f > 0 per input feature. */
    public static TypedSpec<VectorKernel> ardLaplacian(double... widths) {
        return TypedSpec.of(VectorKernel.class, "ard-laplacian").with("widths", OutputMatrices.doubles(widths));
    }

    /** {@code laplacian} with its width set to the median pairwise L1 distance of the training inputs. */
    public static TypedSpec<VectorKernel> laplacianMedianWidth() {
        return TypedSpec.of(VectorKernel.class, "laplacian").with("bandwidth", "median");
    }

    /**
     * {@code gaussian-tanimoto} with its width set to the median distance sqrt(2 - 2T) between the training inputs
     * (or outputs, for an output kernel).
     */
    public static TypedSpec<VectorKernel> gaussianTanimotoMedianWidth() {
        return TypedSpec.of(VectorKernel.class, "gaussian-tanimoto").with("bandwidth", "median");
    }

    /** {@code linear}: the inner product. */
    public static TypedSpec<VectorKernel> linear() {
        return TypedSpec.of(VectorKernel.class, "linear");
    }

    /** {@code polynomial}: (x . x' + offset)^degree. */
    public static TypedSpec<VectorKernel> polynomial(int degree, double offset) {
        return TypedSpec.of(VectorKernel.class, "polynomial").with("degree", degree).with("offset", offset);
    }

    /** {@code tanimoto}: x . x' / (||x||^2 + ||x'||^2 - x . x'). */
    public static TypedSpec<VectorKernel> tanimoto() {
        return TypedSpec.of(VectorKernel.class, "tanimoto");
    }

    /** {@code sequence-one-hot}: the linear kernel on sequences coded one-hot per position. */
    public static TypedSpec<VectorKernel> sequenceOneHot(int alphabet) {
        return TypedSpec.of(VectorKernel.class, "sequence-one-hot").with("alphabet", alphabet);
    }

    /** {@code normalized}: k(x, x') / sqrt(k(x, x) k(x', x')). */
    public static TypedSpec<VectorKernel> normalized(TypedSpec<VectorKernel> kernel) {
        return TypedSpec.of(VectorKernel.class, "normalized").with("kernel", kernel);
    }

    /** {@code scaled}: a positive factor times a kernel. */
    public static TypedSpec<VectorKernel> scaled(double factor, TypedSpec<VectorKernel> kernel) {
        return TypedSpec.of(VectorKernel.class, "scaled").with("factor", factor).with("kernel", kernel);
    }

    /** {@code sum}: the sum of kernels. */
    @SafeVarargs
    public static TypedSpec<VectorKernel> sum(TypedSpec<VectorKernel>... kernels) {
        return TypedSpec.of(VectorKernel.class, "sum").with("kernels", untyped(kernels));
    }

    /** {@code product}: the element-wise product of kernels. */
    @SafeVarargs
    public static TypedSpec<VectorKernel> product(TypedSpec<VectorKernel>... kernels) {
        return TypedSpec.of(VectorKernel.class, "product").with("kernels", untyped(kernels));
    }

    /** The untyped specs of a list of typed ones, as a pipeline file lists them. */
    @SafeVarargs
    static <T> List<ComponentSpec> untyped(TypedSpec<T>... specs) {
        return Arrays.stream(specs).map(TypedSpec::spec).toList();
    }
}
