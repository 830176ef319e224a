package org.okl.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoder;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.DataDependentKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.api.metric.SquaredErrorMetric;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.output.RowwiseOutputEmbedding;
import org.okl.api.regularizer.Regularizer;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.solve.RegressionSolver;
import org.okl.api.solve.StreamedPath;
import org.okl.api.solve.StreamedProblem;
import org.okl.api.solve.StreamingSolver;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.tuning.TunableDecoder;
import org.okl.core.conformal.CalibrationSlice;
import org.okl.core.transform.FittedTransforms;
import org.okl.core.transform.TransformedRows;
import org.okl.linalg.expansion.SketchExpansion;
import org.okl.linalg.streamed.OutputSpectrum;
import org.okl.linalg.streamed.RouteProblem;
import org.okl.linalg.streamed.SketchRoute;
import org.okl.linalg.streamed.SketchSelection;
import org.okl.linalg.streamed.SketchedSolver;

/**
 * Fits a sketched separable pipeline over rows read in passes (a file of any size, or rows in memory), with model
 * selection in the same pass: the folds come from the rows' global indices ({@link FoldScheme}), every fold's
 * validation error at every path point from the per-fold sums, and the chosen model from the sums of all rows. The
 * model stores no training row (its predictor is the sketch and the weights).
 *
 * <p>What streams: a separable operator with a fixed output matrix (estimated ones need the targets in memory), a
 * kernel sketch ({@code approximation}), a row-wise output embedding ({@link RowwiseOutputEmbedding}), a decoder
 * that is not tuned on validation data, and, when a choice is to be made, k-fold or hold-out selection on a
 * {@link SquaredErrorMetric} of the regression targets (for the {@code vector} output with the identity decoder,
 * exactly the metric of the decoded outputs). {@link #obstacle} says what stands in the way otherwise. A
 * data-dependent kernel width is resolved on a uniform sample of {@value #KERNEL_SAMPLE} rows.
 *
 * <p>Input and target transforms are fitted first, one pass over the rows per transform (their statistics take
 * constant memory), on all the training rows; the folds of the selection then share them (a fold's validation rows
 * are among the rows the transforms were fitted on, an O(1/n) effect at the sizes this route is for), and every
 * later pass sees the rows through them. With target transforms, the selection's squared errors are those of the
 * transformed targets (for an affine transform such as {@code standardize}, arrmse is unchanged).
 */
public final class StreamingFit {
    /** The rows a data-dependent kernel is resolved on. */
    public static final int KERNEL_SAMPLE = 2000;
    /** The eigen route's solver. */
    static final String EIGEN = "low-rank-eigen";

    private StreamingFit() {
    }

    /**
     * A streamed fit.
     *
     * @param model   the model
     * @param timings where the time went
     */
    public record Result(Model model, StreamTimings timings) {
    }

