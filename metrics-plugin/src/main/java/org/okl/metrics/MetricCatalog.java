package org.okl.metrics;

import java.util.List;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.SimpleComponentFactory;
import org.okl.api.metric.Metric;

/** The factories of the plugin's metrics, with their ids and parameters. */
public final class MetricCatalog {

    private MetricCatalog() {
    }

    /** All metric factories. */
    public static List<ComponentFactory<Metric>> factories() {
        return List.of(
                simple("mse", "mean squared error over test points and outputs (lower is better)",
                        new MeanSquaredError(false)),
                simple("rmse", "root mean squared error (lower is better)", new MeanSquaredError(true)),
                simple("target-mse", "selection only: mean squared error of the regression in the output "
                        + "embedding's target space, before decoding (the loss the filter fits; lower is better)",
                        new TargetMse()),
                simple("arrmse", "average over outputs of the RMSE relative to predicting the test mean "
                        + "(multi-target regression; lower is better)", new AverageRelativeRmse()),
                simple("explained-variance", "1 - MSE / variance of the pooled test targets (multi-task; higher "
                        + "is better)", new ExplainedVariance()),
                SimpleComponentFactory.of("rbf-loss", Metric.class,
                        "2 - 2 exp(-||y - yh||^2 / (2 sigma^2)) averaged over test points (lower is better)",
                        List.of(ParameterSpec.positive("sigma", null, "width of the Gaussian output kernel")),
                        (p, c) -> new RbfLoss(p.getDouble("sigma"))),
                simple("angular-error", "mean angle in radians between (v,1)/||(v,1)|| of true and predicted "
                        + "vectors (vector fields; lower is better)", new AngularError()),
                simple("hamming-loss", "fraction of wrong labels (lower is better)", new HammingLoss()),
                simple("f1-example", "F1 of each test point's label set, averaged over points; empty vs empty "
                        + "= 1 (higher is better)", new F1Score(F1Score.Averaging.EXAMPLE)),
                simple("f1-micro", "F1 of the counts pooled over points and labels (higher is better)",
                        F1Score.counted(F1Score.Averaging.MICRO)),
                simple("f1-macro", "F1 of each label, averaged over labels (higher is better)",
                        F1Score.counted(F1Score.Averaging.MACRO)),
                simple("subset-accuracy", "fraction of test points whose whole output is right (higher is "
                        + "better)", new SubsetAccuracy()),
                simple("mean-auc", "mean over labels of the ROC AUC of the decoder's scores; single-class labels "
                        + "skipped (higher is better)", new MeanAuc()),
                SimpleComponentFactory.of("top-k-accuracy", Metric.class,
                        "fraction of test points whose true output is among the decoder's k best candidates "
                                + "(higher is better)",
                        List.of(ParameterSpec.integer("k", 1, 1, "how many of the best candidates count (the "
                                + "candidates decoder must keep at least k: its rank parameter)")),
                        (p, c) -> new TopKAccuracy(p.getInt("k"))),
                simple("per-character-accuracy", "fraction of non-padding sequence positions predicted right "
                        + "(codes >= 1, padding 0; higher is better)", new PerCharacterAccuracy()));
    }

    private static ComponentFactory<Metric> simple(String id, String description, Metric metric) {
        return SimpleComponentFactory.of(id, Metric.class, description, List.of(), (p, c) -> metric);
    }
}
