package org.okl.filters.spectral;

import java.util.List;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.filter.RidgeFilter;

/**
 * Iterated Tikhonov with t solves: C_0 = 0, (Gamma + n·lambda·I) C_i = Y + n·lambda·C_{i-1}; on the spectrum
 * g(s) = ((s+lambda)^t - lambda^t) / (s (s+lambda)^t), and t/lambda at s = 0. The path runs over the lambdas with t
 * fixed.
 */
public final class IteratedTikhonov extends LambdaPathFilter implements RidgeFilter {
    private final int iterations;

    /**
     * @param lambdas    the path (each value > 0)
     * @param iterations the number of solves t (at least 1)
     */
    public IteratedTikhonov(List<Double> lambdas, int iterations) {
        super("iterated-tikhonov", lambdas);
        if (iterations < 1) {
            throw new InvalidParameterException("iterated-tikhonov", "iterations", "must be >= 1, got " + iterations);
        }
        this.iterations = iterations;
    }

    @Override
    public int iterations() {
        return iterations;
    }

    /** Evaluated as (1 - (lambda/(s+lambda))^t)/s = -expm1(t·log1p(-s/(s+lambda)))/s, stable for small s. */
    @Override
    public double apply(int index, double s, double sMax) {
        double lambda = lambda(index);
        if (s <= 0) {
            return iterations / lambda;
        }
        return -Math.expm1(iterations * Math.log1p(-s / (s + lambda))) / s;
    }
}