    /**
     * What prevents fitting the pipeline over streamed rows, or empty when nothing does.
     *
     * @param targetsInMemory whether the targets will be in memory (an estimated output matrix needs them)
     */
    public static Optional<String> obstacle(PipelineSpec spec, Okl okl, boolean targetsInMemory) {
        if (spec.approximation().isEmpty()) {
            return Optional.of("the pipeline has no kernel sketch (\"approximation\")");
        }
        if (spec.solver().isPresent() && !SketchRoutes.streams(spec.solver().get(), okl)) {
            return Optional.of("it names the solver '" + spec.solver().get().name() + "'");
        }
        if (spec.kernel().isEmpty() || !(okl.create(OperatorKernel.class, spec.operator())
                instanceof SeparableOperatorKernel operator)) {
            return Optional.of("its operator '" + spec.operator().name() + "' is not a separable kernel");
        }
        List<Regularizer> regularizers = spec.regularizers().stream()
                .map(r -> okl.create(Regularizer.class, r)).toList();
        if (regularizers.stream().anyMatch(r -> r.inputPenalty().isPresent() || r.outputCoupling().isEmpty())
                || regularizers.size() > 1) {
            return Optional.of("its regularizers " + spec.regularizers().stream().map(ComponentSpec::name).toList()
                    + " are not a single output coupling");
        }
        OutputEmbedding output = okl.create(OutputEmbedding.class, spec.output());
        if (!(output instanceof RowwiseOutputEmbedding)) {
            return Optional.of("its output embedding '" + spec.output().name() + "' is fitted on all the training "
                    + "outputs");
        }
        if (okl.create(Decoder.class, spec.decoder()) instanceof TunableDecoder t && t.tunes()) {
            return Optional.of("its decoder '" + spec.decoder().name() + "' is tuned on held-out predictions");
        }
        if (needsSelection(spec, okl)) {
            SelectionSpec selection = spec.selection().orElseGet(okl.defaults()::selection);
            if (selection.method() != SelectionSpec.Method.KFOLD && selection.method() != SelectionSpec.Method.HOLDOUT) {
                return Optional.of("its selection method '" + selection.method().id() + "' is not kfold or holdout");
            }
            if (!(okl.create(Metric.class, selection.metric()) instanceof SquaredErrorMetric)) {
                return Optional.of("its selection metric '" + selection.metric().name() + "' needs every "
                        + "prediction (streamed selection takes squared-error metrics: mse, rmse, arrmse)");
            }
        }
        if (!targetsInMemory) {
            Optional<String> estimated = regularizers.isEmpty()
                    ? Optional.of(operator).filter(SeparableOperatorKernel::outputMatrixFromTargets)
                            .map(o -> "the operator " + spec.operator())
                    : regularizers.get(0).outputCoupling().filter(OutputMatrix::fromTargets)
                            .map(m -> "the regularizer " + spec.regularizers().get(0));
            if (estimated.isPresent()) {
                return Optional.of("its output matrix is estimated from the training targets (" + estimated.get()
                        + "), which must all be in memory first");
            }
        }
        return Optional.empty();
    }

    /**
     * Fits the pipeline over the rows.
     *
     * @param rows         the training rows
     * @param outputs      the training outputs when they are in memory (an estimated output matrix is built from
     *                     their encoded targets), else empty
     * @param inputColumns where the input columns came from, recorded in the model, when known
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} naming the {@link #obstacle} when the pipeline does
     *                      not stream
     */
    public static Result fit(PipelineSpec spec, RowSource rows, Optional<Matrix> outputs,
            Optional<InputColumns> inputColumns, Okl okl) {
        return fit(spec, rows, outputs, inputColumns, 0, okl);
    }

