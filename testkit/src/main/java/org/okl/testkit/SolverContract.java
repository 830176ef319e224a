package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.RegressionSolver;
import org.okl.core.solve.PredictorCodec;

/**
 * The contract every {@link RegressionSolver} must meet; a plugin's test extends this class once per kind of problem
 * its solver handles and supplies {@link #solver()}, {@link #problem()} and, as an independent oracle,
 * {@link #expected}.
 *
 * <ul>
 *   <li>it supports the problem, and its path has one point per point of the filter's path;</li>
 *   <li>{@link RegressionPath#predictAll} equals {@link RegressionPath#at} at every point, and both equal the
 *       oracle to {@link #tolerance()};</li>
 *   <li>every predictor rebuilds from its type and arrays (what a model file stores) and predicts the same;</li>
 *   <li>fitting twice gives the same predictions (deterministic from the context's seed).</li>
 * </ul>
 */
public abstract class SolverContract {

    /** The solver under test. */
    protected abstract RegressionSolver solver();

    /** A problem it handles (inputs, kernel, operator, embedding, filter with a path of at least two points). */
    protected abstract RegressionProblem problem();

    /** Test inputs to predict. */
    protected abstract Matrix testInputs();

    /** The oracle: predictions at path point j, computed independently (for example by a dense solve). */
    protected abstract Matrix expected(int point);

    /** The tolerance of the comparison with the oracle (default 1e-8). */
    protected double tolerance() {
        return 1e-8;
    }

    @Test
    void itSupportsTheProblemAndCoversThePath() {
        RegressionProblem problem = problem();
        assertThat(solver().supports(problem)).isTrue();
        RegressionPath path = solver().fit(problem);
        assertThat(path.length()).isEqualTo(problem.filter().pathLength());
        assertThat(problem.filter().pathLength()).as("the contract needs a path").isGreaterThan(1);
    }

    @Test
    void everyPathPointEqualsTheOracle() {
        RegressionPath path = solver().fit(problem());
        Matrix[] all = path.predictAll(testInputs());
        for (int j = 0; j < path.length(); j++) {
            TestMatrices.assertClose(expected(j), all[j], tolerance());
            TestMatrices.assertClose(all[j], path.at(j).predict(testInputs()), 1e-10);
        }
    }

    @Test
    void predictorsRebuildFromTheirArrays() {
        RegressionProblem problem = problem();
        RegressionPath path = solver().fit(problem);
        Optional<KernelSketch> sketch = problem.approximation().map(a -> problem.context().create(KernelSketch.class,
                a));
        PredictionEnvironment environment = new PredictionEnvironment(problem.kernel(), problem.operator(), sketch,
                problem.context());
        for (int j = 0; j < path.length(); j++) {
            Predictor predictor = path.at(j);
            Predictor restored = solver().restore(predictor.type(), predictor.arrays(), environment)
                    .orElseGet(() -> PredictorCodec.restore(predictor.type(), predictor.arrays(), environment));
            TestMatrices.assertClose(predictor.predict(testInputs()), restored.predict(testInputs()), 1e-12);
        }
    }

    /**
     * Two fits of one problem agree to round-off. Not bit for bit: the native BLAS/LAPACK (OpenBLAS) is not bitwise
     * reproducible between calls, as its kernels take other paths for other array alignments (measured with its
     * SSE3 kernels: two fits differing by 1e-11 relative); a fit that depended on anything else (a seed, the order
     * of a hash map) would differ by far more.
     */
    @Test
    void fittingIsDeterministic() {
        Matrix first = solver().fit(problem()).predictAll(testInputs())[0];
        Matrix second = solver().fit(problem()).predictAll(testInputs())[0];
        double scale = Math.max(1e-300, maxAbs(first));
        assertThat(first.maxAbsDifference(second) / scale).as("relative difference of two fits").isLessThan(1e-9);
    }

    private static double maxAbs(Matrix m) {
        double max = 0;
        for (double v : m.data()) {
            max = Math.max(max, Math.abs(v));
        }
        return max;
    }
}
