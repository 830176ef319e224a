package org.okl.kernels;

import java.util.List;
import org.okl.api.component.ComponentSpec;

/**
 * Typed specs of the scalar input kernels this plugin provides, for pipelines built in code: each method returns the
 * {@link ComponentSpec} a pipeline file would spell out ({@code Kernels.gaussian(2.0)} is
 * {@code {"name": "gaussian", "sigma": 2.0}}). Ranges are checked when the pipeline creates the kernel.
 */
public final class Kernels {
    private Kernels() {
    }

    /** {@code gaussian}: exp(-||x - x'||^2 / (2 sigma^2)). */
    public static ComponentSpec gaussian(double sigma) {
        return ComponentSpec.of("gaussian").with("sigma", sigma);
    }

    /** {@code gaussian} with its width set to the median pairwise distance of the training inputs. */
    public static ComponentSpec gaussianMedianWidth() {
        return ComponentSpec.of("gaussian").with("bandwidth", "median");
    }

    /**
     * {@code gaussian} with its width set to the mean distance to the k nearest training inputs, k the given fraction
     * of the training points.
     */
    public static ComponentSpec gaussianKnnWidth(double neighboursFraction) {
        return ComponentSpec.of("gaussian").with("bandwidth", "knn").with("neighbours-fraction", neighboursFraction);
    }

    /** {@code gaussian-tanimoto}: exp(-(2 - 2 T(y, y')) / (2 sigma^2)) over the Tanimoto similarity T. */
    public static ComponentSpec gaussianTanimoto(double sigma) {
        return ComponentSpec.of("gaussian-tanimoto").with("sigma", sigma);
    }

    /** {@code gaussian} with its width set to {@code factor} times the median pairwise distance of the inputs. */
    public static ComponentSpec gaussianMedianWidth(double factor) {
        return gaussianMedianWidth().with("factor", factor);
    }

    /** {@code laplacian}: exp(-||x - x'||_1 / sigma). */
    public static ComponentSpec laplacian(double sigma) {
        return ComponentSpec.of("laplacian").with("sigma", sigma);
    }

    /** {@code laplacian} with its width set to the median pairwise L1 distance of the training inputs. */
    public static ComponentSpec laplacianMedianWidth() {
        return ComponentSpec.of("laplacian").with("bandwidth", "median");
    }

    /**
     * {@code gaussian-tanimoto} with its width set to the median distance sqrt(2 - 2T) between the training inputs
     * (or outputs, for an output kernel).
     */
    public static ComponentSpec gaussianTanimotoMedianWidth() {
        return ComponentSpec.of("gaussian-tanimoto").with("bandwidth", "median");
    }

    /** {@code linear}: the inner product. */
    public static ComponentSpec linear() {
        return ComponentSpec.of("linear");
    }

    /** {@code polynomial}: (x . x' + offset)^degree. */
    public static ComponentSpec polynomial(int degree, double offset) {
        return ComponentSpec.of("polynomial").with("degree", degree).with("offset", offset);
    }

    /** {@code tanimoto}: x . x' / (||x||^2 + ||x'||^2 - x . x'). */
    public static ComponentSpec tanimoto() {
        return ComponentSpec.of("tanimoto");
    }

    /** {@code sequence-one-hot}: the linear kernel on sequences coded one-hot per position. */
    public static ComponentSpec sequenceOneHot(int alphabet) {
        return ComponentSpec.of("sequence-one-hot").with("alphabet", alphabet);
    }

    /** {@code normalized}: k(x, x') / sqrt(k(x, x) k(x', x')). */
    public static ComponentSpec normalized(ComponentSpec kernel) {
        return ComponentSpec.of("normalized").with("kernel", kernel);
    }

    /** {@code scaled}: a positive factor times a kernel. */
    public static ComponentSpec scaled(double factor, ComponentSpec kernel) {
        return ComponentSpec.of("scaled").with("factor", factor).with("kernel", kernel);
    }

    /** {@code sum}: the sum of kernels. */
    public static ComponentSpec sum(ComponentSpec... kernels) {
        return ComponentSpec.of("sum").with("kernels", List.of(kernels));
    }

    /** {@code product}: the element-wise product of kernels. */
    public static ComponentSpec product(ComponentSpec... kernels) {
        return ComponentSpec.of("product").with("kernels", List.of(kernels));
    }
}
