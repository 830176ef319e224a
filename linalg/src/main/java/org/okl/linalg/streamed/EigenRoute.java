package org.okl.linalg.streamed;

import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.Passes;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.linalg.parallel.Workers;

/**
 * The eigen route: one pass of the rows into per-fold sums ({@link BlockAccumulator}), then every fold's path and
 * errors on the driver ({@link SketchSelection}). Time O(n m² + folds·m³), memory O(folds·m² + block·m). The
 * sketch's whitening (an m x m eigendecomposition) runs on one of the workers during the pass.
 */
public final class EigenRoute implements SketchRoute {
    private final LinearAlgebra linearAlgebra;
    private final int blockRows;
    private final Workers workers;

    /**
     * The route on the process's threads ({@link Workers#shared()}).
     *
     * @param linearAlgebra the back-end
     * @param blockRows     the most rows of one kernel block, or 0 for {@link BlockAccumulator#defaultChunkRows}
     */
    public EigenRoute(LinearAlgebra linearAlgebra, int blockRows) {
        this(linearAlgebra, blockRows, Workers.shared());
    }

    /**
     * @param linearAlgebra the back-end
     * @param blockRows     the most rows of one kernel block, or 0 for {@link BlockAccumulator#defaultChunkRows}
     * @param workers       the threads
     */
    public EigenRoute(LinearAlgebra linearAlgebra, int blockRows, Workers workers) {
        this.linearAlgebra = linearAlgebra;
        this.blockRows = blockRows;
        this.workers = workers;
    }

    /**
     * The bytes the route's sums and its two kernel blocks (one summed while the next is computed) take for m
     * features, d outputs and the given groups.
     */
    public static long bytes(int features, int outputs, int groups, int blockRows) {
        int chunk = blockRows > 0 ? blockRows : BlockAccumulator.defaultChunkRows(features);
        return FoldAggregates.bytes(groups, features, outputs) + 8L * 4 * features * features
                + 2L * 8 * chunk * (features + 1);
    }

    @Override
    public SketchSelection.Result fit(SketchFeatures features, RowSource rows, UnaryOperator<Matrix> encode,
            FoldScheme scheme, OutputSpectrum output, SpectralFilter filter, StreamTimings timings) {
        return fitEach(features, rows, encode, scheme, List.of(output), filter, timings).get(0);
    }

    /** The per-fold sums of one pass where the rows are held, every fold's path here. */
    @Override
    public Optional<SketchSelection.Result> fitHeld(SketchFeatures features, HeldRows rows, FoldScheme scheme,
            OutputSpectrum output, SpectralFilter filter, StreamTimings timings) {
        FoldAggregates sums = rows.sums(timings);
        long start = System.nanoTime();
        SketchSelection.Result result = SketchSelection.solve(sums, scheme, Whitening.of(features.metric(),
                features.size(), linearAlgebra), output, filter, linearAlgebra, workers);
        timings.solve(System.nanoTime() - start);
        return Optional.of(result);
    }

    @Override
    public boolean sharesPasses() {
        return true;
    }

    /** One pass of sums for every output matrix, and each training set's whitened Gram decomposed once for all. */
    @Override
    public List<SketchSelection.Result> fitEach(SketchFeatures features, RowSource rows, UnaryOperator<Matrix> encode,
            FoldScheme scheme, List<OutputSpectrum> outputs, SpectralFilter filter, StreamTimings timings) {
        int chunk = blockRows > 0 ? blockRows : BlockAccumulator.defaultChunkRows(features.size());
        BlockAccumulator accumulator = new BlockAccumulator(features, scheme, outputs.get(0).outputs(), linearAlgebra,
                chunk, timings, workers);
        Workers.Pending<Whitening> whitening = workers.start(() -> Whitening.of(features.metric(), features.size(),
                linearAlgebra));
        try {
            Passes.run(rows, timings, (first, inputs, block) -> accumulator.add(first, inputs,
                    encode.apply(block)));
        } catch (RuntimeException | Error e) {
            whitening.await();
            throw e;
        }
        long start = System.nanoTime();
        List<SketchSelection.Result> result = SketchSelection.solve(accumulator.aggregates(), scheme,
                whitening.join(), outputs, filter, linearAlgebra, workers);
        timings.solve(System.nanoTime() - start);
        return result;
    }
}
