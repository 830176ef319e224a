package org.okl.core.solve.manifold;

import org.okl.api.component.InvalidParameterException;
import org.okl.api.filter.SpectralFilter;

/**
 * Reads the lambda path of a Tikhonov-type filter. The rule: a filter is Tikhonov when its path parameter is
 * {@code lambda}, every path value λ is finite and positive, and its filter function equals {@code 1/(s + λ)}
 * (relative 1e-12) at s = 0, λ and 1 on every path point. {@code tikhonov} and {@code iterated-tikhonov} with one
 * iteration qualify; truncated SVD, Landweber and the nu-method do not.
 */
final class TikhonovLambdas {
    private static final double TOLERANCE = 1e-12;

    private TikhonovLambdas() {
    }

    /**
     * The path values λ_j of a Tikhonov filter.
     *
     * @param component the component asking, for the error message
     * @throws InvalidParameterException when the filter is not Tikhonov
     */
    static double[] of(SpectralFilter filter, String component) {
        if (!"lambda".equals(filter.pathParameter())) {
            throw new InvalidParameterException(component, "filter", "must be 'tikhonov' (g(s) = 1/(s + lambda), "
                    + "gammaA = lambda); got a filter whose path parameter is '" + filter.pathParameter() + "'");
        }
        double[] lambdas = new double[filter.pathLength()];
        for (int j = 0; j < lambdas.length; j++) {
            double lambda = filter.pathValue(j);
            if (!(lambda > 0) || Double.isInfinite(lambda)) {
                throw new InvalidParameterException(component, "filter",
                        "lambda must be a finite number > 0, got " + lambda);
            }
            for (double s : new double[] {0.0, lambda, 1.0}) {
                double expected = 1.0 / (s + lambda);
                double actual = filter.apply(j, s, 1.0);
                if (!(Math.abs(actual - expected) <= TOLERANCE * expected)) {
                    throw new InvalidParameterException(component, "filter", "must be 'tikhonov' (g(s) = 1/(s + "
                            + "lambda), gammaA = lambda); at lambda = " + lambda + " the filter gives g(" + s + ") = "
                            + actual + " instead of " + expected);
                }
            }
            lambdas[j] = lambda;
        }
        return lambdas;
    }
}
