package org.okl.core.stream;

import java.util.function.UnaryOperator;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;

/**
 * The eigen route: one pass of the rows into per-fold sums ({@link BlockAccumulator}), then every fold's path and
 * errors on the driver ({@link SketchSelection}). Time O(n m² + folds·m³), memory O(folds·m² + block·m).
 */
public final class EigenRoute implements SketchRoute {
    private final LinearAlgebra linearAlgebra;
    private final int blockRows;

    /**
     * @param linearAlgebra the back-end
     * @param blockRows     the most rows of one kernel block, or 0 for {@link BlockAccumulator#defaultChunkRows}
     */
    public EigenRoute(LinearAlgebra linearAlgebra, int blockRows) {
        this.linearAlgebra = linearAlgebra;
        this.blockRows = blockRows;
    }

    /** The bytes the route's sums and one kernel block take for m features, d outputs and the given groups. */
    public static long bytes(int features, int outputs, int groups, int blockRows) {
        int chunk = blockRows > 0 ? blockRows : BlockAccumulator.defaultChunkRows(features);
        return FoldAggregates.bytes(groups, features, outputs) + 8L * 4 * features * features
                + 8L * chunk * features;
    }

    @Override
    public SketchSelection.Result fit(SketchFeatures features, RowSource rows, UnaryOperator<Matrix> encode,
            FoldScheme scheme, OutputSpectrum output, SpectralFilter filter, StreamTimings timings) {
        int chunk = blockRows > 0 ? blockRows : BlockAccumulator.defaultChunkRows(features.size());
        BlockAccumulator accumulator = new BlockAccumulator(features, scheme, output.outputs(), linearAlgebra, chunk,
                timings);
        Passes.run(rows, timings, (first, inputs, outputs) -> accumulator.add(first, inputs,
                encode.apply(outputs)));
        long start = System.nanoTime();
        SketchSelection.Result result = SketchSelection.solve(accumulator.aggregates(), scheme,
                Whitening.of(features.metric(), features.size(), linearAlgebra), output, filter, linearAlgebra);
        timings.solve(System.nanoTime() - start);
        return result;
    }
}
