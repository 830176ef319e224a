package org.okl.spark.fit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.spark.Dependency;
import org.apache.spark.Partition;
import org.apache.spark.SparkContext;
import org.apache.spark.TaskContext;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.rdd.DeterministicLevel;
import org.apache.spark.rdd.RDD;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.spark.LocalSpark;
import org.okl.spark.OklEstimator;
import org.okl.spark.SyntheticData;
import org.okl.spark.data.ColumnLayout;
import org.okl.spark.data.Jobs;
import org.okl.spark.data.SourceOrder;

/**
 * Rows that stay put when Spark computes their partitions again from a source that is not determinate (a shuffle
 * upstream): the source here is an RDD whose partitions come back in another order (or with other values) every
 * time a stage computes them, as a shuffle's fetches do; the cached blocks are dropped between passes.
 */
class StableRowsTest {
    private static final String FALKON = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 30},"
            + " \"solver\": {\"name\": \"falkon\", \"tolerance\": 1e-12, \"iterations\": 30},"
            + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-4]},"
            + " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 5}}";

    @Test
    void theOrderSparkReportsDecidesHowTheBlocksAreKept() {
        SparkSession spark = LocalSpark.session();
        Dataset<Row> plain = SyntheticData.draw(40, 2, 1, 3).dataset(spark, 2);
        assertThat(SourceOrder.of(plain.javaRDD().rdd())).isEqualTo(SourceOrder.DETERMINATE);
        assertThat(SourceOrder.of(plain.repartition(3).javaRDD().rdd())).isEqualTo(SourceOrder.UNORDERED);
        assertThat(SourceOrder.of(plain.join(plain.hint("merge"), "y0").javaRDD().rdd()))
                .isEqualTo(SourceOrder.UNORDERED);
        assertThat(SourceOrder.of(plain.groupBy("y0").count().javaRDD().rdd())).isEqualTo(SourceOrder.UNORDERED);

        assertThat(SourceOrder.DETERMINATE.keeping(false)).isEqualTo(new SourceOrder.Keeping(false, false));
        assertThat(SourceOrder.DETERMINATE.keeping(true)).isEqualTo(new SourceOrder.Keeping(false, false));
        assertThat(SourceOrder.UNORDERED.keeping(false)).isEqualTo(new SourceOrder.Keeping(true, false));
        assertThat(SourceOrder.UNORDERED.keeping(true)).isEqualTo(new SourceOrder.Keeping(true, true));
        assertThat(SourceOrder.INDETERMINATE.keeping(true)).isEqualTo(new SourceOrder.Keeping(false, true));
        assertThatThrownBy(() -> SourceOrder.INDETERMINATE.keeping(false)).isInstanceOf(OklException.class)
                .hasMessageContaining("setCheckpointDir");
    }

    /** The sample and the checksum after the cached blocks are dropped are those before. */
    @Test
    void rowsOfAnUnorderedSourceStayPutWhenTheirBlocksAreComputedAgain() {
        SparkSession spark = LocalSpark.session();
        Dataset<Row> data = moving(spark, SyntheticData.draw(3000, 3, 2, 7), 3, false);
        try (SparkRows rows = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("features"), "inputs"),
                Optional.of(ColumnLayout.of(data.schema(), List.of("y0", "y1"), "outputs")),
                new SparkRows.Settings(256, 0, 2))) {
            Matrix before = rows.uniformSample(40, 11);
            String checksum = rows.checksum();
            rows.blocks().unpersist(true);
            assertThat(rows.uniformSample(40, 11).maxAbsDifference(before)).isZero();
            assertThat(rows.checksum()).isEqualTo(checksum);
        }
    }

    /**
     * A Falkon fit (dozens of passes) whose cached blocks are dropped at every pass equals the undisturbed fit; the
     * rows of each partition came back in another order every time they were computed.
     */
    @Test
    void aFalkonFitWhoseBlocksAreDroppedAtEveryPassIsTheUndisturbedFit() {
        SparkSession spark = LocalSpark.session();
        SyntheticData d = SyntheticData.draw(2400, 3, 2, 9);
        Dataset<Row> data = moving(spark, d, 3, false);
        OklEstimator estimator = new OklEstimator().setPipeline(FALKON).setFeaturesCol("features")
                .setOutputCols(d.outputColumns().toArray(new String[0]));
        Matrix test = SyntheticData.draw(50, 3, 2, 10).x();
        Matrix undisturbed = estimator.fit(data).oklModel().predict(test).outputs();
        Dropper dropper = new Dropper(spark.sparkContext());
        spark.sparkContext().addSparkListener(dropper);
        Matrix disturbed;
        try {
            disturbed = estimator.fit(data).oklModel().predict(test).outputs();
        } finally {
            spark.sparkContext().removeSparkListener(dropper);
        }
        assertThat(dropper.dropped).as("cached blocks dropped during the passes").isPositive();
        assertThat(disturbed.maxAbsDifference(undisturbed) / undisturbed.frobeniusNorm()).isLessThan(1e-12);
    }

    /** An indeterminate source (other values each time) is checkpointed once read when a directory is set. */
    @Test
    void rowsOfAnIndeterminateSourceAreCheckpointed() throws Exception {
        SparkSession spark = LocalSpark.session();
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("okl-checkpoints");
        Dataset<Row> data = moving(spark, SyntheticData.draw(2000, 3, 1, 8), 2, true);
        SparkContext sc = spark.sparkContext();
        if (sc.getCheckpointDir().isEmpty()) {
            sc.setCheckpointDir(dir.toString());
        }
        try (SparkRows rows = SparkRows.of(data, ColumnLayout.of(data.schema(), List.of("features"), "inputs"),
                Optional.of(ColumnLayout.of(data.schema(), List.of("y0"), "outputs")),
                new SparkRows.Settings(256, 0, 2))) {
            assertThat(rows.summary(true).passes().stream().map(FitSummary.Pass::name))
                    .contains("keeping the rows (checkpointed)");
            assertThat(rows.blocks().rdd().isCheckpointed()).isTrue();
            String checksum = rows.checksum();
            Matrix before = rows.uniformSample(30, 4);
            rows.blocks().unpersist(true);
            assertThat(rows.uniformSample(30, 4).maxAbsDifference(before)).isZero();
            assertThat(rows.checksum()).isEqualTo(checksum);
        }
    }

    /**
     * The rows as a data set whose partitions Spark computes again in another order (the stage's id seeds a shuffle
     * of each partition's rows), as Spark says of a shuffle's output (UNORDERED); with {@code otherValues}, the
     * outputs change as well (INDETERMINATE).
     */
    static Dataset<Row> moving(SparkSession spark, SyntheticData d, int partitions, boolean otherValues) {
        Dataset<Row> plain = d.dataset(spark, partitions);
        List<List<Row>> parts = new ArrayList<>();
        int n = d.x().rows();
        for (int k = 0; k < partitions; k++) {
            List<Row> part = new ArrayList<>();
            for (int i = (int) ((long) n * k / partitions); i < (long) n * (k + 1) / partitions; i++) {
                Object[] fields = new Object[1 + d.y().cols()];
                fields[0] = Vectors.dense(d.x().row(i));
                for (int j = 0; j < d.y().cols(); j++) {
                    fields[1 + j] = d.y().get(i, j);
                }
                part.add(RowFactory.create(fields));
            }
            parts.add(part);
        }
        return spark.createDataFrame(new MovingRows(spark.sparkContext(), parts, otherValues).toJavaRDD(),
                plain.schema());
    }

    /** Partitions whose rows come back shuffled (and, if asked, changed) every time a stage computes them. */
    static final class MovingRows extends RDD<Row> {
        private static final long serialVersionUID = 1L;
        private final ArrayList<ArrayList<Row>> parts = new ArrayList<>();
        private final boolean otherValues;

        @SuppressWarnings("unchecked")
        MovingRows(SparkContext sc, List<List<Row>> parts, boolean otherValues) {
            super(sc, (scala.collection.immutable.Seq<Dependency<?>>) (Object) scala.collection.immutable.Nil$.MODULE$,
                    scala.reflect.ClassTag$.MODULE$.apply(Row.class));
            parts.forEach(p -> this.parts.add(new ArrayList<>(p)));
            this.otherValues = otherValues;
        }

        @Override
        public scala.collection.Iterator<Row> compute(Partition split, TaskContext context) {
            List<Row> rows = new ArrayList<>(parts.get(split.index()));
            Collections.shuffle(rows, new Random(context.stageId()));
            if (otherValues) {
                rows.replaceAll(r -> RowFactory.create(r.get(0), r.getDouble(1) + 1e-3 * context.stageId()));
            }
            java.util.Iterator<Row> it = rows.iterator();
            // a Scala iterator written out (scala.jdk.javaapi is Scala 2.13 only; this compiles on 2.12 too)
            return new scala.collection.AbstractIterator<Row>() {
                @Override
                public boolean hasNext() {
                    return it.hasNext();
                }

                @Override
                public Row next() {
                    return it.next();
                }
            };
        }

        @Override
        public Partition[] getPartitions() {
            Partition[] out = new Partition[parts.size()];
            for (int k = 0; k < out.length; k++) {
                out[k] = new Slice(k);
            }
            return out;
        }

        @Override
        public scala.Enumeration.Value getOutputDeterministicLevel() {
            return otherValues ? DeterministicLevel.INDETERMINATE() : DeterministicLevel.UNORDERED();
        }
    }

    /** A partition of {@link MovingRows}. */
    private record Slice(int index) implements Partition {
    }

    /** Drops every cached RDD when a pass after the reading starts. */
    private static final class Dropper extends SparkListener {
        private final SparkContext sc;
        private volatile int dropped;

        Dropper(SparkContext sc) {
            this.sc = sc;
        }

        @Override
        public void onJobStart(SparkListenerJobStart job) {
            String description = job.properties() == null ? null : job.properties().getProperty(Jobs.DESCRIPTION);
            if (description != null && description.startsWith("okl: falkon")) {
                for (scala.collection.Iterator<org.apache.spark.rdd.RDD<?>> it = sc.getPersistentRDDs().values()
                        .iterator(); it.hasNext(); ) {
                    it.next().unpersist(false);
                }
                dropped++;
            }
        }
    }
}
