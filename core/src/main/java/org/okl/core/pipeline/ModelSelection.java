package org.okl.core.pipeline;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.decoder.Decoded;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.metric.Metric;
import org.okl.api.output.OutputData;
import org.okl.api.text.UserText;
import org.okl.core.Okl;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;
import org.okl.core.select.HoldOut;
import org.okl.core.select.KFold;
import org.okl.core.select.RepeatedSubsampling;
import org.okl.core.select.Split;
import org.okl.core.select.Splitter;
import org.okl.core.select.TikhonovLeaveOneOut;

/**
 * Chooses a pipeline's grid point and regularization-path point by validation: for every grid variant and every
 * split, the whole path is fitted once on the training part and every path point is decoded and scored on the
 * validation part.
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
     */
    record Choice(GridVariants.Variant variant, int pathIndex, List<Provenance.CurvePoint> curve) {
    }

    static Choice run(List<GridVariants.Variant> variants, TrainingData data, SelectionSpec selection, Okl okl) {
        if (selection.method() == SelectionSpec.Method.LOO) {
            return leaveOneOut(variants, data, okl);
        }
        Metric metric = okl.create(Metric.class, selection.metric());
        double sign = metric.higherIsBetter() ? -1 : 1;
        List<Split> splits = splitter(selection).splits(data.size());
        List<Provenance.CurvePoint> curve = new ArrayList<>();
        GridVariants.Variant bestVariant = null;
        int bestIndex = -1;
        double bestError = Double.POSITIVE_INFINITY;
        String task = "model selection (" + splits.size() + " splits x " + variants.size() + " grid points)";
        int steps = splits.size() * variants.size();
        int done = 0;
        for (GridVariants.Variant v : variants) {
            double[] error = null;
            double[] pathValues = null;
            for (Split split : splits) {
                okl.progress().progress(task, done++, steps);
                FittedPath fp = FittedPath.fit(v.spec(), data.subset(split.train()), okl);
                TrainingData validation = data.subset(split.validation());
                Decoded[] decoded = fp.decodeAll(validation.inputs(), validation.groups(), okl);
                if (error == null) {
                    error = new double[decoded.length];
                    pathValues = new double[decoded.length];
                    for (int j = 0; j < decoded.length; j++) {
                        pathValues[j] = fp.components().filter().pathValue(j);
                    }
                }
                for (int j = 0; j < decoded.length; j++) {
                    error[j] += sign * Evaluation.evaluate(metric, selection.metric().name(), validation.outputs(),
                            decoded[j]) / splits.size();
                }
            }
            okl.progress().progress(task, done, steps);
            for (int j = 0; j < error.length; j++) {
                curve.add(new Provenance.CurvePoint(v.values(), pathValues[j], error[j]));
                if (error[j] < bestError) {
                    bestError = error[j];
                    bestVariant = v;
                    bestIndex = j;
                }
            }
        }
        if (bestVariant == null) {
            throw noFiniteError(variants.get(0).spec(), selection.metric().toString());
        }
        return new Choice(bestVariant, bestIndex, List.copyOf(curve));
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
    private static Choice leaveOneOut(List<GridVariants.Variant> variants, TrainingData data, Okl okl) {
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
        return new Choice(bestVariant, bestIndex, List.copyOf(curve));
    }
}
