package org.okl.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.okl.api.OklVersion;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoder;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.RowSource;
import org.okl.api.solve.Predictor;
import org.okl.api.text.UserText;
import org.okl.api.tuning.TunableDecoder;
import org.okl.core.conformal.PlattScaling;
import org.okl.core.conformal.ResidualScale;
import org.okl.core.select.HoldOut;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;
import org.okl.core.select.TikhonovFolds;
import org.okl.core.select.TikhonovLeaveOneOut;
import org.okl.linalg.NonFiniteMatrixException;
import org.okl.linalg.device.DeviceWork;
import org.okl.linalg.expansion.SeparableSetup;
import org.okl.linalg.expansion.SketchExpansion;

/**
 * A pipeline ready to fit: input kernel, operator-valued kernel, output embedding, spectral filter, regularizers and
 * decoder. {@link #fit} chooses the regularization-path point (and grid values) by validation when there is more
 * than one, tunes a {@link TunableDecoder} on a hold-out at the chosen values, refits on all the data, and returns a
 * {@link Model} whose spec records every chosen and tuned value.
 */
public final class Pipeline {
    /** The decoder whose decoded outputs are the regression's predictions (decoders-plugin's IdentityDecoder). */
    private static final String IDENTITY_DECODER = "identity";
    private final PipelineSpec spec;
    private final Okl okl;
    private final int calibrationRows;

    /** A pipeline, the stages the spec leaves out set to their defaults; {@link Okl#pipeline(PipelineSpec)} says it. */
    public Pipeline(PipelineSpec spec, Okl okl) {
        this(spec, okl, 0);
    }

    private Pipeline(PipelineSpec spec, Okl okl, int calibrationRows) {
        this.spec = okl.defaults().complete(spec);
        this.okl = okl;
        this.calibrationRows = calibrationRows;
    }

    /**
     * The same pipeline holding out about {@code rows} calibration rows (at most
     * {@link org.okl.core.conformal.CalibrationSlice#MAX_FRACTION} of the data) when it is fitted on the streamed
     * route (a kernel sketch), for split conformal prediction intervals ({@link Model#predictIntervals}): the fit
     * reads the other rows, the held-out rows are kept as the passes go by (constant memory) and their residuals under
     * the fitted model are stored in it. No pass over the data is added; the fit loses the held-out rows. The exact
     * route ignores it (its models keep closed-form leave-one-out residuals for jackknife+ instead).
     *
     * @param rows the calibration rows, 0 for none
     */
    public Pipeline withCalibrationRows(int rows) {
        if (rows < 0) {
            throw new IllegalArgumentException("calibration rows must not be negative, not " + rows);
        }
        return new Pipeline(spec, okl, rows);
    }

    /** The calibration rows a streamed fit holds out (0 for none). */
    public int calibrationRows() {
        return calibrationRows;
    }

    /** The spec, with defaults. */
    public PipelineSpec spec() {
        return spec;
    }

    /**
     * Whether a fit chooses among values by validation: the automatic pipeline, a selection grid, or a filter with
     * a path of several points. False when every value is the pipeline's own (a preset's values, for instance, set
     * for its paper's data).
     */
    public boolean searches() {
        if (spec.isAuto()) {
            return true;
        }
        Map<String, List<Object>> grid = spec.selection().map(SelectionSpec::grid).orElse(Map.of());
        return selects(GridVariants.expand(spec, grid), okl.create(SpectralFilter.class, spec.filter()));
    }

    /** Whether a fit over these grid variants and this filter chooses by validation (more than one candidate). */
    static boolean selects(List<GridVariants.Variant> variants, SpectralFilter filter) {
        return variants.size() > 1 || filter.pathLength() > 1;
    }

