package org.okl.metrics;

import org.okl.api.component.TypedSpec;
import org.okl.api.metric.Metric;

/**
 * Typed specs of the metrics this plugin provides, for model selection ({@code SelectionSpec...metric(...)}) and
 * evaluation in code: each method returns the {@link TypedSpec} a pipeline file or {@code --metrics} would
 * name.
 */
public final class Metrics {
    private Metrics() {
    }

    /** {@code mse}: mean squared error over test points and outputs (lower is better). */
    public static TypedSpec<Metric> mse() {
        return TypedSpec.of(Metric.class, "mse");
    }

    /**
     * {@code target-mse}: a selection metric, the mean squared error of the regression in the output embedding's
     * target space, before decoding (lower is better).
     */
    public static TypedSpec<Metric> targetMse() {
        return TypedSpec.of(Metric.class, "target-mse");
    }

    /** {@code rmse}: root mean squared error (lower is better). */
    public static TypedSpec<Metric> rmse() {
        return TypedSpec.of(Metric.class, "rmse");
    }

    /** {@code arrmse}: the average relative RMSE over outputs (multi-target regression; lower is better). */
    public static TypedSpec<Metric> arrmse() {
        return TypedSpec.of(Metric.class, "arrmse");
    }

    /** {@code rbf-loss}: 2 - 2 exp(-||y - yh||^2 / (2 sigma^2)) averaged over test points (lower is better). */
    public static TypedSpec<Metric> rbfLoss(double sigma) {
        return TypedSpec.of(Metric.class, "rbf-loss").with("sigma", sigma);
    }

    /** {@code explained-variance}: 1 - MSE / variance of the pooled test targets (higher is better). */
    public static TypedSpec<Metric> explainedVariance() {
        return TypedSpec.of(Metric.class, "explained-variance");
    }

    /** {@code angular-error}: the mean angle between true and predicted vectors (lower is better). */
    public static TypedSpec<Metric> angularError() {
        return TypedSpec.of(Metric.class, "angular-error");
    }

    /** {@code f1-example}: F1 of each point's label set, averaged over points (higher is better). */
    public static TypedSpec<Metric> f1Example() {
        return TypedSpec.of(Metric.class, "f1-example");
    }

    /** {@code f1-macro}: F1 of each label, averaged over labels (higher is better). */
    public static TypedSpec<Metric> f1Macro() {
        return TypedSpec.of(Metric.class, "f1-macro");
    }

    /** {@code f1-micro}: F1 of the counts pooled over points and labels (higher is better). */
    public static TypedSpec<Metric> f1Micro() {
        return TypedSpec.of(Metric.class, "f1-micro");
    }

    /** {@code hamming-loss}: the fraction of wrong labels (lower is better). */
    public static TypedSpec<Metric> hammingLoss() {
        return TypedSpec.of(Metric.class, "hamming-loss");
    }

    /** {@code mean-auc}: the mean over labels of the ROC AUC of the decoder's scores (higher is better). */
    public static TypedSpec<Metric> meanAuc() {
        return TypedSpec.of(Metric.class, "mean-auc");
    }

    /** {@code subset-accuracy}: the fraction of points whose whole output is right (higher is better). */
    public static TypedSpec<Metric> subsetAccuracy() {
        return TypedSpec.of(Metric.class, "subset-accuracy");
    }

    /** {@code per-character-accuracy}: the fraction of non-padding positions right (higher is better). */
    public static TypedSpec<Metric> perCharacterAccuracy() {
        return TypedSpec.of(Metric.class, "per-character-accuracy");
    }

    /** {@code top-k-accuracy}: the fraction of points whose true output is among the k best candidates. */
    public static TypedSpec<Metric> topKAccuracy(int k) {
        return TypedSpec.of(Metric.class, "top-k-accuracy").with("k", k);
    }
}
