package org.okl.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.decoder.Decoded;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.api.metric.SquaredErrorMetric;
import org.okl.api.metric.SquaredErrors;
import org.okl.api.rows.FoldRows;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.RowSource;
import org.okl.core.conformal.CalibrationError;
import org.okl.core.conformal.PredictionIntervals;
import org.okl.core.select.GroupStratified;
import org.okl.core.select.KFold;
import org.okl.core.select.Split;

/** Scores a pipeline: trained on one set and tested on another, or by k-fold cross-validation. */
public final class Evaluation {
    private Evaluation() {
    }

    /**
     * Sees every held-out part of an evaluation with the model fitted without it: a cross-validation fold, the test
     * set, or a block of streamed test rows (for example to tally intervals at several levels, {@link
     * UncertaintyTally}); nothing is refitted for it.
     */
    @FunctionalInterface
    public interface HeldOut {
        /** Sees nothing. */
        HeldOut NONE = (model, inputs, outputs, tasks) -> {
        };

        /**
         * One held-out part.
         *
         * @param model   the model fitted without these rows
         * @param inputs  their raw inputs
         * @param outputs their true outputs (NaN where missing)
         * @param tasks   whether the rows belong to tasks (multi-task data)
         */
        void accept(Model model, InputRows inputs, Matrix outputs, boolean tasks);
    }

    /**
     * Scores.
     *
     * @param metrics  mean value per metric name (in the order asked)
     * @param spread   standard deviation over folds per metric (empty for a single train/test split)
     * @param protocol how the numbers were obtained
     * @param model    the model fitted on the training set (train/test only)
     */
    public record Result(Map<String, Double> metrics, Map<String, Double> spread, String protocol,
            Optional<Model> model) {
    }

    /**
     * Fits on {@code train} and scores the predictions for the inputs of {@code test} (with its tasks, for
     * multi-task data) against its outputs.
     */
    public static Result trainTest(Pipeline pipeline, TrainingData train, TrainingData test,
            Map<String, ComponentSpec> metrics, Okl okl) {
        return trainTest(pipeline.plan(FitPlan.Source.of(train), FitPlan.Options.evaluation(metrics)), test, okl);
    }

    /**
     * Fits by a plan made on the training data ({@link Pipeline#plan(FitPlan.Source, FitPlan.Options)}, for an
     * evaluation) and scores its metrics on {@code test}: in memory, or block by block when the plan streams and
     * {@code test} are rows.
     */
    public static Result trainTest(FitPlan plan, TrainingData test, Okl okl) {
        return trainTest(plan, test, OptionalDouble.empty(), okl);
    }

    /**
     * {@link #trainTest(FitPlan, TrainingData, Okl)}, and when a coverage level is given, the prediction intervals'
     * scores on {@code test} beside the metrics ({@link #intervalScores}).
     */
    public static Result trainTest(FitPlan plan, TrainingData test, OptionalDouble intervals, Okl okl) {
        return trainTest(plan, test, intervals, HeldOut.NONE, okl);
    }

    /** {@link #trainTest(FitPlan, TrainingData, OptionalDouble, Okl)}, showing the test set to {@code heldOut}. */
    public static Result trainTest(FitPlan plan, TrainingData test, OptionalDouble intervals, HeldOut heldOut,
            Okl okl) {
        if (plan.route() != FitPlan.Route.IN_MEMORY) {
            throw new IllegalArgumentException("the plan streams its rows; score them with trainTest(plan, rows)");
        }
        intervals.ifPresent(Model::requireLevel);
        Model model = plan.fit().model();
        Decoded decoded = predict(model, test);
        Map<String, Double> scores = score(plan.metrics(), test.outputs(), decoded, okl);
        intervals.ifPresent(level -> scores.putAll(uncertaintyScores(model, test, level)));
        heldOut.accept(model, test.inputs(), test.outputs(), test.groups().isPresent());
        return new Result(scores, Map.of(), "train " + plan.size() + ", test " + test.size(), Optional.of(model));
    }

