package org.okl.api.filter;

import java.util.Optional;
import org.okl.api.API;

/**
 * A spectral regularization filter g(s) (Baldassarre et al. 2012, Sec. 3.3) with a regularization path.
 *
 * <p>Conventions (see docs/conventions.md#regularization-scale): s ranges over the eigenvalues of the normalised Gram
 * {@code Gamma/n}, and the coefficients are {@code C = g(Gamma/n) Y / n}. A filter is defined on a path of parameter
 * values (a list of lambdas, or iterations 1..t); solvers compute the whole path from one decomposition or one run of
 * the iteration, and model selection keeps one point.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface SpectralFilter {

    /** The name of the path parameter, for example {@code lambda} or {@code iterations}. */
    String pathParameter();

    /** The number of points on the path (at least 1). */
    int pathLength();

    /** The parameter value at a path point, for reports (a lambda, or an iteration count). */
    double pathValue(int index);

    /**
     * The filter function at a path point.
     *
     * @param index path point
     * @param s     an eigenvalue of Gamma/n (non-negative)
     * @param sMax  the largest eigenvalue of Gamma/n (step sizes of iterative filters depend on it)
     */
    double apply(int index, double s, double sMax);

    /**
     * The matrix-free form of the filter, for kernels without an eigen structure; empty for filters that need a
     * decomposition or a solve (Tikhonov, truncated SVD, iterated Tikhonov).
     */
    default Optional<IterativeFilter> iterative() {
        return Optional.empty();
    }
}
