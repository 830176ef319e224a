package org.okl.spark.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.OklException;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.MatrixRows;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.transform.ColumnSchema;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.transform.FittedTransforms;
import org.okl.core.transform.TransformChain;
import org.okl.spark.LocalSpark;
import org.okl.spark.OklEstimator;
import org.okl.spark.OklSparkModel;
import org.okl.spark.SyntheticData;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Jobs;
import org.okl.spark.exec.SketchRecipe;

/**
 * Every pass whose results reach the driver goes through one guard ({@link DriverResults}): with
 * {@code spark.driver.maxResultSize} below what it would bring, each is refused by OKL before its job starts (not
 * aborted by Spark after the tasks ran); and the results are merged by a tree, so with 16 partitions the driver
 * receives 4 results per pass, not 16. The tests change the shared context's live configuration (which Spark reads
 * when a job starts) and put it back.
 */
class DriverBoundPassesTest {
    private static final Okl OKL = Okl.builder().build();

    @Test
    void everyDriverBoundPassRefusesResultsAboveMaxResultSizeBeforeItsJob() {
        SyntheticData d = SyntheticData.draw(2000, 40, 2, 7);
        ComponentSpec sketchSpec = ComponentSpec.of("nystrom", "rank", 120);
        PipelineSpec spec = OKL.defaults().complete(PipelineSpec.builder().kernel(ComponentSpec.of("gaussian",
                "sigma", 6.0)).filter(ComponentSpec.of("tikhonov", "lambda", 1e-3)).approximation(sketchSpec).build());
        PipelineSpec standardized = OKL.defaults().complete(PipelineSpec.builder().inputs(List.of(ComponentSpec.of(
                "standardize"))).kernel(spec.kernel().orElseThrow()).filter(spec.filter()).approximation(sketchSpec)
                .build());
        VectorKernel kernel = OKL.create(VectorKernel.class, spec.kernel().orElseThrow());
        KernelSketch sketch = OKL.create(KernelSketch.class, sketchSpec);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 3);
        SparkContext sc = LocalSpark.session().sparkContext();
        try (SparkRows rows = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("features"), "inputs"),
                Optional.of(ColumnLayout.of(data.schema(), d.outputColumns(), "outputs")),
                new SparkRows.Settings(700, 0, 2))) {
            SketchFeatures drawn = sketch.draw(kernel, rows, OKL.context());
            SketchRecipe recipe = new SketchRecipe(spec, FittedTransforms.none(), drawn);
            FoldScheme scheme = FoldScheme.kFold(3, 5);
            Listener jobs = Listener.attach(sc);
            try {
                withConf(sc, "spark.driver.maxResultSize", "1k", () -> {
                    refused(() -> DistributedSketch.reservoir(JavaSparkContext.fromSparkContext(sc), 2000, 500, 3),
                            "the reservoir choices of 500 slots take 4 KiB");
                    refused(() -> rows.rowsAt(java.util.stream.LongStream.range(0, 100).toArray()),
                            "the 100 sampled rows (40 inputs) take 32 KiB");
                    refused(() -> DistributedSketch.featureGram(rows, recipe, 120, 300),
                            "the 120 x 120 Gram of the leverage scores' features take 56 KiB");
                    refused(() -> DistributedSketch.scoreSample(rows, recipe, Matrix.zeros(120, 5), 500, 3),
                            "the keys of 500 scored rows take 8 KiB");
                    refused(() -> TransformStatisticsPass.run(rows, standardized, true, 0, TransformChain.empty(),
                            ColumnSchema.unnamed(40)), "the input transform statistics of stage 1 (40 columns) take");
                    refused(() -> DistributedSums.run(rows, recipe, scheme, 2, 120, 300, 2),
                            "the sums of 3 groups over m = 120 features and d = 2 targets take");
                    try (SparkFalkonPasses falkon = new SparkFalkonPasses(rows, recipe, scheme, 2, 120, 300,
                            new StreamTimings())) {
                        refused(falkon::cross, "the 3 groups' m x d sums (m = 120) take 6 KiB");
                    }
                });
            } finally {
                jobs.close();
            }
            assertThat(jobs.jobs.get()).as("every pass refused before its job").isZero();
        }
    }

    /**
     * A Falkon fit over leverage-score landmarks with input and target transforms, on 16 partitions (the context's
     * parallelism raised to 16 so that they are not coalesced): every pass that returns results gives the driver 4
     * (Spark's tree at depth 2: scale 4), the transforms' statistics in row order, and the model is the one-machine
     * model.
     */
    @Test
    void theDriverReceivesFourResultsPerPassFromSixteenPartitions() {
        String pipeline = "{\"inputs\": [{\"name\": \"standardize\"}], \"targets\": [{\"name\": \"standardize\"}],"
                + " \"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.5},"
                + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 40, \"sampling\": \"leverage\"},"
                + " \"solver\": {\"name\": \"falkon\", \"tolerance\": 1e-10, \"iterations\": 60},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-3]},"
                + " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 5}}";
        SyntheticData raw = SyntheticData.draw(1600, 3, 2, 141);
        Matrix x = raw.x().copy();
        for (int i = 0; i < x.rows(); i++) {
            x.set(i, 1, 500 + 40 * x.get(i, 1));
        }
        SyntheticData d = new SyntheticData(x, raw.y());
        SparkContext sc = LocalSpark.session().sparkContext();
        Listener results = Listener.attach(sc);
        OklSparkModel[] spark = new OklSparkModel[1];
        try {
            withConf(sc, "spark.default.parallelism", "16", () -> spark[0] = new OklEstimator()
                    .setPipeline(pipeline).setFeaturesCol("features")
                    .setOutputCols(d.outputColumns().toArray(new String[0])).fit(d.dataset(LocalSpark.session(), 16)));
            results.drain(sc);
        } finally {
            results.close();
        }
        for (String pass : List.of("input transform statistics", "target transform statistics", "leverage Gram",
                "leverage scores", SparkFalkonPasses.CROSS, SparkFalkonPasses.APPLY, SparkFalkonPasses.VALIDATE)) {
            List<Integer> perJob = results.resultTasks("okl: " + pass);
            assertThat(perJob).as(pass).isNotEmpty();
            assertThat(perJob).as(pass + ": results the driver received per job from 16 partitions")
                    .allMatch(n -> n == 4);
        }
        Model local = OKL.pipeline(PipelineFiles.parse(pipeline, "test", OKL.registry()))
                .fit(new MatrixRows(d.x(), d.y())).model();
        Matrix test = x.rowRange(0, 100);
        Matrix expected = local.predict(test).outputs();
        assertThat(spark[0].oklModel().predict(test).outputs().maxAbsDifference(expected)
                / expected.frobeniusNorm()).isLessThan(1e-8);
    }

    private static void refused(Runnable pass, String what) {
        assertThatThrownBy(pass::run).isInstanceOf(OklException.class).hasMessageContaining(what)
                .hasMessageContaining("more than spark.driver.maxResultSize (1 KiB): raise it (--conf "
                        + "spark.driver.maxResultSize=");
    }

    /** Runs with a setting of the context's live configuration changed, then puts it back. */
    static void withConf(SparkContext sc, String key, String value, Runnable action) {
        SparkConf conf = sc.conf();
        Optional<String> previous = conf.contains(key) ? Optional.of(conf.get(key)) : Optional.empty();
        conf.set(key, value);
        try {
            action.run();
        } finally {
            if (previous.isPresent()) {
                conf.set(key, previous.get());
            } else {
                conf.remove(key);
            }
        }
    }

    /** Counts the jobs started and, per job description, the result tasks of each job that ended well. */
    static final class Listener extends SparkListener implements AutoCloseable {
        private final SparkContext sc;
        final AtomicInteger jobs = new AtomicInteger();
        private final Map<String, List<AtomicInteger>> byDescription = new ConcurrentHashMap<>();
        private final Map<Integer, AtomicInteger> byStage = new ConcurrentHashMap<>();

        private Listener(SparkContext sc) {
            this.sc = sc;
        }

        static Listener attach(SparkContext sc) {
            Listener l = new Listener(sc);
            sc.addSparkListener(l);
            return l;
        }

        @Override
        public void onJobStart(SparkListenerJobStart job) {
            jobs.incrementAndGet();
            String description = job.properties() == null ? null : job.properties().getProperty(Jobs.DESCRIPTION);
            if (description == null) {
                return;
            }
            AtomicInteger results = new AtomicInteger();
            byDescription.computeIfAbsent(description, k -> new java.util.concurrent.CopyOnWriteArrayList<>())
                    .add(results);
            Jobs.stageIds(job).forEach(s -> byStage.put(s, results));
        }

        @Override
        public void onTaskEnd(SparkListenerTaskEnd task) {
            AtomicInteger results = byStage.get(task.stageId());
            if (results != null && "ResultTask".equals(task.taskType()) && task.taskInfo().successful()) {
                results.incrementAndGet();
            }
        }

        /** Waits until the listener has seen every event posted so far. */
        void drain(SparkContext context) {
            try {
                context.listenerBus().waitUntilEmpty(30_000L);
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError(e);
            }
        }

        /** Per job with this description, the result tasks that ended well. */
        List<Integer> resultTasks(String description) {
            return byDescription.getOrDefault(description, List.of()).stream().map(AtomicInteger::get).toList();
        }

        @Override
        public void close() {
            sc.removeSparkListener(this);
        }
    }
}
