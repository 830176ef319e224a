package org.okl.bench;

import org.okl.api.data.Dataset;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;

/**
 * {@code kde_covariance}: fitting the covariance KDE of Kadri et al. (preset {@code kde-covariance}: Gaussian input
 * and output kernels, output covariance operator, one Tikhonov lambda) through the pipeline on the first n training
 * rows of {@code usps-halves} (n = 1000). Timed: {@code Pipeline.fit} (components, output Gram, the exact O(n^3)
 * solver: two eigendecompositions and the coefficient matrix).
 */
public final class KdeCovarianceWorkload implements Workload {

    @Override
    public String name() {
        return "kde_covariance";
    }

    @Override
    public String description() {
        return "Pipeline.fit of preset kde-covariance on usps-halves' first n training rows (exact solver)";
    }

    @Override
    public boolean scalesWithN() {
        return false;
    }

    @Override
    public int size(BenchEnvironment environment, int n) {
        return environment.structured().kdeTrain();
    }

    @Override
    public BenchTask prepare(BenchEnvironment environment, int n) {
        var okl = environment.okl();
        Dataset.Split train = Pipelines.load(okl, "usps-halves").train();
        int rows = Pipelines.rows("usps-halves' training split", train.size(), environment.structured().kdeTrain());
        TrainingData data = TrainingData.of(train.inputs().rowRange(0, rows), train.outputs().rowRange(0, rows));
        PipelineSpec spec = Pipelines.parse(okl, name(), "{\"preset\": \"kde-covariance\"}");
        return () -> okl.pipeline(spec).fit(data);
    }
}
