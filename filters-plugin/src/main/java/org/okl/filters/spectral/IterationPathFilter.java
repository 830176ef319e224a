package org.okl.filters.spectral;

import java.util.Optional;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.filter.IterativeFilter;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;

/** Base of the iterative filters: the path is iterations 1..t, one path point per iteration. */
abstract class IterationPathFilter implements SpectralFilter, IterativeFilter {
    private final int iterations;

    IterationPathFilter(String component, int iterations) {
        if (iterations < 1) {
            throw new InvalidParameterException(component, "iterations", "must be >= 1, got " + iterations);
        }
        this.iterations = iterations;
    }

    @Override
    public String pathParameter() {
        return "iterations";
    }

    @Override
    public int pathLength() {
        return iterations;
    }

    @Override
    public double pathValue(int index) {
        return index + 1;
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
