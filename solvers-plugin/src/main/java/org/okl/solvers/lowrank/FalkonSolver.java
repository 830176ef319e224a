package org.okl.solvers.lowrank;

import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.solve.MemoryEstimate;
import org.okl.api.solve.RegressionPath;
import org.okl.api.solve.RegressionProblem;
import org.okl.api.solve.StreamedProblem;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.expansion.SeparableSetup;
import org.okl.linalg.parallel.Workers;
import org.okl.linalg.streamed.EigenRoute;
import org.okl.linalg.streamed.FalkonRoute;
import org.okl.linalg.streamed.OutputSpectrum;
import org.okl.linalg.streamed.SketchSelection;
import org.okl.linalg.streamed.SketchedSolver;
import org.okl.solvers.iterative.Masks;

/**
 * {@code falkon}: separable kernels with a Nystrom-type sketch (one with a metric) fitted by {@link FalkonRoute}:
 * conjugate gradients preconditioned by Cholesky factors of k(L, L), each iteration one blocked pass over the rows,
 * and iterative filters as early-stopped passes; no m x m eigendecomposition. Preferred over
 * {@link LowRankEigenSolver} when the sketch has more than {@value LowRankEigenSolver#LARGE_SKETCH} features.
 * Explicit targets only.
 */
public final class FalkonSolver implements SketchedSolver {
    private final int blockRows;
    private final int iterations;
    private final double tolerance;

    /**
     * @param blockRows  the most rows of one kernel block, or 0 for the default
     * @param iterations the most CG iterations per solve
     * @param tolerance  the relative residual at which CG stops
     */
    public FalkonSolver(int blockRows, int iterations, double tolerance) {
        this.blockRows = blockRows;
        this.iterations = iterations;
        this.tolerance = tolerance;
    }

    /** The most conjugate-gradient iterations per solve. */
    public int iterations() {
        return iterations;
    }

    /** The relative residual at which conjugate gradients stop. */
    public double tolerance() {
        return tolerance;
    }

    @Override
    public boolean supports(RegressionProblem problem) {
        return SeparableSetup.sketchedSeparable(problem) && problem.embedding().targets().isPresent();
    }

    /** 45 (before the eigen route) for sketches of more than 4096 features, else 30 (after it). */
    @Override
    public int preference(RegressionProblem problem) {
        KernelSketch sketch = problem.context().create(KernelSketch.class, problem.approximation().orElseThrow());
        return sketch.features(problem.size()) > LowRankEigenSolver.LARGE_SKETCH ? 45 : 30;
    }

    /** K_mm, its Cholesky factor, one preconditioner, the CG vectors and one kernel block. */
    @Override
    public Optional<MemoryEstimate> memory(RegressionProblem problem) {
        int m = problem.context().create(KernelSketch.class, problem.approximation().orElseThrow())
                .features(problem.size());
        int d = problem.embedding().targets().map(Matrix::cols).orElse(1);
        return Optional.of(new MemoryEstimate(FalkonRoute.bytes(m, d, 1, problem.filter().pathLength(), blockRows),
                "falkon's " + m + " x " + m + " factors of a sketch of " + m + " features", LowRankAdvice.FALKON));
    }

    /**
     * 45 (before the eigen route) for sketches of more than {@value LowRankEigenSolver#LARGE_SKETCH} features or
     * whose per-fold m x m sums would not fit in half the heap, else 30.
     */
    @Override
    public int streamedPreference(StreamedProblem problem) {
        int m = problem.features().size();
        boolean large = m > LowRankEigenSolver.LARGE_SKETCH
                || EigenRoute.bytes(m, problem.targets(), problem.groups(), 0) > Runtime.getRuntime().maxMemory() / 2;
        return large ? 45 : 30;
    }

    /** Its m x m factors per fold, the CG vectors and one kernel block. */
    @Override
    public Optional<MemoryEstimate> streamedMemory(StreamedProblem problem) {
        int m = problem.features().size();
        return Optional.of(new MemoryEstimate(FalkonRoute.bytes(m, problem.targets(), problem.groups(),
                problem.filter().pathLength(), blockRows), "falkon's " + m + " x " + m + " factors of a sketch of "
                + m + " features", LowRankAdvice.FALKON));
    }

    @Override
    public FalkonRoute route(ComponentContext context) {
        return new FalkonRoute(context.linearAlgebra(), blockRows, iterations, tolerance, Workers.of(context));
    }

    @Override
    public RegressionPath fit(RegressionProblem problem) {
        SeparableSetup setup = SeparableSetup.of(problem);
        if (Masks.hasMissing(setup.targets())) {
            throw new IllegalArgumentException("the targets have missing values (NaN); falkon does not mask missing "
                    + "targets: drop the incomplete rows");
        }
        LinearAlgebra la = problem.context().linearAlgebra();
        KernelSketch sketch = problem.context().create(KernelSketch.class, problem.approximation().orElseThrow());
        MatrixRows rows = new MatrixRows(problem.inputs(), setup.targets());
        SketchFeatures features = sketch.draw(problem.kernel(), rows, problem.context());
        OutputSpectrum output = setup.output() == null ? OutputSpectrum.identity(setup.outputs())
                : new OutputSpectrum(setup.output().spectrum().vectors(), setup.output().spectrum().values());
        SketchSelection.Result result = route(problem.context()).fit(features, rows,
                (Matrix y) -> y, FoldScheme.none(), output, problem.filter(), new StreamTimings());
        return new SketchedPath(features, result.weights(), la, ComputeDevices.of(problem.context()));
    }
}