    /**
     * Fits the pipeline. A sketched separable pipeline ({@link StreamingFit}) reads the rows in blocks with model
     * selection in the same pass and never holds n x m; every other pipeline is fitted as below. The fit follows the
     * pipeline's {@link #plan(TrainingData) plan} (for the automatic pipeline, its choice, made once).
     *
     * @throws org.okl.api.error.OklException naming the plugin when a third-party plugin's code fails
     */
    public Model fit(TrainingData data) {
        return okl.registry().runtimeFailures().guard("fitting the pipeline", () -> plan(data)).fit().model();
    }

    /**
     * The plan of a fit on data in memory: the automatic choice for them (made here, once), the route, whether
     * anything is searched.
     */
    public FitPlan plan(TrainingData data) {
        return plan(FitPlan.Source.of(data), FitPlan.Options.fit());
    }

    /**
     * The plan of a fit over rows read in blocks; for the automatic pipeline one pass over their outputs reads the
     * task.
     *
     * @throws org.okl.api.error.OklException {@link org.okl.api.error.ErrorCode#INVALID_PIPELINE} when the pipeline
     *                                          (or the automatic choice) cannot be fitted over streamed rows
     */
    public FitPlan plan(RowSource rows) {
        return plan(FitPlan.Source.of(rows, null), FitPlan.Options.fit());
    }

    /**
     * The plan of a fit on a data source with options: the one place the automatic choice, the route and the
     * default metrics are decided ({@link FitPlan}). Making it may read the data: the rows' outputs for the automatic
     * choice, or every row when they are not streamed.
     */
    public FitPlan plan(FitPlan.Source source, FitPlan.Options options) {
        return FitPlan.make(this, source, options, okl);
    }

    /** A fit of this pipeline (not automatic) on data in memory, by {@link FitPlan#fit()}. */
    Model fitInMemory(TrainingData data) {
        return okl.registry().runtimeFailures().guard("fitting the pipeline", () -> {
            try {
                return fitGuarded(data);
            } catch (NonFiniteMatrixException e) {
                throw overflow(e, "the training data (largest input " + largest(data.inputs()) + ", largest output "
                        + largest(data.outputs()) + ")");
            }
        });
    }

    /**
     * A kernel matrix that overflowed, as the data error it is: which values and what to do, never an internal error
     * from the decomposition.
     */
    static OklException overflow(NonFiniteMatrixException e, String data) {
        return new OklException(ErrorCode.INVALID_DATA, "a kernel matrix of " + data + " holds infinite or NaN values"
                + " (" + e.getMessage() + "): the data's values, or the kernel's parameters for their scale, make the "
                + "kernel overflow; scale the data (for example standardise every column) or give the kernel a width"
                + " suited to it", e);
    }

    /** The entry of largest magnitude, with where it is, for messages. */
    private static String largest(Matrix m) {
        double[] d = m.data();
        int best = -1;
        for (int k = 0; k < d.length; k++) {
            if (!Double.isNaN(d[k]) && (best < 0 || Math.abs(d[k]) > Math.abs(d[best]))) {
                best = k;
            }
        }
        return best < 0 ? "none" : d[best] + " at row " + (best % m.rows() + 1) + ", column " + (best / m.rows() + 1);
    }

