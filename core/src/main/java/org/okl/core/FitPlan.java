package org.okl.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.rows.RowSource;
import org.okl.api.rows.StreamTimings;
import org.okl.api.text.UserText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a fit will do, decided once ({@link Pipeline#plan(Source, Options)}) from the pipeline, the data source and the
 * options, before anything is fitted: the pipeline to fit (for the automatic pipeline, its choice with the reasons),
 * the route (the rows read in blocks, or every row in memory, and why), the metrics an evaluation reports (asked, or
 * the task's defaults, {@link TaskMetrics}), whether the pipeline searches anything, and the lines the command line
 * prints about it ({@link #lines()}). The plan holds the data it was made on (the rows to stream, or the data read
 * whole), so that making it checks the inputs (a missing file, a truncated one, a header that overflows fail here) and
 * {@link #fit()} executes exactly what the lines say: {@code okl fit}, {@code okl evaluate} and {@link Pipeline#fit}
 * all read the same plan, and the automatic choice is made once.
 *
 * @param pipeline     the pipeline fitted: the automatic choice's, or the pipeline given (stages completed)
 * @param auto         for the automatic pipeline, what it chose and why
 * @param route        how the rows are read
 * @param why          why that route, one clause (for the in-memory route of rows that could not stream, what
 *                     prevents it)
 * @param rows         the rows read in blocks (route {@link Route#STREAMED})
 * @param data         the data in memory (route {@link Route#IN_MEMORY})
 * @param inputColumns where the streamed rows' input columns are in their file, when known
 * @param task         the task whose default metrics {@link #metrics()} are, when they are defaults
 * @param metrics      for an evaluation, the metrics to report (asked, or the task's defaults); empty for a fit
 * @param searches     whether the fit chooses among values by validation ({@link Pipeline#searches()})
 * @param intervals    how the model's prediction intervals are computed, decided here: split conformal on the
 *                     streamed route, jackknife+ or (when the pipeline asks, {@code "intervals": {"method": "cv+"}})
 *                     CV+ with its number of folds on the exact route
 */
public record FitPlan(Pipeline pipeline, Optional<AutoPipeline.Choice> auto, Route route, String why,
        Optional<RowSource> rows, Optional<TrainingData> data, Optional<InputColumns> inputColumns,
        Optional<String> task, Map<String, ComponentSpec> metrics, boolean searches, IntervalSpec intervals) {
    private static final Logger LOG = LoggerFactory.getLogger(FitPlan.class);

    /** The line printed for a pipeline that searches nothing. */
    public static final String NOTHING_SEARCHED = "note: nothing is searched, every value is the pipeline's own (a "
            + "preset's are set for its paper's data); without --pipeline OKL chooses the input transforms, kernel, "
            + "width and lambda by cross-validation, or give the filter several lambdas";

    /** A plan; the metrics are copied, in their order. */
    public FitPlan {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    /** How the training rows are read. */
    public enum Route {
        /** In blocks, in constant memory, by {@link StreamingFit} (a file of any size, a cluster's rows). */
        STREAMED,
        /** Every row in memory at once. */
        IN_MEMORY
    }

    /**
     * Where the training data come from: rows that can be read in blocks (a data file, a cluster's rows), data that
     * can be read whole, or both (a data file).
     */
    public interface Source {
        /**
         * The rows to read in blocks, or empty when the data cannot be read so (a data set rather than a file, or
         * extra data that must be in memory with them). Opening them may read the file's first lines.
         */
        Optional<RowSource> rows();

        /** Where the input columns of {@link #rows()} are in their file, when known. */
        default Optional<InputColumns> inputColumns() {
            return Optional.empty();
        }

        /**
         * Every row in memory (a file is read whole).
         *
         * @param why why the rows are not read in blocks; a source that holds only rows fails with it
         * @throws OklException {@link ErrorCode#INVALID_PIPELINE} when the source cannot be read whole
         */
        TrainingData load(String why);

        /** Data already in memory. */
        static Source of(TrainingData data) {
            return new Source() {
                @Override
                public Optional<RowSource> rows() {
                    return Optional.empty();
                }

                @Override
                public TrainingData load(String why) {
                    return data;
                }
            };
        }

        /**
         * Rows read in blocks only (a file, a cluster's rows): a pipeline that cannot be fitted over them is an
         * error.
         *
         * @param columns where the input columns are in the file, or {@code null} when unknown
         */
        static Source of(RowSource rows, InputColumns columns) {
            return new Source() {
                @Override
                public Optional<RowSource> rows() {
                    return Optional.of(rows);
                }

                @Override
                public Optional<InputColumns> inputColumns() {
                    return Optional.ofNullable(columns);
                }

                @Override
                public TrainingData load(String why) {
                    throw new OklException(ErrorCode.INVALID_PIPELINE, rows.description() + ": cannot fit this "
                            + "pipeline over streamed rows: " + why);
                }
            };
        }
    }

    /**
     * What the plan is for.
     *
     * @param evaluation whether the fit is scored (the plan then settles the metrics, and streamed rows need metrics
     *                   that are scored block by block)
     * @param metrics    the metrics asked for, or empty for the task's defaults
     */
    public record Options(boolean evaluation, Optional<Map<String, ComponentSpec>> metrics) {

        /** A fit: no metrics. */
        public static Options fit() {
            return new Options(false, Optional.empty());
        }

        /**
         * An evaluation.
         *
         * @param metrics the metrics asked for, or {@code null} for the task's defaults
         */
        public static Options evaluation(Map<String, ComponentSpec> metrics) {
            return new Options(true, Optional.ofNullable(metrics));
        }
    }

    /**
     * A fit by the plan.
     *
     * @param model   the model (its provenance records the automatic choice, when there was one)
     * @param rows    the rows it was fitted on
     * @param timings where the time of a streamed fit went; empty in memory
     */
    public record Result(Model model, long rows, Optional<StreamTimings> timings) {
    }

    /** The plan for a pipeline, a source and options: the one place the route and the automatic choice are made. */
    static FitPlan make(Pipeline asked, Source source, Options options, Okl okl) {
        boolean automatic = asked.spec().isAuto();
        boolean searches = asked.searches();
        Optional<String> obstacle = automatic ? Optional.empty() : asked.streamingObstacle();
        Optional<RowSource> rows = obstacle.isPresent() ? Optional.empty() : source.rows();
        String why = obstacle.orElse("the data are not rows read in blocks");
        if (rows.isPresent() && rows.get().outputDimension() == 0 && (automatic || options.evaluation())) {
            why = "the rows have no output columns";
            rows = Optional.empty();
        }
        AutoPipeline.Choice choice = null;
        Pipeline chosen = asked;
        if (automatic && rows.isPresent()) {
            choice = asked.chooseFor(rows.get());
            chosen = new Pipeline(choice.spec(), okl).withCalibrationRows(asked.calibrationRows());
            obstacle = chosen.streamingObstacle();
            if (obstacle.isPresent()) {
                why = obstacle.get();
                rows = Optional.empty();
            }
        }
        Map<String, ComponentSpec> metrics = options.metrics().orElse(Map.of());
        Optional<String> task = Optional.empty();
        if (rows.isPresent() && options.evaluation()) {
            if (options.metrics().isEmpty()) {
                task = Optional.of(choice != null ? choice.record().task() : AutoPipeline.task(rows.get()).id());
                metrics = TaskMetrics.defaults(task.get(), rows.get().outputDimension(), chosen.spec(), okl);
            }
            obstacle = Evaluation.streamingObstacle(metrics, okl);
            if (obstacle.isPresent()) {
                why = obstacle.get();
                rows = Optional.empty();
            }
        }
        if (rows.isPresent()) {
            IntervalSpec intervals = intervals(asked, chosen, true, rows.get().size(), okl);
            return new FitPlan(chosen, Optional.ofNullable(choice), Route.STREAMED, "the pipeline is fitted over "
                    + "the rows read in blocks (a kernel sketch)", rows, Optional.empty(), source.inputColumns(), task,
                    metrics, searches, intervals);
        }
        LOG.debug("reading the data whole: {}", why);
        TrainingData data = source.load(why);
        if (automatic && choice == null) {
            choice = asked.chooseFor(data);
            chosen = new Pipeline(choice.spec(), okl).withCalibrationRows(asked.calibrationRows());
        }
        if (options.evaluation() && options.metrics().isEmpty() && task.isEmpty()) {
            task = Optional.of(choice != null ? choice.record().task() : AutoPipeline.task(data).id());
            metrics = TaskMetrics.defaults(task.get(), data.outputs().cols(), chosen.spec(), okl);
        }
        IntervalSpec intervals = intervals(asked, chosen, chosen.spec().approximation().isPresent(), data.size(),
                okl);
        if (intervals.method() == IntervalSpec.Method.CV_PLUS || intervals.scores() != IntervalSpec.Scores.ABSOLUTE) {
            chosen = new Pipeline(chosen.spec().withIntervals(intervals), okl)
                    .withCalibrationRows(chosen.calibrationRows());
        }
        return new FitPlan(chosen, Optional.ofNullable(choice), Route.IN_MEMORY, why, Optional.empty(),
                Optional.of(data), Optional.empty(), task, metrics, searches, intervals);
    }

    /**
     * The interval method of a fit, decided once: what the pipeline (or, for the automatic pipeline, the one asked)
     * names, with CV+'s number of folds settled; {@link IntervalSpec.Method#AUTO} becomes split conformal with a
     * kernel sketch and jackknife+ without.
     *
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} when jackknife+ or CV+ is asked of a sketched pipeline
     */
    private static IntervalSpec intervals(Pipeline asked, Pipeline chosen, boolean sketched, long n, Okl okl) {
        IntervalSpec spec = chosen.spec().intervals().or(() -> asked.spec().intervals())
                .orElseGet(IntervalSpec::auto);
        if (sketched) {
            if (spec.method() != IntervalSpec.Method.AUTO && spec.method() != IntervalSpec.Method.SPLIT) {
                throw new OklException(ErrorCode.INVALID_PIPELINE, "intervals of method "
                        + UserText.quote(spec.method().id()) + " need the exact route (no kernel sketch); a sketched "
                        + "pipeline gives split conformal intervals on held-out calibration rows (okl fit "
                        + "--calibration-rows N)");
            }
            if (spec.scores() != IntervalSpec.Scores.ABSOLUTE) {
                throw new OklException(ErrorCode.INVALID_PIPELINE, "normalised interval scores need the exact route "
                        + "(no kernel sketch): the residual scale is fitted on the training rows' leave-out "
                        + "residuals, which a streamed fit does not keep");
            }
            return spec.withMethod(IntervalSpec.Method.SPLIT);
        }
        if (spec.method() == IntervalSpec.Method.CV_PLUS) {
            Pipeline p = chosen.spec().intervals().isPresent() ? chosen : new Pipeline(chosen.spec()
                    .withIntervals(spec), okl);
            return new IntervalSpec(IntervalSpec.Method.CV_PLUS, Math.max(2, p.cvPlusFolds((int) Math.min(
                    Integer.MAX_VALUE, n))), spec.scores());
        }
        return spec.withMethod(IntervalSpec.Method.JACKKNIFE_PLUS);
    }

    /**
     * The lines {@code okl fit} prints about the plan before fitting: the note that nothing is searched, or what the
     * automatic pipeline chose and why (each line {@code auto: ...}); for an evaluation with the task's default
     * metrics, which they are.
     */
    public List<String> lines() {
        return lines(null);
    }

    /**
     * The same, the automatic choice's lines headed by {@code auto: chosen on WHAT} ({@code okl evaluate}).
     *
     * @param chosenOn what the choice was made on, in words, or {@code null} for no heading
     */
    public List<String> lines(String chosenOn) {
        List<String> out = new ArrayList<>();
        if (!searches) {
            out.add(NOTHING_SEARCHED);
        }
        auto.ifPresent(choice -> {
            if (chosenOn != null) {
                out.add("auto: chosen on " + chosenOn);
            }
            choice.record().reasons().forEach(line -> out.add("auto: " + UserText.escape(line)));
        });
        if (intervals.method() == IntervalSpec.Method.CV_PLUS) {
            out.add("intervals: cv+ from the " + intervals.folds() + " fold models of the chosen fit");
        }
        if (intervals.scores() == IntervalSpec.Scores.NORMALISED) {
            out.add("intervals: normalised scores, residuals over a residual scale fitted on the training rows");
        }
        task.ifPresent(t -> out.add("metrics: " + UserText.escape(String.join(",", metrics.keySet()))
                + " (the defaults for " + t + "; choose others with --metrics)"));
        return List.copyOf(out);
    }

    /** The number of training rows. */
    public long size() {
        return rows.map(RowSource::size).orElseGet(() -> (long) data.orElseThrow().size());
    }

    /**
     * The training data's input columns as the fitted model keeps them ({@link Model#inputColumns()}): the streamed
     * file's, or the data's read whole; empty when unknown. Another file given with these rows (an evaluation's test
     * file) codes its text columns by their levels, as a prediction codes a file by the model's.
     */
    public Optional<InputColumns> trainingColumns() {
        return route == Route.STREAMED ? inputColumns : data.flatMap(TrainingData::inputColumns);
    }

    /**
     * Fits the plan's pipeline on the plan's data by its route; the model records the automatic choice.
     *
     * @throws OklException as {@link Pipeline#fit(TrainingData)} and {@link Pipeline#fit(RowSource)}
     */
    public Result fit() {
        if (route == Route.STREAMED) {
            StreamingFit.Result result = pipeline.fitStreamed(rows.orElseThrow(), inputColumns.orElse(null));
            Model model = withAuto(result.model());
            return new Result(model, result.timings().rows(), Optional.of(result.timings()));
        }
        TrainingData d = data.orElseThrow();
        return new Result(withAuto(pipeline.fitInMemory(d)), d.size(), Optional.empty());
    }

    private Model withAuto(Model model) {
        return auto.map(a -> model.withProvenance(model.provenance().withAuto(a.record()))).orElse(model);
    }
}