    /**
     * Fits the pipeline over the rows, holding out about {@code calibrationRows} of them for split conformal
     * intervals ({@link CalibrationSlice}): the fit reads the others, the held-out rows are kept as the passes go by
     * and, once fitted, the model stores its residuals on them ({@link Model#predictIntervals}). No pass is added:
     * the cost is the held-out rows' absence from the fit, their inputs and outputs in memory (at most
     * {@link CalibrationSlice#capacity()} rows) and one prediction of them. Nothing is held out where an execution
     * back-end holds the rows (a cluster's rows are not read here), nor when {@code calibrationRows} is 0; a model
     * whose regression does not predict its outputs (a decoder other than the identity, an encoding embedding)
     * stores no residuals.
     */
    static Result fit(PipelineSpec spec, RowSource rows, Optional<Matrix> outputs,
            Optional<InputColumns> inputColumns, int calibrationRows, Okl okl) {
        obstacle(spec, okl, outputs.isPresent()).ifPresent(why -> {
            throw new OklException(ErrorCode.INVALID_PIPELINE, rows.description() + ": cannot fit this pipeline "
                    + "over streamed rows: " + why);
        });
        if (calibrationRows > 0 && okl.passesWhereHeld(rows).isEmpty() && rows.size() > 1) {
            CalibrationSlice slice = CalibrationSlice.of(rows, calibrationRows, okl.context().seed());
            Optional<Matrix> kept = outputs.map(y -> y.selectRows(java.util.stream.IntStream.range(0, y.rows())
                    .filter(i -> !slice.heldOut(i)).toArray()));
            Result fitted = fit(spec, slice, kept, inputColumns, 0, okl);
            Optional<Matrix[]> held = slice.heldRows();
            if (held.isEmpty()) {
                return fitted;
            }
            Model calibrated = okl.registry().runtimeFailures().guard("computing the calibration residuals",
                    () -> fitted.model().withSplitCalibration(held.get()[0], held.get()[1]));
            return new Result(calibrated, fitted.timings());
        }
        FitPasses passes = FitPasses.of(rows, okl);
        RowSource raw = passes.rows();
        long parsing = System.nanoTime();
        raw.prepare();
        long parseNanos = System.nanoTime() - parsing;
        FittedTransforms transforms = fitTransforms(spec, passes, inputColumns, okl);
        RowSource source = transforms.isEmpty() ? raw : new TransformedRows(raw, transforms);
        RowwiseOutputEmbedding encoder = (RowwiseOutputEmbedding) okl.create(OutputEmbedding.class, spec.output());
        Optional<Matrix> targets = outputs.map(y -> encoder.encode(transforms.transformOutputs(y)));
        SpectralFilter firstFilter = okl.create(SpectralFilter.class, spec.filter());
        Map<String, List<Object>> grid = spec.selection().map(SelectionSpec::grid).orElse(Map.of());
        List<GridVariants.Variant> variants = GridVariants.expand(spec, grid);
        boolean select = Pipeline.selects(variants, firstFilter);
        SelectionSpec selection = spec.selection().orElseGet(okl.defaults()::selection);
        FoldScheme scheme = !select ? FoldScheme.none() : selection.method() == SelectionSpec.Method.KFOLD
                ? FoldScheme.kFold(selection.folds(), selection.seed())
                : FoldScheme.holdOut(selection.fraction(), selection.seed());
        SquaredErrorMetric metric = select ? (SquaredErrorMetric) okl.create(Metric.class, selection.metric()) : null;
        double sign = metric != null && metric.higherIsBetter() ? -1 : 1;
        StreamTimings timings = new StreamTimings();
        timings.parse(parseNanos);
        long start = System.nanoTime();
        List<Provenance.CurvePoint> curve = new ArrayList<>();
        String task = "streamed fit (" + variants.size() + " grid point" + (variants.size() == 1 ? "" : "s") + ")";
        GridScores scores = new GridScores(curve, sign, metric);
        List<List<GridVariants.Variant>> gridRuns = outputSideRuns(variants);
        String screenNote = "";
        // each screened variant's lowest first-fold error, for the learned candidate's check at the screen
        Map<Map<String, Object>, Double> screenFirstFolds = new HashMap<>();
        if (select && !selection.screen().isEmpty() && gridRuns.size() > 2) {
            // coarse-to-fine: every run screened with the screen's values, then a local search at full size
            int[] done = {0, 0};
            ScreenedSearch.Outcome screened = ScreenedSearch.search(gridRuns, grid, selection.screen(), run -> {
                okl.progress().progress(task + ", screened", done[0]++, gridRuns.size());
                FittedRun r = fitRun(run, source, passes, transforms, targets, scheme, timings, okl);
                scores.solverRuns += r.solverRuns();
                for (Fitted f : r.fitted()) {
                    screenFirstFolds.put(f.variant().values(), scores.lowestFirstFold(f));
                }
                return r.fitted().stream().mapToDouble(scores::lowest).min().orElse(Double.NaN);
            }, run -> {
                okl.progress().progress(task + ", local search at full size", done[1]++, gridRuns.size());
                return scores.add(fitRun(run, source, passes, transforms, targets, scheme, timings, okl));
            });
            screenNote = "; " + screened.note();
        } else {
            int done = 0;
            for (List<GridVariants.Variant> run : gridRuns) {
                okl.progress().progress(task, done, variants.size());
                FittedRun fittedRun = fitRun(run, source, passes, transforms, targets, scheme, timings, okl);
                done += run.size();
                if (!select) {
                    scores.best = fittedRun.fitted().get(0);
                    scores.solverRuns += fittedRun.solverRuns();
                    break;
                }
                scores.add(fittedRun);
            }
        }
        Fitted best = scores.best;
        double bestError = scores.bestError;
        int solverRuns = scores.solverRuns;
        okl.progress().progress(task, variants.size(), variants.size());
        if (best == null) {
            throw ModelSelection.noFiniteError(spec, selection.metric().toString());
        }
        String edges = "";
        if (select && !grid.isEmpty()) {
            // beyond a grid edge the choice sits on: one more run per value tried, on the same folds
            int[] runs = {0};
            GridEdges.Outcome<Fitted> looked = GridEdges.look(grid, best.variant(), new GridEdges.Scored<>(
                    bestError, best), variant -> {
                        FittedRun r = fitRun(List.of(variant), source, passes, transforms, targets, scheme, timings,
                                okl);
                        runs[0] += r.solverRuns();
                        return scores.path(r.fitted().get(0));
                    });
            best = looked.best().result();
            bestError = looked.best().error();
            solverRuns += runs[0];
            edges = looked.note().isEmpty() ? "" : "; " + looked.note();
        }
        String learnedNote = "";
        if (select && selection.learn().isPresent()) {
            int[] runs = {0};
            double[] gridFolds = new double[scheme.validationFolds()];
            for (int f = 0; f < gridFolds.length; f++) {
                gridFolds[f] = sign * metric.fromSums(best.result().validation()[f][best.index()]);
            }
            Function<GridVariants.Variant, SketchedLearnedCandidate.Run<Fitted>> fitOne = variant -> {
                FittedRun r = fitRun(List.of(variant), source, passes, transforms, targets, scheme, timings, okl);
                runs[0] += r.solverRuns();
                Fitted f = r.fitted().get(0);
                return new SketchedLearnedCandidate.Run<>(f, f.result());
            };
            // where the grid was screened, the candidate is checked there first, against the grid's choice at the
            // screen (fitted there now when the choice lies beyond the grid's edge)
            Optional<SketchedLearnedCandidate.Screen<Fitted>> screen = Optional.empty();
            if (!screenFirstFolds.isEmpty()) {
                Function<GridVariants.Variant, SketchedLearnedCandidate.Run<Fitted>> atScreen = variant -> fitOne
                        .apply(ScreenedSearch.screened(List.of(List.of(variant)), selection.screen()).get(0).get(0));
                Fitted chosen = best;
                double first = screenFirstFolds.computeIfAbsent(chosen.variant().values(),
                        v -> scores.lowestFirstFold(atScreen.apply(chosen.variant()).fitted()));
                screen = Optional.of(new SketchedLearnedCandidate.Screen<>(first, ScreenedSearch.describe(
                        selection.screen()), atScreen)).filter(s -> Double.isFinite(s.gridFirstFold()));
            }
            SketchedLearnedCandidate.Outcome<Fitted> learned = SketchedLearnedCandidate.consider(
                    best.variant().spec(), bestError, gridFolds, source, encoder::encode, scheme, selection, metric,
                    sign, fitOne, screen, okl);
            solverRuns += runs[0];
            if (learned.last().isPresent()) {
                Fitted last = learned.last().get();
                for (int j = 0; j < learned.errors().length; j++) {
                    curve.add(new Provenance.CurvePoint(learned.values(), last.filter().pathValue(j),
                            learned.errors()[j]));
                }
            }
            if (learned.wins()) {
                best = learned.last().orElseThrow().at(learned.pathIndex());
            }
            learnedNote = "; " + learned.note();
        }
        String pathEdge = select ? GridEdges.pathEdge(best.filter(), best.index()) : "";
        String checksum = passes.checksum();
        Provenance.Search search = !select ? null : new Provenance.Search(curve.size(), scheme.groups(),
                solverRuns, Math.round((System.nanoTime() - start) / 1e6) / 1e3);
        return new Result(model(best, transforms, select ? describe(selection, scheme) + screenNote + edges
                + learnedNote + (pathEdge.isEmpty() ? "" : "; " + pathEdge)
                : "none (a single parameter value)", curve, checksum, raw, inputColumns, search, okl), timings);
    }

