package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoded;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.core.Okl;

/**
 * The multi-output evaluator against OKL's metrics computed on the same rows collected (every metric it offers), in
 * {@code CrossValidator} over OKL pipelines, and saved and loaded with Spark ML's persistence.
 */
class MultiOutputEvaluatorTest {
    private static final Okl OKL = Okl.builder().build();

    private static double okl(String metric, Matrix truth, Matrix predicted) {
        return OKL.create(Metric.class, ComponentSpec.of(metric)).evaluate(truth, Decoded.of(predicted));
    }

    /** Rows (truth vector, prediction vector) in 3 partitions; a NaN prediction in the last row (not scored). */
    private static Dataset<Row> rows(Matrix truth, Matrix predicted) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < truth.rows(); i++) {
            rows.add(RowFactory.create(Vectors.dense(truth.row(i)), Vectors.dense(predicted.row(i))));
        }
        double[] nan = new double[truth.cols()];
        java.util.Arrays.fill(nan, Double.NaN);
        rows.add(RowFactory.create(Vectors.dense(truth.row(0)), Vectors.dense(nan)));
        StructType schema = new StructType().add("label", SQLDataTypes.VectorType(), false)
                .add("prediction", SQLDataTypes.VectorType(), false);
        return LocalSpark.session().createDataFrame(new org.apache.spark.api.java.JavaSparkContext(
                LocalSpark.session().sparkContext()).parallelize(rows, 3), schema);
    }

    @Test
    void everyMetricIsOklsOnTheRowsCollected() {
        Random r = new Random(5);
        int n = 300;
        Matrix y = Matrix.zeros(n, 3);
        Matrix f = Matrix.zeros(n, 3);
        Matrix labels = Matrix.zeros(n, 4);
        Matrix guesses = Matrix.zeros(n, 4);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 3; j++) {
                y.set(i, j, r.nextGaussian() * (j + 1));
                f.set(i, j, y.get(i, j) + 0.3 * r.nextGaussian());
            }
            for (int j = 0; j < 4; j++) {
                labels.set(i, j, r.nextDouble() < 0.3 ? 1 : 0);
                guesses.set(i, j, r.nextDouble() < 0.8 ? labels.get(i, j) : 1 - labels.get(i, j));
            }
        }
        Dataset<Row> regression = rows(y, f);
        for (String metric : new String[] {"mse", "rmse", "arrmse"}) {
            double value = new MultiOutputEvaluator().setMetricName(metric).evaluate(regression);
            assertThat(value).as(metric).isCloseTo(okl(metric, y, f), org.assertj.core.data.Offset.offset(1e-12));
        }
        Dataset<Row> multiLabel = rows(labels, guesses);
        for (String metric : new String[] {"hamming-loss", "subset-accuracy", "f1-example", "f1-micro",
                "f1-macro"}) {
            MultiOutputEvaluator e = new MultiOutputEvaluator().setMetricName(metric);
            assertThat(e.evaluate(multiLabel)).as(metric).isCloseTo(okl(metric, labels, guesses),
                    org.assertj.core.data.Offset.offset(1e-12));
            assertThat(e.isLargerBetter()).as(metric).isEqualTo(!metric.equals("hamming-loss"));
        }
        assertThat(new MultiOutputEvaluator().isLargerBetter()).isFalse();
        assertThatThrownBy(() -> new MultiOutputEvaluator().setMetricName("hamming-loss").evaluate(regression))
                .isInstanceOf(OklException.class).hasMessageContaining("is not a label");
        assertThatThrownBy(() -> new MultiOutputEvaluator().setMetricName("mean-auc"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void crossValidatorTunesOklPipelinesOnVectorOutputsAndTheEvaluatorSavesAndLoads(@TempDir Path dir)
            throws java.io.IOException {
        SyntheticData d = SyntheticData.draw(900, 3, 2, 151);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 2).selectExpr("features", "array(y0, y1) as y");
        OklEstimator okl = new OklEstimator().setLabelCol("y");
        String[] pipelines = new String[2];
        for (int k = 0; k < 2; k++) {
            pipelines[k] = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": " + (k == 0 ? 0.05 : 2.0) + "},"
                    + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 60},"
                    + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-4]}}";
        }
        ParamMap[] grid = {new ParamMap().put(okl.pipeline(), pipelines[0]),
            new ParamMap().put(okl.pipeline(), pipelines[1])};
        // readme:begin spark-evaluator
        CrossValidatorModel tuned = new CrossValidator().setEstimator(okl).setEstimatorParamMaps(grid).setNumFolds(2)
                .setEvaluator(new MultiOutputEvaluator().setLabelCol("y").setMetricName("arrmse")).fit(data);
        // readme:end spark-evaluator
        double[] metrics = tuned.avgMetrics();
        assertThat(metrics).hasSize(2);
        assertThat(metrics[1]).as("sigma 2 beats sigma 0.05 on these smooth targets").isLessThan(metrics[0]);
        assertThat(((OklSparkModel) tuned.bestModel()).oklModel().spec().kernel().orElseThrow().parameters()
                .get("sigma")).isEqualTo(2.0);

        MultiOutputEvaluator evaluator = new MultiOutputEvaluator().setLabelCol("y").setMetricName("arrmse");
        String path = dir.resolve("evaluator").toString();
        evaluator.write().save(path);
        MultiOutputEvaluator loaded = MultiOutputEvaluator.load(path);
        assertThat(loaded.getOrDefault(loaded.metricName())).isEqualTo("arrmse");
        assertThat(loaded.getOrDefault(loaded.labelCol())).isEqualTo("y");
    }
}