    /**
     * What a model says of its own uncertainty, scored on labelled data: for a model with calibrated label
     * probabilities ({@link Model#hasProbabilities()}) their expected calibration error and that of the raw scores
     * ({@link #probabilityScores}); otherwise its intervals at the level ({@link #intervalScores}).
     */
    public static Map<String, Double> uncertaintyScores(Model model, TrainingData test, double level) {
        return model.hasProbabilities() ? probabilityScores(model, test) : intervalScores(model, test, level);
    }

    /**
     * {@code ece}: the expected calibration error ({@link CalibrationError}, 10 bins) of the model's calibrated label
     * probabilities over every (row, label) pair of the test data; {@code ece-raw}: that of its raw regression scores
     * on the 0/1 scale clipped to [0, 1] (what the probabilities would be without calibration).
     *
     * @throws OklException {@link ErrorCode#USAGE} for data with tasks; as {@link Model#predictProbabilities}
     */
    public static Map<String, Double> probabilityScores(Model model, TrainingData test) {
        if (test.groups().isPresent()) {
            throw new OklException(ErrorCode.USAGE, "label probabilities are not available for multi-task data");
        }
        double[] labels = test.outputs().data();
        Map<String, Double> out = new LinkedHashMap<>();
        out.put("ece", CalibrationError.expected(model.predictProbabilities(test.inputs()).data(), labels,
                CalibrationError.BINS));
        out.put("ece-raw", CalibrationError.expected(model.rawLabelScores(test.inputs()).data(), labels,
                CalibrationError.BINS));
        return out;
    }

    /**
     * How the model's prediction intervals at a level ({@link Model#predictIntervals}) do on labelled data:
     * {@code coverage} the share of (row, output) pairs inside their interval, {@code joint-coverage} the share of
     * rows whose whole output vector is inside the joint box, {@code mean-width} and {@code joint-mean-width} the
     * mean of upper - lower over rows and outputs (on the outputs' own scale).
     *
     * @throws OklException {@link ErrorCode#USAGE} for data with tasks; as {@link Model#predictIntervals} otherwise
     */
    public static Map<String, Double> intervalScores(Model model, TrainingData test, double level) {
        if (test.groups().isPresent()) {
            throw new OklException(ErrorCode.USAGE, "prediction intervals are not available for multi-task data");
        }
        IntervalTally tally = new IntervalTally();
        tally.add(model.predictIntervals(test.inputs(), level), test.outputs());
        return tally.scores();
    }

    /**
     * Coverage and widths of intervals summed block by block: (row, output) pairs inside their interval, rows inside
     * their joint box, and the widths (missing outputs are skipped).
     */
    private static final class IntervalTally {
        private long inside;
        private long pairs;
        private long rows;
        private long rowsInside;
        private double width;
        private double jointWidth;

        void add(PredictionIntervals p, Matrix y) {
            for (int i = 0; i < y.rows(); i++) {
                boolean all = true;
                for (int c = 0; c < y.cols(); c++) {
                    double v = y.get(i, c);
                    if (Double.isNaN(v)) {
                        continue;
                    }
                    pairs++;
                    if (v >= p.lower().get(i, c) && v <= p.upper().get(i, c)) {
                        inside++;
                    }
                    all &= v >= p.jointLower().get(i, c) && v <= p.jointUpper().get(i, c);
                    width += p.upper().get(i, c) - p.lower().get(i, c);
                    jointWidth += p.jointUpper().get(i, c) - p.jointLower().get(i, c);
                }
                rows++;
                if (all) {
                    rowsInside++;
                }
            }
        }

        Map<String, Double> scores() {
            Map<String, Double> out = new LinkedHashMap<>();
            out.put("coverage", inside / (double) Math.max(1, pairs));
            out.put("joint-coverage", rowsInside / (double) Math.max(1, rows));
            out.put("mean-width", width / Math.max(1, pairs));
            out.put("joint-mean-width", jointWidth / Math.max(1, pairs));
            return out;
        }
    }