    private Model fitGuarded(TrainingData data) {
        if (spec.isAuto()) {
            throw new IllegalStateException("the automatic pipeline is fitted by its plan's choice");
        }
        if (data.groups().isEmpty() && data.unlabelledInputs().isEmpty() && data.unlabelledOutputs().isEmpty()
                && StreamingFit.obstacle(spec, okl, true).isEmpty()) {
            return StreamingFit.fit(spec, new MatrixRows(data.inputs(), data.outputs()), Optional.of(data.outputs()),
                    data.inputColumns(), calibrationRows, okl).model();
        }
        SpectralFilter filter = okl.create(SpectralFilter.class, spec.filter());
        Map<String, List<Object>> grid = spec.selection().map(SelectionSpec::grid).orElse(Map.of());
        List<GridVariants.Variant> variants = GridVariants.expand(spec, grid);
        boolean select = selects(variants, filter);
        GridVariants.Variant chosen = variants.get(0);
        int pathIndex = 0;
        List<Provenance.CurvePoint> curve = List.of();
        String how = "none (a single parameter value)";
        Optional<ComponentSpec> tunedDecoder = Optional.empty();
        Provenance.Search search = null;
        Map<String, PipelineSpec> alternatives = Map.of();
        if (select) {
            SelectionSpec selection = spec.selection().orElseGet(okl.defaults()::selection);
            ModelSelection.Choice choice = lookBeyondEdges(grid, ModelSelection.run(variants, data, selection, okl),
                    data, selection);
            if (selection.learn().isPresent() && selection.method() != SelectionSpec.Method.LOO) {
                choice = LearnedCandidate.consider(choice, bestError(choice.curve(), choice.variant()), data,
                        selection, okl);
            }
            chosen = choice.variant();
            pathIndex = choice.pathIndex();
            curve = choice.curve();
            String edge = GridEdges.pathEdge(filter, pathIndex);
            how = selection + (choice.note().isEmpty() ? "" : "; " + choice.note()) + (edge.isEmpty() ? "" : "; "
                    + edge);
            tunedDecoder = choice.decoder();
            search = choice.search();
            alternatives = fixed(choice.alternatives());
        }
        PipelineSpec chosenSpec = stopAtChosenIteration(chosen.spec(), pathIndex);
        PipelineSpec finalSpec = tunedDecoder.isPresent() ? chosenSpec.withDecoder(tunedDecoder.get())
                : tuneDecoder(chosenSpec, pathIndex, data);
        FittedPath fitted = FittedPath.fit(finalSpec, data, okl);
        Predictor predictor = fitted.path().at(pathIndex);
        FittedOutputEmbedding embedding = fitted.embeddingAt(predictor);
        Decided decided = decideOnLeaveOneOut(fitted, pathIndex, embedding);
        how += decided.note();
        Map<String, Object> values = new LinkedHashMap<>(chosen.values());
        SpectralFilter fittedFilter = fitted.components().filter();
        values.put("filter." + fittedFilter.pathParameter(), fittedFilter.pathValue(pathIndex));
        Provenance provenance = ProvenanceFactory.fitted(okl, new Provenance.DataProvenance(DataChecksum.of(data),
                data.size()), values, fitted.solver(), sketchOf(finalSpec, predictor), DeviceWork.of(fitted.path()),
                new Provenance.SearchProvenance(how, curve, search));
        return new Model(decided.components().spec(), fitted.transforms(), pathIndex, decided.components(),
                embedding, predictor, ModelData.of(data, fitted.data(), fitted.embedding().learnsFromRegression()),
                provenance, okl).withAlternatives(alternatives)
                .withCalibration(calibration(fitted, pathIndex, decided.residuals()));
    }

    /**
     * What a decoder deciding on leave-one-out predictions ({@link TunableDecoder#decidesOnLeaveOneOut}) decided.
     *
     * @param components the fitted components, with the decided decoder
     * @param residuals  the closed-form leave-one-out residuals when they were computed (label probabilities reuse
     *                   them), else empty
     * @param note       what was decided, for the search's provenance, or empty
     */
    private record Decided(Components components, Optional<Matrix> residuals, String note) {
    }

