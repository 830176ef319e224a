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
 * {@code CrossValidator} over OKL pipelines, and saved and loaded with Spark ML's persistence; weighted metrics
 * against a computation by hand and against the rows repeated as many times as their integer weights.
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

    /** Rows (truth vector, prediction vector, weight) in 3 partitions. */
    private static Dataset<Row> weighted(Matrix truth, Matrix predicted, Double[] weights) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < truth.rows(); i++) {
            rows.add(RowFactory.create(Vectors.dense(truth.row(i)), Vectors.dense(predicted.row(i)), weights[i]));
        }
        StructType schema = new StructType().add("label", SQLDataTypes.VectorType(), false)
                .add("prediction", SQLDataTypes.VectorType(), false)
                .add("w", org.apache.spark.sql.types.DataTypes.DoubleType, true);
        return LocalSpark.session().createDataFrame(new org.apache.spark.api.java.JavaSparkContext(
                LocalSpark.session().sparkContext()).parallelize(rows, 3), schema);
    }

    /** The rows of a matrix, row i repeated {@code times[i]} times. */
    private static Matrix repeat(Matrix m, int[] times) {
        Matrix out = Matrix.zeros(java.util.Arrays.stream(times).sum(), m.cols());
        int r = 0;
        for (int i = 0; i < m.rows(); i++) {
            for (int k = 0; k < times[i]; k++, r++) {
                for (int j = 0; j < m.cols(); j++) {
                    out.set(r, j, m.get(i, j));
                }
            }
        }
        return out;
    }

    @Test
    void weightsScoreARowAsThatManyCopiesAndMatchTheWeightedSumsByHand() {
        Random r = new Random(7);
        int n = 240;
        Matrix y = Matrix.zeros(n, 3);
        Matrix f = Matrix.zeros(n, 3);
        Matrix labels = Matrix.zeros(n, 4);
        Matrix guesses = Matrix.zeros(n, 4);
        int[] times = new int[n];
        Double[] w = new Double[n];
        for (int i = 0; i < n; i++) {
            times[i] = r.nextInt(4);
            w[i] = (double) times[i];
            for (int j = 0; j < 3; j++) {
                y.set(i, j, r.nextGaussian() * (j + 1) + (i % 3 == 0 ? 2.0 * j : 0.0));
                f.set(i, j, y.get(i, j) + (0.2 + 0.3 * (i % 3)) * r.nextGaussian());
            }
            for (int j = 0; j < 4; j++) {
                labels.set(i, j, r.nextDouble() < 0.3 ? 1 : 0);
                guesses.set(i, j, r.nextDouble() < (i % 2 == 0 ? 0.9 : 0.6) ? labels.get(i, j)
                        : 1 - labels.get(i, j));
            }
        }
        for (int i = 0; i < n; i += 17) {
            y.set(i, i % 3, Double.NaN);
        }
        for (String metric : new String[] {"mse", "rmse", "arrmse"}) {
            double value = new MultiOutputEvaluator().setMetricName(metric).setWeightCol("w")
                    .evaluate(weighted(y, f, w));
            assertThat(value).as(metric).isCloseTo(okl(metric, repeat(y, times), repeat(f, times)),
                    org.assertj.core.data.Offset.offset(1e-12));
            assertThat(value).as(metric + " differs unweighted").isNotCloseTo(okl(metric, y, f),
                    org.assertj.core.data.Offset.offset(1e-3));
        }
        for (String metric : new String[] {"hamming-loss", "subset-accuracy", "f1-example", "f1-micro",
                "f1-macro"}) {
            double value = new MultiOutputEvaluator().setMetricName(metric).setWeightCol("w")
                    .evaluate(weighted(labels, guesses, w));
            assertThat(value).as(metric).isCloseTo(okl(metric, repeat(labels, times), repeat(guesses, times)),
                    org.assertj.core.data.Offset.offset(1e-12));
        }

        // by hand, real weights: weighted MSE over the entries with a true value, and weighted aRRMSE
        Double[] real = new Double[n];
        double[] error = new double[3];
        double[] weight = new double[3];
        double[] sum = new double[3];
        for (int i = 0; i < n; i++) {
            real[i] = 0.1 + r.nextDouble() * 3;
            for (int j = 0; j < 3; j++) {
                if (!Double.isNaN(y.get(i, j))) {
                    double e = y.get(i, j) - f.get(i, j);
                    error[j] += real[i] * e * e;
                    weight[j] += real[i];
                    sum[j] += real[i] * y.get(i, j);
                }
            }
        }
        double mse = (error[0] + error[1] + error[2]) / (weight[0] + weight[1] + weight[2]);
        double arrmse = 0;
        for (int j = 0; j < 3; j++) {
            double mean = sum[j] / weight[j];
            double spread = 0;
            for (int i = 0; i < n; i++) {
                if (!Double.isNaN(y.get(i, j))) {
                    spread += real[i] * (y.get(i, j) - mean) * (y.get(i, j) - mean);
                }
            }
            arrmse += Math.sqrt(error[j] / spread) / 3;
        }
        Dataset<Row> data = weighted(y, f, real);
        assertThat(new MultiOutputEvaluator().setWeightCol("w").evaluate(data)).isCloseTo(mse,
                org.assertj.core.data.Offset.offset(1e-12));
        assertThat(new MultiOutputEvaluator().setWeightCol("w").setMetricName("rmse").evaluate(data))
                .isCloseTo(Math.sqrt(mse), org.assertj.core.data.Offset.offset(1e-12));
        assertThat(new MultiOutputEvaluator().setWeightCol("w").setMetricName("arrmse").evaluate(data))
                .isCloseTo(arrmse, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void badWeightsAreRefusedNamingTheColumn() {
        Matrix y = Matrix.zeros(4, 2);
        Matrix f = Matrix.zeros(4, 2);
        f.set(0, 0, 1);
        for (Double bad : new Double[] {-1.0, Double.NaN, Double.POSITIVE_INFINITY, null}) {
            Dataset<Row> data = weighted(y, f, new Double[] {1.0, 2.0, bad, 1.0});
            assertThatThrownBy(() -> new MultiOutputEvaluator().setWeightCol("w").evaluate(data))
                    .as(String.valueOf(bad)).isInstanceOf(OklException.class)
                    .hasMessageContaining("mse: weight column 'w'").hasMessageContaining("finite and >= 0");
        }
        assertThatThrownBy(() -> new MultiOutputEvaluator().setWeightCol("w")
                .evaluate(weighted(y, f, new Double[] {0.0, 0.0, 0.0, 0.0}))).isInstanceOf(OklException.class)
                .hasMessageContaining("every scored row weighs 0");
        assertThatThrownBy(() -> new MultiOutputEvaluator().setWeightCol("nope")
                .evaluate(weighted(y, f, new Double[] {1.0, 1.0, 1.0, 1.0}))).isInstanceOf(OklException.class)
                .hasMessageContaining("weight column 'nope' is not in the data set");
    }
}