    /** The model's predictions for the inputs of labelled data, with their tasks when the data has them. */
    private static Decoded predict(Model model, TrainingData data) {
        return data.groups().isPresent() ? model.predict(data.inputs(), data.groups().get())
                : model.predict(data.inputs());
    }

    /** k-fold cross-validation: mean and standard deviation of every metric over the folds. */
    public static Result crossValidate(Pipeline pipeline, TrainingData data, int folds, long seed,
            Map<String, ComponentSpec> metrics, Okl okl) {
        return crossValidate(pipeline, data, folds, seed, metrics, OptionalDouble.empty(), okl);
    }

    /**
     * k-fold cross-validation, and when a coverage level is given, the prediction intervals' scores on every held-out
     * fold ({@link #intervalScores}) beside the metrics, as means and standard deviations over the folds.
     */
    public static Result crossValidate(Pipeline pipeline, TrainingData data, int folds, long seed,
            Map<String, ComponentSpec> metrics, OptionalDouble intervals, Okl okl) {
        return crossValidate(pipeline, data, folds, seed, metrics, intervals, HeldOut.NONE, okl);
    }

    /** The same, showing every held-out fold to {@code heldOut}. */
    public static Result crossValidate(Pipeline pipeline, TrainingData data, int folds, long seed,
            Map<String, ComponentSpec> metrics, OptionalDouble intervals, HeldOut heldOut, Okl okl) {
        intervals.ifPresent(Model::requireLevel);
        List<Split> splits = GroupStratified.of(new KFold(folds, seed), data.groups()).splits(data.size());
        Map<String, double[]> perFold = new LinkedHashMap<>();
        metrics.keySet().forEach(k -> perFold.put(k, new double[splits.size()]));
        String task = folds + "-fold cross-validation";
        for (int f = 0; f < splits.size(); f++) {
            okl.progress().progress(task, f, splits.size());
            TrainingData train = data.subset(splits.get(f).train());
            TrainingData test = data.subset(splits.get(f).validation());
            Model model = pipeline.fit(train);
            Decoded decoded = predict(model, test);
            int fold = f;
            score(metrics, test.outputs(), decoded, okl).forEach((k, v) -> perFold.get(k)[fold] = v);
            if (intervals.isPresent()) {
                uncertaintyScores(model, test, intervals.getAsDouble()).forEach((k, v) -> perFold
                        .computeIfAbsent(k, key -> new double[splits.size()])[fold] = v);
            }
            heldOut.accept(model, test.inputs(), test.outputs(), test.groups().isPresent());
        }
        okl.progress().progress(task, splits.size(), splits.size());
        return summarise(perFold, folds + "-fold cross-validation of " + data.size() + ", seed " + seed);
    }

    /** Mean and sample standard deviation over the folds of every metric. */
    private static Result summarise(Map<String, double[]> perFold, String protocol) {
        Map<String, Double> mean = new LinkedHashMap<>();
        Map<String, Double> spread = new LinkedHashMap<>();
        perFold.forEach((k, v) -> {
            double m = 0;
            for (double x : v) {
                m += x / v.length;
            }
            double s = 0;
            for (double x : v) {
                s += (x - m) * (x - m) / Math.max(1, v.length - 1);
            }
            mean.put(k, m);
            spread.put(k, Math.sqrt(s));
        });
        return new Result(mean, spread, protocol, Optional.empty());
    }

    /**
     * What prevents scoring streamed test rows with these metrics, or empty when nothing does: every metric must be
     * a {@link SquaredErrorMetric} (its value follows from per-output sums, block by block).
     */
    public static Optional<String> streamingObstacle(Map<String, ComponentSpec> metrics, Okl okl) {
        for (Map.Entry<String, ComponentSpec> e : metrics.entrySet()) {
            if (!(okl.create(Metric.class, e.getValue()) instanceof SquaredErrorMetric)) {
                return Optional.of("metric '" + e.getKey() + "' needs every prediction at once");
            }
        }
        return Optional.empty();
    }

