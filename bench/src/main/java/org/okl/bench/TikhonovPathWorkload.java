package org.okl.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.core.solve.Solvers;
import org.okl.filters.Filters;

/**
 * {@code tik_path}: the separable multi-output Tikhonov path over 30 lambdas (logspace(-6, -1)), common-similarity A
 * (omega 0.3), fitted by core's solver and with the coefficients C_j (n x d) of all 30 path points materialised, the
 * equivalent of numpy's {@code [U @ (Yt / (S + lam)) @ V.T / n for lam in lams]}.
 *
 * <p>The solver computes the Gram itself. At the bench's sizes (30·d <= n) it takes the tridiagonal route, so the
 * timed region holds the Gram, the eigendecomposition of A, the reduction K = Q T Q^T, Q^T Y W, the 30·d shifted
 * tridiagonal solves and the back-transformation Q X W^T of all path points; on tiny problems the eigen route (eigh of
 * K, C_j = U Ct_j W^T) gives the same coefficients. The numpy time it is compared with is the peer's
 * {@code gram_s + tik_path_s}, the same result computed through eigh.
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
        return "Solvers.fit of the separable Tikhonov path (Gram, tridiagonal K = Q T Q^T, eigh of A, shifted "
                + "tridiagonal solves, Q X W^T) + the n x d coefficients of all 30 lambdas; numpy = gram_s + tik_path_s";
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        RegressionProblem problem = problem(environment, environment.data(n));
        return () -> coefficients(problem);
    }

    /** The problem: 30-lambda Tikhonov on the separable common-similarity kernel. */
    public static RegressionProblem problem(BenchEnvironment environment, BenchData data) {
        return SeparableProblems.of(environment.okl(), data,
                Filters.tikhonov(lambdas().stream().mapToDouble(Double::doubleValue).toArray()));
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
        List<Matrix> out = new ArrayList<>(path.length());
        for (int j = 0; j < path.length(); j++) {
            out.add(PathCoefficients.at(path, j, "tik_path"));
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
