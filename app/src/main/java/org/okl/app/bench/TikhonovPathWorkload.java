package org.okl.app.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;
import org.okl.core.solve.RegressionPath;
import org.okl.core.solve.RegressionProblem;
import org.okl.core.solve.Solvers;
import org.okl.core.solve.separable.EigenPath;

/**
 * {@code tik_path}: the separable multi-output Tikhonov path over 30 lambdas (logspace(-6, -1)), common-similarity A
 * (omega 0.3), fitted by core's solver and with the coefficients C_j = U Ct_j W^T (n x d) of all 30 path points
 * materialised, the equivalent of numpy's {@code [U @ (Yt / (S + lam)) @ V.T / n for lam in lams]}.
 *
 * <p>The solver computes the Gram itself, so the timed region holds the Gram, the eigendecompositions of K and A, the
 * rotated targets and the 30 coefficient matrices; the numpy time it is compared with is the peer's
 * {@code gram_s + tik_path_s}, the same work.
 */
public final class TikhonovPathWorkload implements Workload {
    /** The number of lambdas of the path. */
    public static final int PATH_LENGTH = 30;

    @Override
    public String name() {
        return "tik_path";
    }

    @Override
    public String description() {
        return "Solvers.fit of the separable Tikhonov path (Gram, eigh of K and A, rotated targets) + the n x d "
                + "coefficients of all 30 lambdas; numpy = gram_s + tik_path_s";
    }

    @Override
    public boolean scalesWithN() {
        return true;
    }

    @Override
    public int size(BenchEnvironment environment, int n) {
        return n;
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        RegressionProblem problem = problem(environment, environment.data(n));
        return () -> coefficients(problem);
    }

    /** The problem: 30-lambda Tikhonov on the separable common-similarity kernel. */
    public static RegressionProblem problem(BenchEnvironment environment, BenchData data) {
        return SeparableProblems.of(environment.okl(), data, ComponentSpec.of("tikhonov", "lambda", lambdas()));
    }

    /** numpy's {@code logspace(-6, -1, 30)}. */
    public static List<Double> lambdas() {
        List<Double> lambdas = new ArrayList<>(PATH_LENGTH);
        for (int i = 0; i < PATH_LENGTH; i++) {
            lambdas.add(Math.pow(10.0, -6.0 + 5.0 * i / (PATH_LENGTH - 1)));
        }
        return lambdas;
    }

    /** Fits the path and materialises the coefficients (n x d) of every path point, in lambda order. */
    public static List<Matrix> coefficients(RegressionProblem problem) {
        RegressionPath path = Solvers.fit(problem);
        if (!(path instanceof EigenPath eigen)) {
            throw new IllegalStateException("the separable Tikhonov path was expected on the eigen route, got "
                    + path.getClass().getSimpleName());
        }
        List<Matrix> out = new ArrayList<>(eigen.length());
        for (int j = 0; j < eigen.length(); j++) {
            out.add(eigen.coefficientsAt(j));
        }
        return out;
    }

    @Override
    public OptionalDouble numpySeconds(PeerTimings peer) {
        return PeerTimings.sum(peer.gram(), peer.tikPath());
    }

    @Override
    public OptionalDouble sklearnSeconds(PeerTimings peer) {
        return peer.skGrid();
    }
}
