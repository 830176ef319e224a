package org.okl.filters.spectral;

import java.util.Optional;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.filter.IterativeFilter;
import org.okl.api.filter.PathListener;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;

/**
 * Base of the iterative filters: the path is iterations 1..t, one path point per iteration; or, with
 * {@code path = false}, the t-th iterate alone (one path point, so nothing is chosen along it: exactly t iterations).
 */
abstract class IterationPathFilter implements SpectralFilter, IterativeFilter {
    private final int iterations;
    private final boolean lastOnly;

    IterationPathFilter(String component, int iterations, boolean path) {
        if (iterations < 1) {
            throw new InvalidParameterException(component, "iterations", "must be >= 1, got " + iterations);
        }
        this.iterations = iterations;
        this.lastOnly = !path;
    }

    @Override
    public String pathParameter() {
        return "iterations";
    }

    @Override
    public int pathLength() {
        return lastOnly ? 1 : iterations;
    }

    @Override
    public double pathValue(int index) {
        return iterate(index) + 1;
    }

    /** The iterate (0-based: iterate i is the result of i + 1 iterations) that path point {@code index} stands for. */
    int iterate(int index) {
        return lastOnly ? iterations - 1 : index;
    }

    /** Hands iterate {@code i} (0-based) to the listener when it is a path point, under its path index. */
    void report(PathListener listener, int i, Matrix c) {
        if (!lastOnly) {
            listener.accept(i, c);
        } else if (i == iterations - 1) {
            listener.accept(0, c);
        }
    }

    @Override
    public Optional<IterativeFilter> iterative() {
        return Optional.of(this);
    }

    /** The largest iteration count t. */
    public int iterations() {
        return iterations;
    }

    /** C += factor · (Y - gammaC), element-wise over the column-major arrays. */
    static void addResidual(Matrix c, Matrix targets, Matrix gammaC, double factor) {
        double[] cd = c.data();
        double[] y = targets.data();
        double[] g = gammaC.data();
        for (int k = 0; k < cd.length; k++) {
            cd[k] += factor * (y[k] - g[k]);
        }
    }
}
