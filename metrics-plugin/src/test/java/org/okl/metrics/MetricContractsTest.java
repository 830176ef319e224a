package org.okl.metrics;

import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.okl.api.decoder.Decoded;
import org.okl.api.decoder.Ranking;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.testkit.MetricContract;
import org.okl.testkit.TestContext;

/** Every built-in metric against the shared {@link MetricContract}, on the kind of outputs it scores. */
class MetricContractsTest {

    private static Metric create(org.okl.api.component.TypedSpec<Metric> spec) {
        return TestContext.active().create(Metric.class, spec.spec());
    }

    /** 0/1 label sets, every label present and absent somewhere. */
    private static Matrix labels(Random random) {
        Matrix y = Matrix.zeros(40, 4);
        for (int i = 0; i < 40; i++) {
            for (int j = 0; j < 4; j++) {
                y.set(i, j, (i + j) % 3 == 0 || random.nextDouble() < 0.3 ? 1 : 0);
            }
        }
        return y;
    }

    /** The labels with about one in five flipped. */
    private static Matrix flipped(Matrix y, Random random) {
        Matrix p = y.copy();
        double[] d = p.data();
        for (int i = 0; i < d.length; i++) {
            if (random.nextDouble() < 0.2) {
                d[i] = 1 - d[i];
            }
        }
        return p;
    }

    abstract static class LabelMetric extends MetricContract {
        @Override
        protected Matrix truth(Random random) {
            return labels(random);
        }

        @Override
        protected Matrix perturbed(Matrix truth, Random random) {
            return flipped(truth, random);
        }
    }

    @Nested
    class Mse extends MetricContract {
        @Override
        protected Metric metric() {
            return create(Metrics.mse());
        }
    }

    @Nested
    class TargetMse extends MetricContract {
        @Override
        protected Metric metric() {
            return create(Metrics.targetMse());
        }
    }

    @Nested
    class Rmse extends MetricContract {
        @Override
        protected Metric metric() {
            return create(Metrics.rmse());
        }
    }

    @Nested
    class Arrmse extends MetricContract {
        @Override
        protected Metric metric() {
            return create(Metrics.arrmse());
        }
    }

    @Nested
    class ExplainedVariance extends MetricContract {
        @Override
        protected Metric metric() {
            return create(Metrics.explainedVariance());
        }
    }

    @Nested
    class RbfLoss extends MetricContract {
        @Override
        protected Metric metric() {
            return create(Metrics.rbfLoss(2.0));
        }
    }

    @Nested
    class AngularError extends MetricContract {
        @Override
        protected Metric metric() {
            return create(Metrics.angularError());
        }

        @Override
        protected Matrix truth(Random random) {
            return org.okl.testkit.TestMatrices.random(40, 2, random.nextLong());
        }
    }

    @Nested
    class HammingLoss extends LabelMetric {
        @Override
        protected Metric metric() {
            return create(Metrics.hammingLoss());
        }
    }

    @Nested
    class F1Example extends LabelMetric {
        @Override
        protected Metric metric() {
            return create(Metrics.f1Example());
        }
    }

    @Nested
    class F1Micro extends LabelMetric {
        @Override
        protected Metric metric() {
            return create(Metrics.f1Micro());
        }
    }

    @Nested
    class F1Macro extends LabelMetric {
        @Override
        protected Metric metric() {
            return create(Metrics.f1Macro());
        }
    }

    @Nested
    class SubsetAccuracy extends LabelMetric {
        @Override
        protected Metric metric() {
            return create(Metrics.subsetAccuracy());
        }
    }

    @Nested
    class MeanAuc extends LabelMetric {
        @Override
        protected Metric metric() {
            return create(Metrics.meanAuc());
        }

        /** The labels as scores, decoded at 0.5. */
        @Override
        protected Decoded decoded(Matrix predicted, Matrix truth) {
            return new Decoded(predicted, Optional.of(predicted), Optional.empty());
        }
    }

    @Nested
    class TopKAccuracy extends MetricContract {
        @Override
        protected Metric metric() {
            return create(Metrics.topKAccuracy(2));
        }

        @Override
        protected Matrix truth(Random random) {
            return labels(random);
        }

        @Override
        protected Matrix perturbed(Matrix truth, Random random) {
            return flipped(truth, random);
        }

        /**
         * Candidates are the true outputs; each prediction ranks them by squared distance, ties by content, so the
         * ranking depends on the rows' contents only, not their order.
         */
        @Override
        protected Decoded decoded(Matrix predicted, Matrix truth) {
            int t = predicted.rows();
            int[][] indices = new int[t][];
            for (int i = 0; i < t; i++) {
                double[] p = predicted.row(i);
                indices[i] = java.util.stream.IntStream.range(0, truth.rows()).boxed()
                        .sorted(java.util.Comparator.comparingDouble((Integer c) -> distance(p, truth.row(c)))
                                .thenComparing(c -> truth.row(c), java.util.Arrays::compare))
                        .limit(2).mapToInt(Integer::intValue).toArray();
            }
            return new Decoded(predicted, Optional.empty(), Optional.of(new Ranking(indices, truth)));
        }

        private static double distance(double[] a, double[] b) {
            double d = 0;
            for (int j = 0; j < a.length; j++) {
                d += (a[j] - b[j]) * (a[j] - b[j]);
            }
            return d;
        }
    }

    @Nested
    class PerCharacterAccuracy extends MetricContract {
        @Override
        protected Metric metric() {
            return create(Metrics.perCharacterAccuracy());
        }

        /** Codes 1 to 5 with some padding zeros at the ends. */
        @Override
        protected Matrix truth(Random random) {
            Matrix y = Matrix.zeros(40, 6);
            for (int i = 0; i < 40; i++) {
                int length = 3 + random.nextInt(4);
                for (int j = 0; j < length; j++) {
                    y.set(i, j, 1 + random.nextInt(5));
                }
            }
            return y;
        }

        @Override
        protected Matrix perturbed(Matrix truth, Random random) {
            Matrix p = truth.copy();
            for (int i = 0; i < p.rows(); i++) {
                if (p.get(i, 0) > 0 && random.nextDouble() < 0.5) {
                    p.set(i, 0, 1 + (int) p.get(i, 0) % 5);
                }
            }
            return p;
        }
    }
}