    /**
     * For a decoder that asks ({@link TunableDecoder#decidesOnLeaveOneOut}), its spec decided on the closed-form
     * leave-one-out scores of the fitted path point (the targets less the residuals: row i's prediction by the fit
     * without row i, no refit), when they are exact ({@link #leaveOneOutResiduals}); otherwise the components as
     * fitted. Cost: one more eigendecomposition of the n x n Gram, shared with the label probabilities.
     */
    private Decided decideOnLeaveOneOut(FittedPath fitted, int pathIndex, FittedOutputEmbedding embedding) {
        Components c = fitted.components();
        if (!(c.decoder() instanceof TunableDecoder tunable) || !tunable.decidesOnLeaveOneOut()) {
            return new Decided(c, Optional.empty(), "");
        }
        Optional<Matrix> residuals = leaveOneOutResiduals(fitted, pathIndex);
        if (residuals.isEmpty()) {
            return new Decided(c, residuals, "; decoder '" + c.spec().decoder().name() + "' used as given: its "
                    + "leave-one-out decision needs an exact one-step Tikhonov fit of a separable kernel");
        }
        Matrix h = fitted.embedding().targets().get().minus(residuals.get());
        Optional<ComponentSpec> spec = tunable.decideOnLeaveOneOut(h, fitted.data().outputs(),
                fitted.decodingContext(embedding, okl));
        if (spec.isEmpty()) {
            return new Decided(c, residuals, "");
        }
        Components d = new Components(c.spec().withDecoder(spec.get()), c.kernel(), c.operator(), c.output(),
                c.filter(), c.regularizers(), okl.create(Decoder.class, spec.get()));
        return new Decided(d, residuals, "; decoder decided on the fit's leave-one-out predictions: "
                + UserText.escape(spec.get().toString()));
    }

    /**
     * The ridge of the fitted path point when its closed-form leave-one-out fits are exact: a Tikhonov filter with
     * one ridge solve, no tasks and no unlabelled rows; else empty. Decoding on the fit's leave-one-out predictions,
     * prediction intervals, conformal class sets and Platt scaling all start from this, each adding its own
     * conditions (a row cap, the targets it needs).
     */
    private static OptionalDouble exactLeaveOneOut(FittedPath fitted, int pathIndex) {
        TrainingData t = fitted.data();
        return fitted.components().filter() instanceof RidgeFilter ridge && ridge.iterations() == 1
                && t.groups().isEmpty() && t.unlabelledInputs().isEmpty() ? OptionalDouble.of(ridge.lambda(pathIndex))
                : OptionalDouble.empty();
    }

