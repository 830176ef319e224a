package org.okl.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.metric.Metric;
import org.okl.api.output.OutputData;
import org.okl.api.text.UserText;
import org.okl.core.select.GroupStratified;
import org.okl.core.select.HoldOut;
import org.okl.core.select.KFold;
import org.okl.core.select.RepeatedKFold;
import org.okl.core.select.RepeatedSubsampling;
import org.okl.core.select.Split;
import org.okl.core.select.Splitter;
import org.okl.core.select.TikhonovLeaveOneOut;

/**
 * Chooses a pipeline's grid point and regularization-path point by validation: for every split, every grid variant
 * is fitted on the training part along its whole path ({@link CandidateEvaluator}, which shares one
 * eigendecomposition between variants that differ only in kernel width and output matrix) and every path point is
 * decoded and scored on the validation part ({@link SelectionScores}, which also tunes held-out-tuned decoders on
 * the pooled out-of-fold predictions). Transforms are fitted on each split's training part.
 * Multi-task data are split within every task ({@link GroupStratified}).
 */
final class ModelSelection {
    private ModelSelection() {
    }

    /**
     * The outcome.
     *
     * @param variant   the chosen grid variant
     * @param pathIndex the chosen path point
     * @param curve     the mean validation error at every grid and path point
     * @param decoder   the decoder tuned on the chosen candidate's out-of-fold predictions, when it is tunable
     * @param search    what the selection cost
     * @param note      how a preferred grid value decided, or empty
     * @param alternatives with a preference, the best candidates with and without the preferred values
     *                     ({@code preferred}, {@code other}): variant, path point and tuned decoder
     */
    record Choice(GridVariants.Variant variant, int pathIndex, List<Provenance.CurvePoint> curve,
            Optional<ComponentSpec> decoder, Provenance.Search search, String note,
            Map<String, Alternative> alternatives) {
    }

    /**
     * A candidate other than the chosen one.
     *
     * @param variant   its grid variant
     * @param pathIndex its path point
     * @param decoder   its tuned decoder, when tunable
     */
    record Alternative(GridVariants.Variant variant, int pathIndex, Optional<ComponentSpec> decoder) {
    }

    static Choice run(List<GridVariants.Variant> variants, TrainingData data, SelectionSpec selection, Okl okl) {
        long start = System.nanoTime();
        if (selection.method() == SelectionSpec.Method.LOO) {
            return leaveOneOut(variants, data, okl, start);
        }
        Metric metric = okl.create(Metric.class, selection.metric());
        List<Split> splits = GroupStratified.of(splitter(selection), data.groups()).splits(data.size());
        SelectionScores scores = new SelectionScores(variants, metric, selection.metric().name(), splits.size(), okl);
        CandidateEvaluator evaluator = new CandidateEvaluator(variants, okl);
        String task = "model selection (" + splits.size() + " splits x " + variants.size() + " grid points)";
        evaluateSplits(evaluator, data, splits, scores, task, okl);
        int decompositions = evaluator.decompositions();
        if (scores.tunable()) {
            List<Integer> finalists = scores.finalists(selection.prefer(), data.size(), data.outputs().cols());
            CandidateEvaluator again = new CandidateEvaluator(variants, finalists, okl);
            evaluateSplits(again, data, splits, scores, "tuning the decoder of the best candidates", okl);
            scores.finishTuning();
            decompositions += again.decompositions();
        }
        if (scores.curve().stream().noneMatch(p -> Double.isFinite(p.error()))) {
            throw noFiniteError(variants.get(0).spec(), selection.metric().toString());
        }
        SelectionScores.Best best = scores.choose(selection.prefer());
        Provenance.Search search = new Provenance.Search(scores.candidates(), splits.size(), decompositions,
                seconds(start));
        Map<String, Alternative> alternatives = new LinkedHashMap<>();
        best.alternatives().forEach((k, c) -> alternatives.put(k, new Alternative(variants.get(c.variant()),
                c.pathIndex(), c.tuned())));
        return new Choice(variants.get(best.chosen().variant()), best.chosen().pathIndex(),
                List.copyOf(scores.curve()), best.chosen().tuned(), search, best.note(), alternatives);
    }

    /**
     * The selection of one candidate whose parameters are learned on each split's training part: for every split,
     * {@code variantOf} learns on the training rows alone and the learned variant is fitted along its path and scored
     * on the validation rows (decoders tuned as {@link #run} tunes them), so no validation row was seen by what it
     * scores. The choice is reported under {@code label} (the same learning on all the rows).
     */
    static Choice runPerSplit(java.util.function.Function<TrainingData, GridVariants.Variant> variantOf,
            GridVariants.Variant label, TrainingData data, SelectionSpec selection, Okl okl) {
        long start = System.nanoTime();
        Metric metric = okl.create(Metric.class, selection.metric());
        List<Split> splits = GroupStratified.of(splitter(selection), data.groups()).splits(data.size());
        SelectionScores scores = new SelectionScores(List.of(label), metric, selection.metric().name(),
                splits.size(), okl);
        List<GridVariants.Variant> learned = new ArrayList<>();
        int decompositions = 0;
        for (int round = 0; round < (scores.tunable() ? 2 : 1); round++) {
            List<Integer> finalists = round == 0 ? null : scores.finalists(selection.prefer(), data.size(),
                    data.outputs().cols());
            for (int s = 0; s < splits.size(); s++) {
                okl.progress().progress("the learned candidate", s, splits.size());
                TrainingData train = data.subset(splits.get(s).train());
                TrainingData validation = data.subset(splits.get(s).validation());
                if (round == 0) {
                    learned.add(variantOf.apply(train));
                }
                CandidateEvaluator evaluator = round == 0 ? new CandidateEvaluator(List.of(learned.get(s)), okl)
                        : new CandidateEvaluator(List.of(learned.get(s)), finalists, okl);
                int split = s;
                int[] rows = splits.get(s).validation();
                evaluator.evaluate(train, validation, (v, h, decoding, values) -> scores.add(split, v, h, decoding,
                        values, validation.outputs(), rows));
                decompositions += evaluator.decompositions();
            }
        }
        if (scores.tunable()) {
            scores.finishTuning();
        }
        okl.progress().progress("the learned candidate", splits.size(), splits.size());
        SelectionScores.Best best = scores.choose(selection.prefer());
        return new Choice(label, best.chosen().pathIndex(), List.copyOf(scores.curve()), best.chosen().tuned(),
                new Provenance.Search(scores.candidates(), splits.size(), decompositions, seconds(start)),
                best.note(), Map.of());
    }

