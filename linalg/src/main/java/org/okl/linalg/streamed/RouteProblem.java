package org.okl.linalg.streamed;

import java.util.Optional;
import java.util.function.UnaryOperator;
import org.okl.api.component.ComponentContext;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.Passes;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.solve.StreamedPath;
import org.okl.api.solve.StreamedProblem;

/**
 * The streamed problem a fit over rows hands to a {@link org.okl.api.solve.StreamingSolver}, holding core's own
 * types: OKL's solvers take them back ({@link #fit}) and run their {@link SketchRoute}; a plugin's solver sees the
 * {@link StreamedProblem} view.
 *
 * @param features the drawn sketch
 * @param rows     the training rows
 * @param encode   the regression targets of a block of outputs
 * @param scheme   the folds
 * @param output   A's spectrum
 * @param filter   the spectral filter with its path
 * @param timings  where the time is counted
 * @param context  the back-end and seed
 */
public record RouteProblem(SketchFeatures features, RowSource rows, UnaryOperator<Matrix> encode, FoldScheme scheme,
        OutputSpectrum output, SpectralFilter filter, StreamTimings timings, ComponentContext context)
        implements StreamedProblem {

    /** Fits the problem along a route of OKL's own. */
    public StreamedPath fit(SketchRoute route) {
        SketchSelection.Result r = route.fit(features, rows, encode, scheme, output, filter, timings);
        return new StreamedPath(r.validation(), r.weights(), r.rows());
    }

    /**
     * The problem as OKL built it.
     *
     * @throws IllegalArgumentException for a problem built elsewhere (OKL's solvers fit only OKL's streamed fits)
     */
    public static RouteProblem of(StreamedProblem problem) {
        if (problem instanceof RouteProblem p) {
            return p;
        }
        throw new IllegalArgumentException("OKL's streaming solvers fit the streamed problems OKL builds, not "
                + problem.getClass().getName());
    }

    @Override
    public long size() {
        return rows.size();
    }

    @Override
    public int targets() {
        return output.outputs();
    }

    @Override
    public Optional<Matrix> outputVectors() {
        return Optional.ofNullable(output.vectors());
    }

    @Override
    public double[] outputValues() {
        return output.values().clone();
    }

    @Override
    public int groups() {
        return scheme.groups();
    }

    @Override
    public int validationFolds() {
        return scheme.validationFolds();
    }

    @Override
    public void groupsOf(long firstRow, int count, int[] into) {
        scheme.groupsOf(firstRow, count, into);
    }

    @Override
    public boolean[] trainingGroups(int fold) {
        return scheme.trainingGroups(fold);
    }

    @Override
    public void pass(TargetBlockVisitor visitor) {
        Passes.run(rows, timings, (first, inputs, outputs) -> visitor.accept(first, inputs, encode.apply(outputs)));
    }
}
