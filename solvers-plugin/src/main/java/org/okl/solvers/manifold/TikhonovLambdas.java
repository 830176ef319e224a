package org.okl.solvers.manifold;

import org.okl.api.component.InvalidParameterException;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.filter.SpectralFilter;

/**
 * Reads the lambda path of a Tikhonov filter. The rule: a {@link RidgeFilter} with one iteration is Tikhonov, with
 * λ_j = {@link RidgeFilter#lambda(int)} ({@code tikhonov}, and {@code iterated-tikhonov} with one iteration); an
 * iterated ridge filter with more iterations is not. Any other filter (a third-party one, say) is Tikhonov when its
 * path parameter is {@code lambda} and its filter function equals {@code 1/(s + λ)} (relative 1e-12) at s = 0, λ
 * and 1 on every path point, λ_j its path value. Every λ must be finite and positive. Truncated SVD, Landweber and
 * the nu-method are rejected.
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
        if (filter instanceof RidgeFilter ridge) {
            if (ridge.iterations() != 1) {
                throw new InvalidParameterException(component, "filter", "must be 'tikhonov' (g(s) = 1/(s + "
                        + "lambda), gammaA = lambda); iterated Tikhonov with " + ridge.iterations()
                        + " iterations is not supported");
            }
            double[] lambdas = new double[ridge.pathLength()];
            for (int j = 0; j < lambdas.length; j++) {
                lambdas[j] = checkedLambda(ridge.lambda(j), component);
            }
            return lambdas;
        }
        if (!"lambda".equals(filter.pathParameter())) {
            throw new InvalidParameterException(component, "filter", "must be 'tikhonov' (g(s) = 1/(s + lambda), "
                    + "gammaA = lambda); got a filter whose path parameter is '" + filter.pathParameter() + "'");
        }
        double[] lambdas = new double[filter.pathLength()];
        for (int j = 0; j < lambdas.length; j++) {
            double lambda = checkedLambda(filter.pathValue(j), component);
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

    private static double checkedLambda(double lambda, String component) {
        if (!(lambda > 0) || Double.isInfinite(lambda)) {
            throw new InvalidParameterException(component, "filter", "lambda must be a finite number > 0, got "
                    + lambda);
        }
        return lambda;
    }
}
