package org.okl.core;

import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.okl.api.component.ComponentSpec;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.sketch.SketchRows;
import org.okl.api.solve.MemoryEstimate;
import org.okl.api.solve.StreamingSolver;
import org.okl.core.transform.FittedTransforms;
import org.okl.core.transform.TransformChain;
import org.okl.linalg.memory.MemoryBudget;
import org.okl.linalg.streamed.OutputSpectrum;
import org.okl.linalg.streamed.RouteProblem;
import org.okl.linalg.streamed.SketchRoute;
import org.okl.linalg.streamed.SketchSelection;

/**
 * Where the passes of a streamed fit run, chosen once per fit ({@link #of}): over rows read here, on this machine's
 * threads or its compute device ({@link LocalPasses}), or where an execution back-end holds them, a cluster's
 * workers ({@link HeldPasses}). {@link StreamingFit} reads the rows, fits the transforms, draws the sketch and runs
 * the route through it and never asks what kind of rows it has.
 */
interface FitPasses {

    /** The passes for a fit's rows: where a back-end of the runtime holds them, else here. */
    static FitPasses of(RowSource rows, Okl okl) {
        return okl.passesWhereHeld(rows).<FitPasses>map(held -> new HeldPasses(rows, held))
                .orElseGet(() -> new LocalPasses(rows, okl.workers()));
    }

    /** The rows as the fit reads them (here: checked and hashed on their first pass). */
    RowSource rows();

    /** The rows' checksum, once the fit has made its passes. */
    String checksum();

    /**
     * Where a transform stage's statistics are gathered: the workers that hold the rows, or {@code null} to read the
     * rows here.
     *
     * @param spec   the pipeline
     * @param inputs whether the input transforms (else the target transforms)
     */
    TransformChain.Parts transformParts(PipelineSpec spec, boolean inputs);

    /**
     * The rows the sketch draws from.
     *
     * @param spec        the pipeline variant (data-dependent kernel values resolved)
     * @param transforms  the fitted transforms
     * @param transformed the rows through the transforms
     */
    SketchRows sketchRows(PipelineSpec spec, FittedTransforms transforms, RowSource transformed);

    /**
     * Whether a plugin's streaming solver may fit here (its passes run on this machine only); else the route is
     * chosen among OKL's own, whose passes a back-end runs.
     */
    boolean takesAnyStreamingSolver();

    /** Fits every output matrix of a run along its route. */
    Placed fit(Run run);

    /**
     * Reserves the heap the solver says its streamed fit holds at its peak, if it can tell.
     *
     * @return the bytes reserved
     * @throws org.okl.api.error.OklException when the heap cannot hold them, with what to change
     */
    static long reserveHeap(Run run) {
        Optional<MemoryEstimate> memory = run.solver().streamedMemory(run.problem());
        memory.ifPresent(m -> MemoryBudget.reserve(m.what(), m.bytes(), m.advice()));
        return memory.map(MemoryEstimate::bytes).orElse(0L);
    }

    /**
     * A run of grid variants that differ only in their output matrix, ready for its route.
     *
     * @param spec       the pipeline variant (data-dependent kernel values resolved)
     * @param transforms the fitted transforms
     * @param features   the drawn sketch
     * @param rows       the rows through the transforms
     * @param encode     outputs to regression targets
     * @param problem    the first variant's problem (its targets, memory, preference)
     * @param scheme     the folds
     * @param outputs    the spectra of the variants' output matrices
     * @param filters    the variants' filters, in order
     * @param own        OKL's route the solver runs along, or {@code null} for a plugin's solver
     * @param route      the solver's spec
     * @param solver     the solver
     * @param timings    where the time is counted
     * @param okl        the runtime
     */
    record Run(PipelineSpec spec, FittedTransforms transforms, SketchFeatures features, RowSource rows,
            UnaryOperator<Matrix> encode, RouteProblem problem, FoldScheme scheme, List<OutputSpectrum> outputs,
            List<SpectralFilter> filters, SketchRoute own, ComponentSpec route, StreamingSolver solver,
            StreamTimings timings, Okl okl) {

        /** The filter of the run's first variant (the variants share its path). */
        SpectralFilter filter() {
            return filters.get(0);
        }
    }

    /**
     * A run fitted.
     *
     * @param results    one result per output matrix, in order
     * @param solverRuns the solver runs (passes and decompositions) they took
     * @param device     where the fit ran, for provenance
     */
    record Placed(List<SketchSelection.Result> results, int solverRuns, String device) {
    }
}