    /**
     * The transforms fitted over the training rows, one pass per transform; where a back-end holds the rows, its
     * workers gather the statistics that merge where the rows are.
     */
    private static FittedTransforms fitTransforms(PipelineSpec spec, FitPasses passes,
            Optional<InputColumns> inputColumns, Okl okl) {
        if (spec.inputs().isEmpty() && spec.targets().isEmpty()) {
            return FittedTransforms.none();
        }
        RowSource rows = passes.rows();
        ColumnSchema schema = inputColumns.map(InputColumns::schema)
                .orElseGet(() -> ColumnSchema.unnamed(rows.dimension()));
        return FittedTransforms.fit(spec.inputs(), spec.targets(), schema, rows.outputDimension(),
                blocks -> rows.forEachRowBlock((first, in, out) -> blocks.accept(in)),
                blocks -> rows.forEachRowBlock((first, in, out) -> blocks.accept(out)),
                passes.transformParts(spec, true), passes.transformParts(spec, false), okl.context());
    }

    /**
     * The variants in runs of consecutive ones that differ only in their operator (the output-side values of the
     * grid, such as {@code operator.matrix.omega}): a run shares its kernel, sketch and passes ({@link #fitRun}).
     */
    static List<List<GridVariants.Variant>> outputSideRuns(List<GridVariants.Variant> variants) {
        List<List<GridVariants.Variant>> runs = new ArrayList<>();
        PipelineSpec previous = null;
        for (GridVariants.Variant variant : variants) {
            PipelineSpec rest = variant.spec().withOperator((ComponentSpec) null);
            if (previous == null || !previous.equals(rest)) {
                runs.add(new ArrayList<>());
            }
            runs.get(runs.size() - 1).add(variant);
            previous = rest;
        }
        return runs;
    }

