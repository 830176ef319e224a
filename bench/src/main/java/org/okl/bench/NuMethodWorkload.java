package org.okl.bench;

import java.util.OptionalDouble;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.core.solve.Solvers;
import org.okl.filters.Filters;

/**
 * {@code nu_method}: 100 nu-method iterations on K ⊗ A (common-similarity, omega 0.3) with d outputs, matrix-free
 * ({@code C -> K C A}) at the bench's sizes, through core's solver. The timed region holds the Gram, s_max (Lanczos on K, as numpy's
 * {@code eigsh}) and the 100 iterations, every iterate kept as a path point; compared with numpy's
 * {@code gram_s + nu_method_s}.
 */
public final class NuMethodWorkload implements Workload {
    /** The number of iterations. */
    public static final int ITERATIONS = 100;

    @Override
    public String name() {
        return "nu_method";
    }

    @Override
    public String description() {
        return "Solvers.fit with nu-method, 100 iterations on K (x) A (Gram, Lanczos s_max, iterations); "
                + "numpy = gram_s + nu_method_s";
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        RegressionProblem problem = problem(environment, environment.data(n));
        return () -> finalCoefficients(problem);
    }

    /** The problem: nu-method (nu = 1) with 100 iterations on the separable common-similarity kernel. */
    public static RegressionProblem problem(BenchEnvironment environment, BenchData data) {
        return SeparableProblems.of(environment.okl(), data,
                Filters.nuMethod(ITERATIONS));
    }

    /**
     * Runs the iterations and returns the coefficients of the last one. The separable solver iterates matrix-free
     * at the bench's sizes; on tiny problems with long paths (2·t·d > 9·n) it evaluates the same filter through the
     * eigendecomposition instead, which gives the same coefficients.
     */
    public static Matrix finalCoefficients(RegressionProblem problem) {
        RegressionPath path = Solvers.fit(problem);
        return PathCoefficients.at(path, path.length() - 1, "nu_method");
    }

    @Override
    public OptionalDouble numpySeconds(PeerTimings peer) {
        return PeerTimings.sum(peer.gram(), peer.nuMethod());
    }
}
