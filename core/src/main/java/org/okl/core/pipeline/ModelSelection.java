package org.okl.core.pipeline;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.decoder.Decoded;
import org.okl.api.metric.Metric;
import org.okl.core.Okl;

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
        Metric metric = okl.create(Metric.class, selection.metric());
        double sign = metric.higherIsBetter() ? -1 : 1;
        List<int[][]> splits = splits(selection, data.size());
        List<Provenance.CurvePoint> curve = new ArrayList<>();
        GridVariants.Variant bestVariant = null;
        int bestIndex = -1;
        double bestError = Double.POSITIVE_INFINITY;
        for (GridVariants.Variant v : variants) {
            double[] error = null;
            double[] pathValues = null;
            for (int[][] split : splits) {
                FittedPath fp = FittedPath.fit(v.spec(), data.subset(split[0]), okl);
                TrainingData validation = data.subset(split[1]);
                Decoded[] decoded = fp.decodeAll(validation.inputs(), validation.groups(), okl);
                if (error == null) {
                    error = new double[decoded.length];
                    pathValues = new double[decoded.length];
                    for (int j = 0; j < decoded.length; j++) {
                        pathValues[j] = fp.components().filter().pathValue(j);
                    }
                }
                for (int j = 0; j < decoded.length; j++) {
                    error[j] += sign * metric.evaluate(validation.outputs(), decoded[j]) / splits.size();
                }
            }
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
            throw new IllegalStateException("every validation error is NaN; check the metric and the data");
        }
        return new Choice(bestVariant, bestIndex, List.copyOf(curve));
    }

    private static List<int[][]> splits(SelectionSpec s, int n) {
        return switch (s.method()) {
            case "kfold" -> Folds.kFold(n, s.folds(), s.seed());
            case "holdout" -> List.<int[][]>of(Folds.holdOut(n, s.fraction(), s.seed()));
            case "subsampling" -> Folds.repeatedSubsampling(n, s.repetitions(), s.fraction(), s.seed());
            default -> throw new IllegalArgumentException("selection method '" + s.method() + "' has no splits");
        };
    }
}
