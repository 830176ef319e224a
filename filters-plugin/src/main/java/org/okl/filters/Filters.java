package org.okl.filters;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.component.TypedSpec;
import org.okl.api.filter.SpectralFilter;

/**
 * Typed specs of the spectral filters this plugin provides, for pipelines built in code: each method returns the
 * {@link TypedSpec} a pipeline file would spell out ({@code Filters.tikhonov(1e-2, 1e-3)} is
 * {@code {"name": "tikhonov", "lambda": [0.01, 0.001]}}). Several lambdas, or the iterations of an iterative filter,
 * make a regularization path that model selection chooses a point of.
 */
public final class Filters {
    private Filters() {
    }

    /** {@code tikhonov} (kernel ridge) with one lambda or a path of them, on the normalised Gram Gamma/n. */
    public static TypedSpec<SpectralFilter> tikhonov(double... lambda) {
        return TypedSpec.of(SpectralFilter.class, "tikhonov").with("lambda", lambdas(lambda));
    }

    /** {@code tsvd}: truncated SVD (spectral cut-off) at one lambda or a path of them. */
    public static TypedSpec<SpectralFilter> truncatedSvd(double... lambda) {
        return TypedSpec.of(SpectralFilter.class, "tsvd").with("lambda", lambdas(lambda));
    }

    /** {@code iterated-tikhonov}: the given number of ridge solves, each on the previous residual. */
    public static TypedSpec<SpectralFilter> iteratedTikhonov(int iterations, double... lambda) {
        return TypedSpec.of(SpectralFilter.class, "iterated-tikhonov").with("iterations", iterations)
                .with("lambda", lambdas(lambda));
    }

    /** {@code landweber} (L2 boosting) with its default step 1/s_max; every iteration is a path point. */
    public static TypedSpec<SpectralFilter> landweber(int iterations) {
        return TypedSpec.of(SpectralFilter.class, "landweber").with("iterations", iterations);
    }

    /** {@code landweber} with the step eta (below 2/s_max). */
    public static TypedSpec<SpectralFilter> landweber(int iterations, double step) {
        return landweber(iterations).with("step", step);
    }

    /** {@code nu-method} (accelerated Landweber) with qualification nu = 1; every iteration is a path point. */
    public static TypedSpec<SpectralFilter> nuMethod(int iterations) {
        return TypedSpec.of(SpectralFilter.class, "nu-method").with("iterations", iterations);
    }

    /** {@code nu-method} with exactly {@code iterations} iterations: the last iterate alone, nothing chosen. */
    public static TypedSpec<SpectralFilter> nuMethodExactly(int iterations) {
        return nuMethod(iterations).with("earlyStopping", false);
    }

    /** {@code nu-method} with the qualification nu. */
    public static TypedSpec<SpectralFilter> nuMethod(int iterations, double nu) {
        return nuMethod(iterations).with("nu", nu);
    }

    /** One lambda as a number, several as a list (the path), as a pipeline file writes them. */
    private static Object lambdas(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("give at least one lambda");
        }
        if (values.length == 1) {
            return values[0];
        }
        List<Object> out = new ArrayList<>(values.length);
        for (double v : values) {
            out.add(v);
        }
        return out;
    }
}