    /**
     * Fits a run of grid variants that differ only in their operator: the kernel's width resolved, the sketch drawn
     * and the route chosen once, then each variant's output matrix on the same features, where the passes run
     * ({@link FitPasses}). The eigen route reads the rows once and decomposes each training set's sketched Gram once
     * for the whole run ({@link SketchRoute#fitEach}); other routes fit one output matrix after the other.
     *
     * @param rows   the rows through the transforms
     * @param passes where the passes run (a back-end that holds the rows is handed the transforms to apply there)
     * @return one fitted variant per variant of the run, in order, and the solver runs they took
     */
    private static FittedRun fitRun(List<GridVariants.Variant> run, RowSource rows, FitPasses passes,
            FittedTransforms transforms, Optional<Matrix> targets, FoldScheme scheme, StreamTimings timings,
            Okl okl) {
        ComponentSpec kernelSpec = run.get(0).spec().kernel().orElseThrow();
        if (okl.create(VectorKernel.class, kernelSpec) instanceof DataDependentKernel adaptive) {
            kernelSpec = adaptive.resolve(rows.uniformSample(KERNEL_SAMPLE, FoldScheme.mix(okl.context().seed(), 2)),
                    okl.context());
        }
        PipelineSpec spec = run.get(0).spec().withKernel(kernelSpec);
        List<Components> components = new ArrayList<>();
        for (GridVariants.Variant variant : run) {
            components.add(Components.create(variant.spec().withKernel(kernelSpec), null, okl.context()));
        }
        Components c = components.get(0);
        RowwiseOutputEmbedding embedding = (RowwiseOutputEmbedding) c.output();
        int q = rows.outputDimension();
        int d = embedding.fitFor(q, okl.context()).targets().map(Matrix::cols).orElse(q);
        List<OutputSpectrum> outputs = new ArrayList<>();
        for (Components each : components) {
            Matrix a = outputMatrix(each.spec(), okl, targets.orElse(Matrix.zeros(0, d)));
            if (a.rows() != d || a.cols() != d) {
                throw new OklException(ErrorCode.INVALID_PIPELINE, "the output matrix A is " + a.rows() + " x "
                        + a.cols() + " but there are " + d + " targets");
            }
            outputs.add(OutputSpectrum.of(a, okl.context().linearAlgebra()));
        }
        KernelSketch sketch = okl.create(KernelSketch.class, spec.approximation().orElseThrow());
        long start = System.nanoTime();
        SketchFeatures features = sketch.draw(c.kernel(), passes.sketchRows(spec, transforms, rows), okl.context());
        timings.draw(System.nanoTime() - start);
        RouteProblem problem = new RouteProblem(features, rows, embedding::encode, scheme, outputs.get(0), c.filter(),
                timings, okl.context());
        ComponentSpec route = SketchRoutes.choose(c.spec(), problem, !passes.takesAnyStreamingSolver(), okl);
        StreamingSolver solver = (StreamingSolver) okl.create(RegressionSolver.class, route);
        // OKL's own solvers run along a route of the math module (immutable): built once, it is the CPU route, the
        // route a device takes the form of, and the route whose passes a cluster runs
        SketchRoute own = solver instanceof SketchedSolver sketched ? sketched.route(okl.context()) : null;
        FitPasses.Placed placed = passes.fit(new FitPasses.Run(spec, transforms, features, rows, embedding::encode,
                problem, scheme, outputs, components.stream().map(Components::filter).toList(), own, route, solver,
                timings, okl));
        List<Fitted> out = new ArrayList<>(run.size());
        for (int v = 0; v < run.size(); v++) {
            out.add(new Fitted(run.get(v), components.get(v), features, placed.results().get(v), 0, route.name(),
                    placed.device()));
        }
        return new FittedRun(out, placed.solverRuns());
    }

