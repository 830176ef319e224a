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
import org.okl.linalg.memory.MemoryBudget;
import org.okl.linalg.parallel.Workers;
import org.okl.linalg.streamed.BlockAccumulator;
import org.okl.linalg.streamed.EigenRoute;
import org.okl.linalg.streamed.FoldAggregates;
import org.okl.linalg.streamed.OutputSpectrum;
import org.okl.linalg.streamed.SketchSolve;
import org.okl.linalg.streamed.SketchedSolver;
import org.okl.linalg.streamed.Whitening;
import org.okl.solvers.iterative.Masks;

/**
 * {@code low-rank-eigen}: separable kernels with a kernel sketch ({@link RegressionProblem#approximation()}), by the
 * eigen route on the sums: the rows are read in blocks into {@code Phi^T Phi} and {@code Phi^T Y} (m x m and m x d,
 * {@link BlockAccumulator}), then every filter's whole path follows from one m x m eigendecomposition
 * ({@link SketchSolve}). Time O(n m² + m³), memory O(m² + block·m): the n x m features are never held.
 *
 * <p>Explicit targets and implicit embeddings (A = I, predictions are weights over the n training outputs, so the
 * cross sum {@code Phi^T} is m x n) are handled as by the exact separable solver; missing targets are not.
 */
public final class LowRankEigenSolver implements SketchedSolver {
    /** Sketches with more features prefer the {@code falkon} solver. */
    public static final int LARGE_SKETCH = 4096;

    private final int blockRows;

    /** @param blockRows the most rows of one kernel block, or 0 for {@link BlockAccumulator#defaultChunkRows} */
    public LowRankEigenSolver(int blockRows) {
        this.blockRows = blockRows;
    }

    @Override
    public boolean supports(RegressionProblem problem) {
        return SeparableSetup.sketchedSeparable(problem);
    }

    /** 40: the sketched eigen route, before multi-task and the exact routes. */
    @Override
    public int preference(RegressionProblem problem) {
        return 40;
    }

    /** The m x m sums and decompositions and one kernel block (and m x n cross sums for implicit outputs). */
    @Override
    public Optional<MemoryEstimate> memory(RegressionProblem problem) {
        int m = problem.context().create(KernelSketch.class, problem.approximation().orElseThrow())
                .features(problem.size());
        boolean implicit = problem.embedding().targets().isEmpty();
        int d = problem.embedding().targets().map(Matrix::cols).orElse(problem.size());
        long bytes = EigenRoute.bytes(m, d, 1, blockRows) + (implicit ? MemoryBudget.doubles(m, problem.size()) : 0);
        return Optional.of(new MemoryEstimate(bytes, "the " + m + " x " + m + " sums of a sketch of " + m
                + " features", LowRankAdvice.EIGEN));
    }

    /** 40: the eigen route is the default way to fit streamed rows. */
    @Override
    public int streamedPreference(StreamedProblem problem) {
        return 40;
    }

    /** The per-fold m x m sums and one kernel block. */
    @Override
    public Optional<MemoryEstimate> streamedMemory(StreamedProblem problem) {
        int m = problem.features().size();
        return Optional.of(new MemoryEstimate(EigenRoute.bytes(m, problem.targets(), problem.groups(), blockRows),
                "the " + problem.groups() + " per-fold " + m + " x " + m + " sums of a sketch of " + m + " features",
                LowRankAdvice.EIGEN));
    }

    @Override
    public EigenRoute route(ComponentContext context) {
        return new EigenRoute(context.linearAlgebra(), blockRows, Workers.of(context));
    }

    @Override
    public RegressionPath fit(RegressionProblem problem) {
        SeparableSetup setup = SeparableSetup.of(problem);
        if (!setup.implicit() && Masks.hasMissing(setup.targets())) {
            throw new IllegalArgumentException("the targets have missing values (NaN); low-rank approximations do "
                    + "not mask missing targets: drop the approximation or the incomplete rows");
        }
        LinearAlgebra la = problem.context().linearAlgebra();
        KernelSketch sketch = problem.context().create(KernelSketch.class, problem.approximation().orElseThrow());
        MatrixRows rows = new MatrixRows(problem.inputs(), Matrix.zeros(problem.size(), 0));
        SketchFeatures features = sketch.draw(problem.kernel(), rows, problem.context());
        int chunk = blockRows > 0 ? blockRows : BlockAccumulator.defaultChunkRows(features.size());
        Matrix gram;
        Matrix cross;
        if (setup.implicit()) {
            BlockAccumulator accumulator = new BlockAccumulator(features, FoldScheme.none(), 0, la, chunk,
                    new StreamTimings());
            rows.forEachRowBlock(accumulator::add);
            gram = accumulator.aggregates().gram(new boolean[] {true});
            cross = features.features(problem.inputs()).transpose();
        } else {
            BlockAccumulator accumulator = new BlockAccumulator(features, FoldScheme.none(), setup.outputs(), la,
                    chunk, new StreamTimings());
            new MatrixRows(problem.inputs(), setup.targets()).forEachRowBlock(accumulator::add);
            FoldAggregates sums = accumulator.aggregates();
            gram = sums.gram(new boolean[] {true});
            cross = sums.cross(new boolean[] {true});
        }
        OutputSpectrum output = setup.output() == null ? OutputSpectrum.identity(setup.outputs())
                : new OutputSpectrum(setup.output().spectrum().vectors(), setup.output().spectrum().values());
        Matrix[] weights = SketchSolve.weights(gram, cross, problem.size(),
                Whitening.of(features.metric(), features.size(), la), output, problem.filter(), la);
        return new SketchedPath(features, weights, la, ComputeDevices.of(problem.context()));
    }
}
