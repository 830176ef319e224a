package org.okl.linalg.streamed;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;

/**
 * A way to fit a sketched separable problem over rows read in passes, with one-pass-style model selection: the
 * validation squared errors of every fold and path point, and the weights of every path point on all rows. The
 * {@link EigenRoute} reads the rows once into m x m sums; the {@link FalkonRoute} reads them once per iteration and
 * holds no m x m sum per fold.
 */
public interface SketchRoute {

    /**
     * Fits every training set of the scheme.
     *
     * @param features the drawn sketch
     * @param rows     the training rows
     * @param encode   the regression targets of a block of outputs (the output embedding's row-wise codes)
     * @param scheme   the folds
     * @param output   A's spectrum
     * @param filter   the spectral filter with its path
     * @param timings  where the time is counted
     */
    SketchSelection.Result fit(SketchFeatures features, RowSource rows, UnaryOperator<Matrix> encode,
            FoldScheme scheme, OutputSpectrum output, SpectralFilter filter, StreamTimings timings);

    /**
     * Fits every training set of the scheme for several output matrices (the output-side values of a model
     * selection's grid) with the same sketch, rows and filter. By default one {@link #fit} per output matrix; a route
     * that can shares its passes and decompositions between them ({@link EigenRoute}).
     *
     * @param outputs the spectra of the output matrices
     * @return one result per output matrix, in the given order
     */
    /**
     * Fits every training set of the scheme from passes made where the rows are held ({@link HeldRows}), the solve on
     * this machine; empty for a route whose passes do not run there (the default).
     *
     * @param features the drawn sketch
     * @param rows     the held rows' passes
     * @param scheme   the folds
     * @param output   A's spectrum
     * @param filter   the spectral filter with its path
     * @param timings  where the time is counted
     */
    default Optional<SketchSelection.Result> fitHeld(SketchFeatures features, HeldRows rows, FoldScheme scheme,
            OutputSpectrum output, SpectralFilter filter, StreamTimings timings) {
        return Optional.empty();
    }

    /**
     * Whether {@link #fitEach} serves several output matrices with one pass over the rows and one decomposition per
     * training set (so a run of them counts as one solver run); the default, one fit per output matrix, does not.
     */
    default boolean sharesPasses() {
        return false;
    }

    default List<SketchSelection.Result> fitEach(SketchFeatures features, RowSource rows, UnaryOperator<Matrix> encode,
            FoldScheme scheme, List<OutputSpectrum> outputs, SpectralFilter filter, StreamTimings timings) {
        List<SketchSelection.Result> out = new ArrayList<>(outputs.size());
        for (OutputSpectrum output : outputs) {
            out.add(fit(features, rows, encode, scheme, output, filter, timings));
        }
        return out;
    }
}