    /** The fitted variants of a run and the solver runs (passes and decompositions) they took. */
    private record FittedRun(List<Fitted> fitted, int solverRuns) {
    }

    /** A, from the operator or the one output-coupling regularizer, for the given targets. */
    private static Matrix outputMatrix(PipelineSpec spec, Okl okl, Matrix targets) {
        SeparableOperatorKernel operator = (SeparableOperatorKernel) okl.create(OperatorKernel.class,
                spec.operator());
        Matrix a = operator.outputMatrix(targets, okl.context());
        for (ComponentSpec r : spec.regularizers()) {
            OutputMatrix coupling = okl.create(Regularizer.class, r).outputCoupling().orElseThrow();
            a = coupling.build(targets, okl.context());
        }
        return a;
    }

    private static boolean needsSelection(PipelineSpec spec, Okl okl) {
        boolean grid = spec.selection().map(s -> !s.grid().isEmpty()).orElse(false);
        return grid || okl.create(SpectralFilter.class, spec.filter()).pathLength() > 1;
    }

    private static Model model(Fitted best, FittedTransforms transforms, String how,
            List<Provenance.CurvePoint> curve, String checksum, RowSource rows, Optional<InputColumns> inputColumns,
            Provenance.Search search, Okl okl) {
        Map<String, Object> values = new LinkedHashMap<>(best.variant().values());
        values.put("filter." + best.filter().pathParameter(), best.filter().pathValue(best.index()));
        PipelineSpec spec = Pipeline.stopAtChosenIteration(best.components().spec(), best.filter(), best.index());
        SketchExpansion predictor = new SketchExpansion(best.features(), best.result().weights()[best.index()],
                okl.context().linearAlgebra(), okl.devices());
        Provenance provenance = ProvenanceFactory.fitted(okl, new Provenance.DataProvenance(checksum,
                best.result().rows()), values, best.route(), Pipeline.sketchOf(spec, predictor), best.device(),
                new Provenance.SearchProvenance(how, curve, search));
        int q = rows.outputDimension();
        ModelData data = new ModelData((int) Math.min(Integer.MAX_VALUE, best.result().rows()), rows.dimension(), q,
                false, inputColumns, rows.outputNames(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
        return new Model(spec, transforms, best.index(), best.components(), Model.rowwise(best.components().output(),
                spec, q, okl), predictor, data, provenance, okl);
    }

    private static String describe(SelectionSpec s, FoldScheme scheme) {
        return scheme.describe() + " on " + s.metric() + ", in one pass over the rows";
    }

    /** The grid's validation curve and its best point so far, as runs are fitted. */
    private static final class GridScores {
        private final List<Provenance.CurvePoint> curve;
        private final double sign;
        private final SquaredErrorMetric metric;
        private Fitted best;
        private double bestError = Double.POSITIVE_INFINITY;
        private int solverRuns;

        GridScores(List<Provenance.CurvePoint> curve, double sign, SquaredErrorMetric metric) {
            this.curve = curve;
            this.sign = sign;
            this.metric = metric;
        }

        /** Adds a fitted run's points to the curve and keeps the best; the run's lowest error (sign applied). */
        double add(FittedRun run) {
            solverRuns += run.solverRuns();
            double lowest = Double.POSITIVE_INFINITY;
            for (Fitted fitted : run.fitted()) {
                GridEdges.Scored<Fitted> scored = path(fitted);
                lowest = Math.min(lowest, scored.error());
                if (scored.error() < bestError) {
                    bestError = scored.error();
                    best = scored.result();
                }
            }
            return lowest;
        }

        /**
         * Adds a fitted variant's points to the curve, without touching the best; its lowest error (sign applied)
         * and the variant at the first path point with it.
         */
        GridEdges.Scored<Fitted> path(Fitted fitted) {
            double[] errors = SketchSelection.curve(fitted.result(), metric);
            Fitted at = fitted;
            double lowest = Double.POSITIVE_INFINITY;
            for (int j = 0; j < errors.length; j++) {
                double error = sign * errors[j];
                curve.add(new Provenance.CurvePoint(fitted.variant().values(), fitted.filter().pathValue(j), error));
                if (error < lowest) {
                    lowest = error;
                    at = fitted.at(j);
                }
            }
            return new GridEdges.Scored<>(lowest, at);
        }

        /** A fitted variant's lowest error on the first validation fold along its path (sign applied). */
        double lowestFirstFold(Fitted fitted) {
            return SketchedLearnedCandidate.firstFold(fitted.result(), metric, sign);
        }

        /** A fitted variant's lowest error along its path (sign applied), not added to the curve. */
        double lowest(Fitted fitted) {
            double lowest = Double.POSITIVE_INFINITY;
            for (double e : SketchSelection.curve(fitted.result(), metric)) {
                if (sign * e < lowest) {
                    lowest = sign * e;
                }
            }
            return lowest;
        }
    }

    /** One fitted variant and a chosen path point. */
    private record Fitted(GridVariants.Variant variant, Components components, SketchFeatures features,
            SketchSelection.Result result, int index, String route, String device) {

        SpectralFilter filter() {
            return components.filter();
        }

        Fitted at(int point) {
            return new Fitted(variant, components, features, result, point, route, device);
        }
    }

    /**
     * The solvers a streamed fit can take ({@link StreamingSolver}s, OKL's and plugins'), and how one is chosen: the
     * one the pipeline names, else the supporting one with the highest {@link StreamingSolver#streamedPreference}
     * (ties broken by id) among those that need no parameter; on a cluster, among OKL's own (whose passes run on the
     * executors).
     */
    static final class SketchRoutes {
        private SketchRoutes() {
        }

        /** Whether the named solver fits streamed rows. */
        static boolean streams(ComponentSpec solver, Okl okl) {
            return okl.create(RegressionSolver.class, solver) instanceof StreamingSolver;
        }

        /** The named solver, else the preferred streaming solver for the problem. */
        static ComponentSpec choose(PipelineSpec spec, StreamedProblem problem, boolean distributed, Okl okl) {
            if (spec.solver().isPresent()) {
                return spec.solver().get();
            }
            String best = null;
            int bestPreference = Integer.MIN_VALUE;
            for (String id : okl.context().creatableIds(RegressionSolver.class)) {
                if (okl.create(RegressionSolver.class, ComponentSpec.of(id)) instanceof StreamingSolver s
                        && (!distributed || s instanceof SketchedSolver) && s.supportsStreamed(problem)
                        && s.streamedPreference(problem) > bestPreference) {
                    best = id;
                    bestPreference = s.streamedPreference(problem);
                }
            }
            if (best == null) {
                throw new OklException(ErrorCode.INVALID_PIPELINE, "no registered solver fits this pipeline over "
                        + "streamed rows (OKL's low-rank-eigen and falkon are missing?)");
            }
            return ComponentSpec.of(best);
        }

        /** A solver's path in the form model selection reads. */
        static SketchSelection.Result result(StreamedPath path) {
            return new SketchSelection.Result(path.validation(), path.weights(), path.rows());
        }
    }
}
