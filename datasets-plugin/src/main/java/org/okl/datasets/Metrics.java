package org.okl.datasets;

import org.okl.api.component.ComponentSpec;

/**
 * Typed specs of the metrics this plugin provides, for model selection ({@code SelectionSpec...metric(...)}) and
 * evaluation in code: each method returns the {@link ComponentSpec} a pipeline file or {@code --metrics} would
 * name.
 */
public final class Metrics {
    private Metrics() {
    }

    /** {@code mse}: mean squared error over test points and outputs (lower is better). */
    public static ComponentSpec mse() {
        return ComponentSpec.of("mse");
    }

    /** {@code rmse}: root mean squared error (lower is better). */
    public static ComponentSpec rmse() {
        return ComponentSpec.of("rmse");
    }

    /** {@code arrmse}: the average relative RMSE over outputs (multi-target regression; lower is better). */
    public static ComponentSpec arrmse() {
        return ComponentSpec.of("arrmse");
    }

    /** {@code rbf-loss}: 2 - 2 exp(-||y - yh||^2 / (2 sigma^2)) averaged over test points (lower is better). */
    public static ComponentSpec rbfLoss(double sigma) {
        return ComponentSpec.of("rbf-loss").with("sigma", sigma);
    }

    /** {@code explained-variance}: 1 - MSE / variance of the pooled test targets (higher is better). */
    public static ComponentSpec explainedVariance() {
        return ComponentSpec.of("explained-variance");
    }

    /** {@code angular-error}: the mean angle between true and predicted vectors (lower is better). */
    public static ComponentSpec angularError() {
        return ComponentSpec.of("angular-error");
    }

    /** {@code f1-example}: F1 of each point's label set, averaged over points (higher is better). */
    public static ComponentSpec f1Example() {
        return ComponentSpec.of("f1-example");
    }

    /** {@code f1-macro}: F1 of each label, averaged over labels (higher is better). */
    public static ComponentSpec f1Macro() {
        return ComponentSpec.of("f1-macro");
    }

    /** {@code f1-micro}: F1 of the counts pooled over points and labels (higher is better). */
    public static ComponentSpec f1Micro() {
        return ComponentSpec.of("f1-micro");
    }

    /** {@code hamming-loss}: the fraction of wrong labels (lower is better). */
    public static ComponentSpec hammingLoss() {
        return ComponentSpec.of("hamming-loss");
    }

    /** {@code mean-auc}: the mean over labels of the ROC AUC of the decoder's scores (higher is better). */
    public static ComponentSpec meanAuc() {
        return ComponentSpec.of("mean-auc");
    }

    /** {@code subset-accuracy}: the fraction of points whose whole output is right (higher is better). */
    public static ComponentSpec subsetAccuracy() {
        return ComponentSpec.of("subset-accuracy");
    }

    /** {@code per-character-accuracy}: the fraction of non-padding positions right (higher is better). */
    public static ComponentSpec perCharacterAccuracy() {
        return ComponentSpec.of("per-character-accuracy");
    }

    /** {@code top-k-accuracy}: the fraction of points whose true output is among the k best candidates. */
    public static ComponentSpec topKAccuracy(int k) {
        return ComponentSpec.of("top-k-accuracy").with("k", k);
    }
}