    /**
     * Fits on streamed training rows ({@link Pipeline#fit(RowSource)}) and scores streamed test rows block by block,
     * in constant memory.
     *
     * @throws IllegalArgumentException when a metric is not a {@link SquaredErrorMetric}
     */
    public static Result trainTest(Pipeline pipeline, RowSource train, RowSource test,
            Map<String, ComponentSpec> metrics, Okl okl) {
        return trainTest(pipeline.plan(train), test, metrics, okl);
    }

    /**
     * Fits by a plan that streams its rows and scores its metrics on streamed test rows, block by block.
     *
     * @throws IllegalArgumentException when a metric is not a {@link SquaredErrorMetric}, or the plan does not
     *                                  stream
     */
    public static Result trainTest(FitPlan plan, RowSource test, Okl okl) {
        return trainTest(plan, test, OptionalDouble.empty(), okl);
    }

    /**
     * The same, also scoring the model's prediction intervals at the level when one is given (split conformal for
     * a sketched pipeline fitted with calibration rows, {@link Pipeline#withCalibrationRows}), block by block.
     */
    public static Result trainTest(FitPlan plan, RowSource test, OptionalDouble intervals, Okl okl) {
        return trainTest(plan, test, intervals, HeldOut.NONE, okl);
    }

    /** {@link #trainTest(FitPlan, RowSource, OptionalDouble, Okl)}, showing every test block to {@code heldOut}. */
    public static Result trainTest(FitPlan plan, RowSource test, OptionalDouble intervals, HeldOut heldOut,
            Okl okl) {
        if (plan.route() != FitPlan.Route.STREAMED) {
            throw new IllegalArgumentException("the plan holds its rows in memory; score them with trainTest(plan, "
                    + "data)");
        }
        return trainTest(plan, test, plan.metrics(), intervals, heldOut, okl);
    }

    private static Result trainTest(FitPlan plan, RowSource test, Map<String, ComponentSpec> metrics, Okl okl) {
        return trainTest(plan, test, metrics, OptionalDouble.empty(), HeldOut.NONE, okl);
    }

    private static Result trainTest(FitPlan plan, RowSource test, Map<String, ComponentSpec> metrics,
            OptionalDouble intervals, HeldOut heldOut, Okl okl) {
        FitPlan.Result fitted = plan.fit();
        long[] rows = new long[1];
        Map<String, Double> scores = scoreStreamed(fitted.model(), test, metrics, intervals, heldOut, rows, okl);
        return new Result(scores, Map.of(), "train " + fitted.rows() + ", test " + rows[0] + " (streamed)",
                Optional.of(fitted.model()));
    }

    /**
     * k-fold cross-validation over streamed rows: the outer folds come from {@link FoldScheme#kFold} with the seed;
     * each fold fits on the other folds' rows (one streamed fit, with its own selection inside) and scores its own
     * rows block by block. Two passes of the data per fold, constant memory.
     */
    public static Result crossValidate(Pipeline pipeline, RowSource data, int folds, long seed,
            Map<String, ComponentSpec> metrics, Okl okl) {
        return crossValidate(pipeline, data, folds, seed, metrics, OptionalDouble.empty(), okl);
    }

    /**
     * The same, also scoring each fold's prediction intervals at the level when one is given (the folds' fits hold
     * out calibration rows when the pipeline says so, {@link Pipeline#withCalibrationRows}).
     */
    public static Result crossValidate(Pipeline pipeline, RowSource data, int folds, long seed,
            Map<String, ComponentSpec> metrics, OptionalDouble intervals, Okl okl) {
        return crossValidate(pipeline, data, folds, seed, metrics, intervals, HeldOut.NONE, okl);
    }