    private static void evaluateSplits(CandidateEvaluator evaluator, TrainingData data, List<Split> splits,
            SelectionScores scores, String task, Okl okl) {
        for (int s = 0; s < splits.size(); s++) {
            okl.progress().progress(task, s, splits.size());
            TrainingData train = data.subset(splits.get(s).train());
            TrainingData validation = data.subset(splits.get(s).validation());
            int split = s;
            int[] rows = splits.get(s).validation();
            evaluator.evaluate(train, validation, (v, h, decoding, values) -> scores.add(split, v, h, decoding,
                    values, validation.outputs(), rows));
        }
        okl.progress().progress(task, splits.size(), splits.size());
    }

    private static double seconds(long start) {
        return Math.round((System.nanoTime() - start) / 1e6) / 1e3;
    }

    /**
     * No grid or path point gave a finite validation error: the predictions were not finite (the kernel overflowed
     * on the data for every value tried) or the metric is undefined on these outputs. A data error saying so.
     */
    static OklException noFiniteError(PipelineSpec spec, String metric) {
        return new OklException(ErrorCode.INVALID_DATA, "no grid or path point has a finite validation error ("
                + UserText.escape(metric) + ") at any value tried: the metric is undefined on these outputs, or "
                + Model.kernelOverflow(spec));
    }

    /** The splitter a selection names. */
    static Splitter splitter(SelectionSpec s) {
        return switch (s.method()) {
            case KFOLD -> new KFold(s.folds(), s.seed());
            case REPEATED_KFOLD -> new RepeatedKFold(s.folds(), s.repetitions(), s.seed());
            case HOLDOUT -> new HoldOut(s.fraction(), s.seed());
            case SUBSAMPLING -> new RepeatedSubsampling(s.repetitions(), s.fraction(), s.seed());
            case LOO -> throw new IllegalArgumentException("selection method 'loo' has no splits");
        };
    }

    /**
     * Closed-form leave-one-out along a Tikhonov path (Rifkin and Lippert): one decomposition per grid point gives
     * the squared leave-one-out error of every lambda, in the embedding's target space. The filter qualifies by its
     * capability ({@link RidgeFilter} with one solve per path point), not by its name.
     */
    private static Choice leaveOneOut(List<GridVariants.Variant> variants, TrainingData data, Okl okl, long start) {
        if (!variants.get(0).spec().inputs().isEmpty() || !variants.get(0).spec().targets().isEmpty()) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, "selection method 'loo' cannot refit the input and "
                    + "target transforms without each left-out row (its closed form uses one fit on all rows); use "
                    + "kfold");
        }
        List<Provenance.CurvePoint> curve = new ArrayList<>();
        GridVariants.Variant bestVariant = null;
        int bestIndex = -1;
        double bestError = Double.POSITIVE_INFINITY;
        for (GridVariants.Variant v : variants) {
            Components c = Components.create(v.spec(), data.inputs(), okl.context());
            if (!(c.filter() instanceof RidgeFilter ridge) || ridge.iterations() != 1) {
                throw new OklException(ErrorCode.INVALID_PIPELINE, "selection method 'loo' is exact only for a "
                        + "filter that is plain Tikhonov regularization at every path point (one ridge solve), not '"
                        + v.spec().filter().name() + "'; use kfold");
            }
            var embedding = c.output().fit(new OutputData(data.outputs(), data.unlabelledOutputs()), okl.context());
            double[] lambdas = new double[ridge.pathLength()];
            for (int j = 0; j < lambdas.length; j++) {
                lambdas[j] = ridge.lambda(j);
            }
            double[] errors;
            try {
                errors = TikhonovLeaveOneOut.of(FittedPath.problem(c, embedding, data, okl), lambdas).meanErrors();
            } catch (IllegalArgumentException e) {
                throw new OklException(ErrorCode.INVALID_PIPELINE, "selection method 'loo': " + e.getMessage()
                        + "; use kfold", e);
            }
            for (int j = 0; j < errors.length; j++) {
                curve.add(new Provenance.CurvePoint(v.values(), lambdas[j], errors[j]));
                if (errors[j] < bestError) {
                    bestError = errors[j];
                    bestVariant = v;
                    bestIndex = j;
                }
            }
        }
        if (bestVariant == null) {
            throw noFiniteError(variants.get(0).spec(), "leave-one-out squared error");
        }
        return new Choice(bestVariant, bestIndex, List.copyOf(curve), Optional.empty(),
                new Provenance.Search(curve.size(), data.size(), variants.size(), seconds(start)), "", Map.of());
    }
}
