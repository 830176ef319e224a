package org.okl.filters.spectral;

import java.util.List;
import org.okl.api.filter.RidgeFilter;

/** Tikhonov regularization (kernel ridge regression): g(s) = 1/(s + lambda), on a path of lambdas. */
public final class Tikhonov extends LambdaPathFilter implements RidgeFilter {

    /** @param lambdas the path (each value > 0) */
    public Tikhonov(List<Double> lambdas) {
        super("tikhonov", lambdas);
    }

    @Override
    public double apply(int index, double s, double sMax) {
        return 1.0 / (s + lambda(index));
    }
}