    /** The same, showing every block of every held-out fold to {@code heldOut}. */
    public static Result crossValidate(Pipeline pipeline, RowSource data, int folds, long seed,
            Map<String, ComponentSpec> metrics, OptionalDouble intervals, HeldOut heldOut, Okl okl) {
        FoldScheme outer = FoldScheme.kFold(folds, seed);
        Map<String, double[]> perFold = new LinkedHashMap<>();
        metrics.keySet().forEach(k -> perFold.put(k, new double[folds]));
        String task = folds + "-fold cross-validation (streamed)";
        long total = 0;
        for (int f = 0; f < folds; f++) {
            okl.progress().progress(task, f, folds);
            Model model = pipeline.fit(new FoldRows(data, outer, f, false)).model();
            long[] rows = new long[1];
            int fold = f;
            scoreStreamed(model, new FoldRows(data, outer, f, true), metrics, intervals, heldOut, rows, okl)
                    .forEach((k, v) -> perFold.computeIfAbsent(k, x -> new double[folds])[fold] = v);
            total += rows[0];
        }
        okl.progress().progress(task, folds, folds);
        return summarise(perFold, outer.describe() + " of " + total + " streamed rows");
    }

    private static Map<String, Double> scoreStreamed(Model model, RowSource test, Map<String, ComponentSpec> metrics,
            OptionalDouble intervals, HeldOut heldOut, long[] rows, Okl okl) {
        streamingObstacle(metrics, okl).ifPresent(why -> {
            throw new IllegalArgumentException("cannot score streamed rows: " + why);
        });
        SquaredErrors[] sums = {null};
        IntervalTally tally = new IntervalTally();
        test.forEachInputRowBlock((first, inputs, outputs) -> {
            Matrix predicted;
            if (intervals.isPresent()) {
                PredictionIntervals p = model.predictIntervals(inputs, intervals.getAsDouble());
                tally.add(p, outputs);
                predicted = p.predictions();
            } else {
                predicted = model.predict(inputs).outputs();
            }
            heldOut.accept(model, inputs, outputs, false);
            SquaredErrors block = SquaredErrors.of(outputs, predicted);
            sums[0] = sums[0] == null ? block : sums[0].plus(block);
            rows[0] += inputs.rows();
        });
        if (sums[0] == null) {
            throw new IllegalArgumentException(test.description() + ": no test rows");
        }
        Map<String, Double> out = new LinkedHashMap<>();
        metrics.forEach((name, spec) -> out.put(name, ((SquaredErrorMetric) okl.create(Metric.class, spec))
                .fromSums(sums[0])));
        if (intervals.isPresent()) {
            out.putAll(tally.scores());
        }
        return out;
    }

    private static Map<String, Double> score(Map<String, ComponentSpec> metrics, Matrix truth, Decoded decoded,
            Okl okl) {
        Map<String, Double> out = new LinkedHashMap<>();
        metrics.forEach((name, spec) -> {
            Metric metric = okl.create(Metric.class, spec);
            out.put(name, okl.registry().runtimeFailures().guard("evaluating metric '" + name + "'",
                    () -> evaluate(metric, spec.name(), truth, decoded)));
        });
        return out;
    }

    /**
     * Scores with a metric; a metric that cannot score these outputs (by {@link Metric}'s contract it then throws
     * {@link IllegalArgumentException}, for example scores where labels are needed) is a user error naming it.
     *
     * @throws OklException {@link ErrorCode#INVALID_DATA}
     */
    static double evaluate(Metric metric, String name, Matrix truth, Decoded decoded) {
        try {
            return metric.evaluate(truth, decoded);
        } catch (InvalidParameterException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new OklException(ErrorCode.INVALID_DATA, "metric '" + name + "' cannot score these outputs: "
                    + e.getMessage(), e);
        }
    }
}