    /**
     * The closed-form leave-one-out residuals of the fitted path point (n x d, on the transformed targets' scale)
     * when they are exact: a Tikhonov filter with one ridge solve, a separable operator with explicit targets, no
     * tasks, no unlabelled rows and no kernel sketch; else empty.
     */
    private Optional<Matrix> leaveOneOutResiduals(FittedPath fitted, int pathIndex) {
        TrainingData t = fitted.data();
        OptionalDouble lambda = exactLeaveOneOut(fitted, pathIndex);
        if (lambda.isEmpty() || fitted.embedding().targets().isEmpty()
                || fitted.components().spec().approximation().isPresent()) {
            return Optional.empty();
        }
        try {
            return Optional.of(TikhonovLeaveOneOut.residuals(FittedPath.problem(fitted.components(),
                    fitted.embedding(), t, okl), lambda.getAsDouble()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The closed-form leave-one-out residuals of the fitted path point (n x q, on the transformed targets' scale)
     * and the transformed training inputs (to recompute the leave-one-out fits at new points) that prediction
     * intervals are computed from, when they are exact and cheap: a Tikhonov filter with one ridge
     * solve, the identity decoder, an embedding whose targets are the (transformed) outputs, a separable operator, no
     * tasks and no missing targets, at most {@link Model#MAX_INTERVAL_ROWS} rows. They cost one more eigendecomposition
     * of the n x n Gram and no pass over the data beyond the Gram; the model just fitted keeps that decomposition for
     * its jackknife+ intervals (a model loaded from a file decomposes once more, on its first intervals). The
     * solver's own decomposition is not shared: it lives inside the solver plugin's path, behind the api's
     * {@code RegressionPath}, which exposes predictions only.
     */
    private Optional<Calibration> calibration(FittedPath fitted, int pathIndex, Optional<Matrix> leaveOneOut) {
        Optional<Calibration> plain = plainCalibration(fitted, pathIndex, leaveOneOut);
        if (plain.isEmpty() || spec.intervals().map(IntervalSpec::scores).orElse(IntervalSpec.Scores.ABSOLUTE)
                != IntervalSpec.Scores.NORMALISED || (plain.get().method() != Calibration.Method.JACKKNIFE_PLUS
                && plain.get().method() != Calibration.Method.CV_PLUS)) {
            return plain;
        }
        Matrix x = fitted.data().inputs();
        try {
            return Optional.of(plain.get().withScale(ResidualScale.fit(fitted.components().kernel().gram(x, x),
                    plain.get().residuals(), okl.context().linearAlgebra())));
        } catch (IllegalArgumentException e) {
            return plain;
        }
    }

    /**
     * The intervals' calibration with absolute scores (normalised scores add a scale to it, {@link #calibration}).
     *
     * @param leaveOneOut the fit's closed-form leave-one-out residuals when already computed, else empty
     */
    private Optional<Calibration> plainCalibration(FittedPath fitted, int pathIndex, Optional<Matrix> leaveOneOut) {
        TrainingData t = fitted.data();
        if (!IDENTITY_DECODER.equals(fitted.components().spec().decoder().name())) {
            return fitted.embedding().targets().isPresent() && t.outputs().cols() == 1
                    && fitted.embedding().targets().get().cols() > 1 ? classSets(fitted, pathIndex)
                    : platt(fitted, pathIndex, leaveOneOut);
        }
        OptionalDouble lambda = exactLeaveOneOut(fitted, pathIndex);
        if (lambda.isEmpty() || t.size() > Model.MAX_INTERVAL_ROWS || fitted.embedding().targets().isEmpty()
                || !Arrays.equals(fitted.embedding().targets().get().data(), t.outputs().data())
                || fitted.embedding().targets().get().cols() != t.outputs().cols()) {
            return Optional.empty();
        }
        if (intervalMethod() == IntervalSpec.Method.CV_PLUS) {
            return cvPlus(fitted, lambda.getAsDouble());
        }
        try {
            TikhonovLeaveOneOut.Fits fits = TikhonovLeaveOneOut.fits(FittedPath.problem(fitted.components(),
                    fitted.embedding(), t, okl), lambda.getAsDouble());
            return Optional.of(new Calibration(fits.residuals(), t.inputs(), fits));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The interval method the pipeline asks for ({@link IntervalSpec.Method#AUTO} when it says nothing). */
    IntervalSpec.Method intervalMethod() {
        return spec.intervals().map(IntervalSpec::method).orElse(IntervalSpec.Method.AUTO);
    }

    /**
     * The number of CV+ fold models: the intervals' own, else the selection's folds when it is k-fold (repeated
     * k-fold: its first round, which is the k-fold of the same seed), else {@link IntervalSpec#DEFAULT_FOLDS}; at
     * most n.
     */
    int cvPlusFolds(int n) {
        int asked = spec.intervals().map(IntervalSpec::folds).orElse(0);
        SelectionSpec selection = spec.selection().orElseGet(okl.defaults()::selection);
        int folds = asked > 0 ? asked : selection.method().uses("folds") ? selection.folds()
                : IntervalSpec.DEFAULT_FOLDS;
        return Math.min(folds, n);
    }

    /**
     * What CV+ intervals are computed from (Barber et al. 2021, §3): the K fold models of the chosen regression at
     * its lambda (the selection's k-fold splits and seed when it is k-fold, the same folds its validation used),
     * their out-of-fold residuals and the transformed training inputs. The transforms and the output matrix A are
     * those of the whole fit, as for jackknife+. Cost: the n x n Gram (as for jackknife+) and K eigendecompositions
     * of the folds' training blocks.
     */
    private Optional<Calibration> cvPlus(FittedPath fitted, double lambda) {
        TrainingData t = fitted.data();
        SelectionSpec selection = spec.selection().orElseGet(okl.defaults()::selection);
        int folds = cvPlusFolds(t.size());
        if (folds < 2) {
            return Optional.empty();
        }
        try {
            var problem = FittedPath.problem(fitted.components(), fitted.embedding(), t, okl);
            if (!(problem.operator() instanceof SeparableOperatorKernel)) {
                return Optional.empty();
            }
            SeparableSetup setup = SeparableSetup.of(problem);
            TikhonovFolds.Fits fits = TikhonovFolds.fit(problem.kernel().gram(t.inputs()), setup.outputMatrix(),
                    setup.targets(), new KFold(folds, selection.seed()).splits(t.size()),
                    lambda, okl.context().linearAlgebra());
            return Optional.of(Calibration.cvPlus(fits.residuals(), t.inputs(), fits));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * What a multi-class fit (one output column of classes, coded by its embedding into d > 1 targets) keeps for its
     * conformal class sets ({@link Model#predictLabelSets}): the closed-form leave-one-out residuals of the coded
     * targets and the training inputs, under the conditions of jackknife+ intervals except the decoder. Cost: one
     * n x n eigendecomposition, kept by the model just fitted.
     */
    private Optional<Calibration> classSets(FittedPath fitted, int pathIndex) {
        TrainingData t = fitted.data();
        OptionalDouble lambda = exactLeaveOneOut(fitted, pathIndex);
        if (lambda.isEmpty() || t.size() > Model.MAX_INTERVAL_ROWS) {
            return Optional.empty();
        }
        try {
            TikhonovLeaveOneOut.Fits fits = TikhonovLeaveOneOut.fits(FittedPath.problem(fitted.components(),
                    fitted.embedding(), t, okl), lambda.getAsDouble());
            return Optional.of(Calibration.classSets(fits.residuals(), t.inputs(), fits));
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /**
     * Calibrated label probabilities for a fit of 0/1 labels (every output 0 or 1) decoded by something other than
     * the identity: each label's Platt scaling fitted on its closed-form leave-one-out scores {@code t_i - R_i} (the
     * scores of the fits without row i, out-of-sample like cross-validation's but with no refit), under the same
     * conditions as jackknife+ intervals except the decoder and that the targets may code the labels (zero-one or
     * plus-minus), one column per label. Cost: one n x n eigendecomposition (as for intervals) and a Newton
     * iteration of O(n) per step per label; the model stores 2 numbers per label.
     */
    private Optional<Calibration> platt(FittedPath fitted, int pathIndex, Optional<Matrix> leaveOneOut) {
        TrainingData t = fitted.data();
        OptionalDouble lambda = exactLeaveOneOut(fitted, pathIndex);
        if (lambda.isEmpty() || t.size() > Model.MAX_INTERVAL_ROWS || fitted.embedding().targets().isEmpty()
                || fitted.embedding().targets().get().cols() != t.outputs().cols()) {
            return Optional.empty();
        }
        for (double v : t.outputs().data()) {
            if (v != 0 && v != 1) {
                return Optional.empty();
            }
        }
        try {
            Matrix residuals = leaveOneOut.isPresent() ? leaveOneOut.get() : TikhonovLeaveOneOut.residuals(
                    FittedPath.problem(fitted.components(), fitted.embedding(), t, okl), lambda.getAsDouble());
            Matrix targets = fitted.embedding().targets().get();
            int q = t.outputs().cols();
            Matrix parameters = Matrix.zeros(2, q);
            for (int c = 0; c < q; c++) {
                double[] scores = new double[t.size()];
                for (int i = 0; i < scores.length; i++) {
                    scores[i] = targets.get(i, c) - residuals.get(i, c);
                }
                PlattScaling s = PlattScaling.fit(scores, t.outputs().columnValues(c));
                parameters.set(0, c, s.a());
                parameters.set(1, c, s.b());
            }
            return parameters.isFinite() ? Optional.of(Calibration.platt(parameters)) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The choice after looking beyond the grid's edges it sits on ({@link GridEdges}): each value beyond is selected
     * alone on the same splits (the splits follow the selection's seed), its curve joins the grid's, and the note says
     * what was tried.
     */
    private ModelSelection.Choice lookBeyondEdges(Map<String, List<Object>> grid, ModelSelection.Choice choice,
            TrainingData data, SelectionSpec selection) {
        if (grid.isEmpty()) {
            return choice;
        }
        List<Provenance.CurvePoint> curve = new ArrayList<>(choice.curve());
        Provenance.Search[] cost = {choice.search()};
        GridEdges.Outcome<ModelSelection.Choice> looked = GridEdges.look(grid, choice.variant(),
                new GridEdges.Scored<>(bestError(choice.curve(), choice.variant()), choice), variant -> {
                    ModelSelection.Choice c = ModelSelection.run(List.of(variant), data, selection, okl);
                    curve.addAll(c.curve());
                    Provenance.Search more = c.search();
                    cost[0] = new Provenance.Search(cost[0].candidates() + more.candidates(), cost[0].splits(),
                            cost[0].decompositions() + more.decompositions(), cost[0].seconds() + more.seconds());
                    return new GridEdges.Scored<>(bestError(c.curve(), variant), c);
                });
        if (looked.note().isEmpty()) {
            return choice;
        }
        ModelSelection.Choice best = looked.best().result();
        String note = best.note().isEmpty() ? looked.note() : best.note() + "; " + looked.note();
        return new ModelSelection.Choice(best.variant(), best.pathIndex(), List.copyOf(curve), best.decoder(),
                cost[0], note, best == choice ? choice.alternatives() : best.alternatives());
    }

    /** The lowest error of a variant's points on a curve. */
    private static double bestError(List<Provenance.CurvePoint> curve, GridVariants.Variant variant) {
        return curve.stream().filter(p -> p.grid().equals(variant.values())).mapToDouble(
                Provenance.CurvePoint::error).filter(Double::isFinite).min().orElse(Double.POSITIVE_INFINITY);
    }

    /**
     * The selection's alternatives as pipelines without a choice left: their grid values, their path point as the
     * filter's only one and their tuned decoder; none for a filter whose path is its iterations (an iterate has no
     * one-point form).
     */
    private Map<String, PipelineSpec> fixed(Map<String, ModelSelection.Alternative> alternatives) {
        Map<String, PipelineSpec> out = new LinkedHashMap<>();
        alternatives.forEach((key, a) -> {
            SpectralFilter filter = okl.create(SpectralFilter.class, a.variant().spec().filter());
            if (!filter.pathParameter().equals("iterations")) {
                PipelineSpec s = a.variant().spec().withSelection(null).withFilter(a.variant().spec().filter()
                        .with(filter.pathParameter(), filter.pathValue(a.pathIndex())));
                out.put(key, a.decoder().map(s::withDecoder).orElse(s));
            }
        });
        return out;
    }

    /**
     * Fits the pipeline over rows read in passes (a data file of any size), with model selection in the same pass.
     *
     * @throws org.okl.api.error.OklException {@link org.okl.api.error.ErrorCode#INVALID_PIPELINE} when the
     *                                          pipeline cannot be fitted this way ({@link #streamingObstacle()})
     */
    public StreamingFit.Result fit(RowSource rows) {
        return fit(rows, null);
    }

    /**
     * The same, recording where the input columns came from in the file (so that prediction finds them again).
     *
     * @param inputColumns the input columns' positions and names in the file, or {@code null} when unknown
     */
    public StreamingFit.Result fit(RowSource rows, InputColumns inputColumns) {
        FitPlan.Result result = okl.registry().runtimeFailures().guard("fitting the pipeline over "
                + rows.description(), () -> plan(FitPlan.Source.of(rows, inputColumns), FitPlan.Options.fit()))
                .fit();
        return new StreamingFit.Result(result.model(), result.timings().orElseThrow());
    }

    /** A fit of this pipeline (not automatic) over streamed rows, by {@link FitPlan#fit()}. */
    StreamingFit.Result fitStreamed(RowSource rows, InputColumns inputColumns) {
        return okl.registry().runtimeFailures().guard("fitting the pipeline over " + rows.description(), () -> {
            try {
                return StreamingFit.fit(spec, rows, Optional.empty(), Optional.ofNullable(inputColumns),
                        calibrationRows, okl);
            } catch (NonFiniteMatrixException e) {
                throw overflow(e, "the rows of " + UserText.escape(rows.description()));
            }
        });
    }

    /**
     * For an automatic pipeline ({@link PipelineSpec#isAuto()}), what it chooses for these rows (one pass over their
     * outputs reads the task).
     *
     * @throws IllegalStateException when the pipeline is not automatic
     */
    public AutoPipeline.Choice chooseFor(RowSource rows) {
        if (!spec.isAuto()) {
            throw new IllegalStateException("the pipeline is not automatic");
        }
        return AutoPipeline.choose(spec, rows.size(), rows.sparse(), AutoPipeline.task(rows), okl);
    }

    /**
     * For an automatic pipeline, what it chooses for this data.
     *
     * @throws IllegalStateException when the pipeline is not automatic
     */
    public AutoPipeline.Choice chooseFor(TrainingData data) {
        if (!spec.isAuto()) {
            throw new IllegalStateException("the pipeline is not automatic");
        }
        return AutoPipeline.choose(spec, data.size(), AutoPipeline.task(data), okl);
    }

    /**
     * What prevents fitting this pipeline over streamed rows, or empty when nothing does (an automatic pipeline is
     * asked after it has chosen: {@link #chooseFor(RowSource)}).
     */
    public Optional<String> streamingObstacle() {
        return StreamingFit.obstacle(spec, okl, false);
    }

    /**
     * For an iterative filter (path parameter {@code iterations}), the spec with its iterations cut to the chosen
     * path point, so the refit stops there instead of running the whole selection path (iterate j does not depend on
     * the total, see {@link org.okl.api.filter.IterativeFilter}); otherwise the spec unchanged.
     */
    private PipelineSpec stopAtChosenIteration(PipelineSpec chosen, int pathIndex) {
        return stopAtChosenIteration(chosen, okl.create(SpectralFilter.class, chosen.filter()), pathIndex);
    }

    /** The same for a filter already created from the spec. */
    static PipelineSpec stopAtChosenIteration(PipelineSpec chosen, SpectralFilter filter, int pathIndex) {
        if (filter.iterative().isEmpty() || !filter.pathParameter().equals("iterations")
                || pathIndex == filter.pathLength() - 1) {
            return chosen;
        }
        return chosen.withFilter(chosen.filter().with("iterations", pathIndex + 1));
    }

    /**
     * For a {@link TunableDecoder} (per-label thresholds), the spec with the decoder tuned on a hold-out of the
     * training data at the chosen parameters; otherwise the spec unchanged.
     */
    private PipelineSpec tuneDecoder(PipelineSpec chosen, int pathIndex, TrainingData data) {
        if (!(okl.create(Decoder.class, chosen.decoder()) instanceof TunableDecoder tunable) || !tunable.tunes()) {
            return chosen;
        }
        SelectionSpec selection = chosen.selection().orElseGet(okl.defaults()::selection);
        Split split = new HoldOut(selection.fraction(), selection.seed()).splits(data.size()).get(0);
        FittedPath fitted = FittedPath.fit(chosen, data.subset(split.train()), okl);
        Predictor predictor = fitted.path().at(pathIndex);
        TrainingData validation = data.subset(split.validation());
        Matrix h = Predictions.select(predictor.predict(fitted.transforms().transformInputs(validation.inputs())),
                validation.groups());
        return tunable.tune(h, fitted.transforms().transformOutputs(validation.outputs()),
                fitted.decodingContext(fitted.embeddingAt(predictor), okl))
                .map(chosen::withDecoder)
                .orElse(chosen);
    }

    /** The sketch of a pipeline with its number of features, for provenance; null without one. */
    static String sketchOf(PipelineSpec spec, Predictor predictor) {
        return spec.approximation().map(a -> a.name() + (predictor instanceof SketchExpansion e
                ? ", m = " + e.features().size() : "")).orElse(null);
    }
}
