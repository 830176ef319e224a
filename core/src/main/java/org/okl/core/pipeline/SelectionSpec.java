package org.okl.core.pipeline;

import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentSpec;

/**
 * How a pipeline chooses its regularization-path point and kernel parameters: the {@code "selection"} member of a
 * pipeline file, for example
 * {@code {"method": "kfold", "folds": 5, "metric": "mse", "grid": {"kernel.sigma": [1, 2, 4]}}}.
 *
 * @param method      {@code kfold}, {@code holdout}, {@code subsampling} (repeated random sub-sampling) or
 *                    {@code loo} (closed-form leave-one-out along a Tikhonov path)
 * @param folds       folds of k-fold
 * @param fraction    validation fraction of hold-out and sub-sampling
 * @param repetitions repetitions of sub-sampling
 * @param metric      the validation metric (lower-is-better metrics are minimised, the others maximised), or
 *                    {@code null} for the default the plugins declare
 * @param grid        values to try per parameter path, such as {@code kernel.sigma} or
 *                    {@code operator.matrix.omega}; the regularization path is computed inside each grid point
 * @param seed        the seed of the random splits
 */
public record SelectionSpec(String method, int folds, double fraction, int repetitions, ComponentSpec metric,
        Map<String, List<Object>> grid, long seed) {

    /** The methods a pipeline file may name. */
    public static final List<String> METHODS = List.of("kfold", "holdout", "subsampling", "loo");

    /**
     * The selection used when a pipeline has a path of several points and no {@code selection} member, and the
     * values a {@code selection} member leaves out: 5-fold, hold-out fraction 0.2, 5 repetitions, seed 0, the default
     * metric ({@link PipelineDefaults#complete(SelectionSpec)} names it).
     */
    public static SelectionSpec defaults() {
        return new SelectionSpec("kfold", 5, 0.2, 5, null, Map.of(), 0L);
    }

    /** A copy with another metric. */
    public SelectionSpec withMetric(ComponentSpec newMetric) {
        return new SelectionSpec(method, folds, fraction, repetitions, newMetric, grid, seed);
    }
}
