package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.conformal.PredictionIntervals;
import org.okl.spark.data.CalibrationDraw;

/**
 * Split conformal intervals fitted on Spark: the calibration rows drawn by hash, their residuals computed on the
 * executors and stored in the OKL model, the interval columns of transform.
 */
class SplitConformalTest {
    private static final String PIPELINE = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 60},"
            + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-1, 1e-3]},"
            + " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 5}}";
    private static final String STANDARDIZED = PIPELINE.replace("{\"kernel\"",
            "{\"targets\": [{\"name\": \"standardize\"}], \"kernel\"");

    /** The rows with an id column first: id, features, y0.. */
    private static Dataset<Row> withIds(SyntheticData d, int partitions) {
        SparkSession spark = LocalSpark.session();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < d.x().rows(); i++) {
            Object[] fields = new Object[2 + d.y().cols()];
            fields[0] = (long) i;
            fields[1] = Vectors.dense(d.x().row(i));
            for (int j = 0; j < d.y().cols(); j++) {
                fields[2 + j] = d.y().get(i, j);
            }
            rows.add(RowFactory.create(fields));
        }
        StructType schema = new StructType().add("id", DataTypes.LongType, false)
                .add("features", SQLDataTypes.VectorType(), false);
        for (String c : d.outputColumns()) {
            schema = schema.add(c, DataTypes.DoubleType, false);
        }
        return spark.createDataFrame(new org.apache.spark.api.java.JavaSparkContext(spark.sparkContext())
                .parallelize(rows, partitions), schema);
    }

    /** The draw of every row by id, with the estimator's columns (key column or content). */
    private static Map<Long, Double> draws(Dataset<Row> data, List<String> keys, long seed) {
        Map<Long, Double> out = new HashMap<>();
        for (Row r : data.select(data.col("id"), CalibrationDraw.uniform(keys, seed)).collectAsList()) {
            out.put(r.getLong(0), r.getDouble(1));
        }
        return out;
    }

    /** The ids of the calibration rows in the order of their draws (the order the model stores their residuals). */
    private static int[] calibrationIds(Map<Long, Double> draws, double fraction) {
        return draws.entrySet().stream().filter(e -> e.getValue() < fraction)
                .sorted(Comparator.comparingDouble(Map.Entry::getValue))
                .mapToInt(e -> (int) (long) e.getKey()).toArray();
    }

    private static OklEstimator estimator(String pipeline, SyntheticData d) {
        return new OklEstimator().setPipeline(pipeline).setFeaturesCol("features")
                .setOutputCols(d.outputColumns().toArray(new String[0]));
    }

    @Test
    void theResidualsAreThoseOfTheFittedModelOnTheCalibrationRows() {
        SyntheticData d = SyntheticData.draw(1500, 3, 2, 41);
        Dataset<Row> data = withIds(d, 3);
        OklSparkModel spark = estimator(PIPELINE, d).setCalibrationFraction(0.2).setSeed(7).fit(data);
        Model model = spark.oklModel();
        int[] ids = calibrationIds(draws(data, List.of("features", "y0", "y1"), 7), 0.2);
        assertThat(ids.length).isBetween(240, 360);
        Matrix residuals = model.splitResiduals().orElseThrow();
        assertThat(residuals.rows()).isEqualTo(ids.length);
        assertThat(model.hasIntervals()).isTrue();
        // no target transform: the residuals are the outputs minus the decoded predictions, computed here
        Matrix x = d.x().selectRows(ids);
        Matrix expected = d.y().selectRows(ids).minus(model.predict(x).outputs());
        assertThat(residuals.maxAbsDifference(expected)).isLessThan(1e-9);
        // the fit read the other rows only: the samples it counted
        assertThat(spark.summary().rows()).isEqualTo(1500 - ids.length);
    }

    @Test
    void withTargetTransformsTheResidualsAreOnTheTransformedScaleAsOneMachineComputesThem() {
        SyntheticData d = SyntheticData.draw(1200, 3, 2, 43);
        Matrix y = d.y().copy();
        for (int i = 0; i < y.rows(); i++) {
            y.set(i, 1, 100 + 30 * y.get(i, 1));
        }
        SyntheticData scaled = new SyntheticData(d.x(), y);
        Dataset<Row> data = withIds(scaled, 2);
        Model model = estimator(STANDARDIZED, scaled).setCalibrationFraction(0.15).setCalibrationKeyCol("id")
                .fit(data).oklModel();
        int[] ids = calibrationIds(draws(data, List.of("id"), 0), 0.15);
        Matrix x = scaled.x().selectRows(ids);
        Matrix expected = model.calibrationResiduals(x, y.selectRows(ids)).orElseThrow();
        Matrix residuals = model.splitResiduals().orElseThrow();
        assertThat(residuals.maxAbsDifference(expected)).isLessThan(1e-9);
        // standardised targets: the raw errors over each output's scale, the second output's 30 times the first's
        Matrix raw = y.selectRows(ids).minus(model.predict(x).outputs());
        double ratio0 = raw.get(0, 0) / residuals.get(0, 0);
        double ratio1 = raw.get(0, 1) / residuals.get(0, 1);
        for (int i = 0; i < ids.length; i++) {
            assertThat(raw.get(i, 0) / residuals.get(i, 0)).isCloseTo(ratio0, org.assertj.core.data.Offset.offset(
                    1e-6 * ratio0));
            assertThat(raw.get(i, 1) / residuals.get(i, 1)).isCloseTo(ratio1, org.assertj.core.data.Offset.offset(
                    1e-6 * ratio1));
        }
        assertThat(ratio1 / ratio0).isBetween(20.0, 45.0);
    }

    @Test
    void theCalibrationRowsAreTheSameForAnyPartitioning() {
        SyntheticData d = SyntheticData.draw(900, 3, 1, 45);
        Dataset<Row> two = withIds(d, 2);
        Dataset<Row> shuffled = two.repartition(5);
        assertThat(shuffled.javaRDD().getNumPartitions()).isEqualTo(5);
        for (List<String> keys : List.of(List.of("id"), List.of("features", "y0"))) {
            Map<Long, Double> a = draws(two, keys, 3);
            Map<Long, Double> b = draws(shuffled, keys, 3);
            assertThat(b).isEqualTo(a);
            assertThat(calibrationIds(b, 0.1)).containsExactly(calibrationIds(a, 0.1));
            // another seed draws other rows
            assertThat(draws(two, keys, 4)).isNotEqualTo(a);
        }
        // uniform: about a tenth below 0.1 (binomial, 900 rows: 90 +- 4 sd)
        assertThat(calibrationIds(draws(two, List.of("id"), 3), 0.1).length).isBetween(60, 120);

        // the estimator holds out exactly the rows the key's draw gives, and stores their residuals in draw order
        OklSparkModel model = new OklEstimator().setPipeline(PIPELINE).setLabelCol("y0").setCalibrationFraction(0.1).setCalibrationKeyCol("id").fit(two);
        Model fitted = model.oklModel();
        int[] ids = calibrationIds(draws(two, List.of("id"), 0), 0.1);
        Matrix expected = d.y().selectRows(ids).minus(fitted.predict(d.x().selectRows(ids)).outputs());
        assertThat(fitted.splitResiduals().orElseThrow().maxAbsDifference(expected)).isLessThan(1e-9);
    }

    @Test
    void heldOutCoverageIsWithinTheBinomialBandPerOutputAndJointly() {
        SyntheticData all = SyntheticData.draw(7000, 3, 2, 47);
        int n = 4000;
        int[] train = java.util.stream.IntStream.range(0, n).toArray();
        int[] test = java.util.stream.IntStream.range(n, all.x().rows()).toArray();
        SyntheticData d = new SyntheticData(all.x().selectRows(train), all.y().selectRows(train));
        OklSparkModel model = estimator(PIPELINE, d).setCalibrationFraction(0.4).fit(withIds(d, 3));
        int nCal = model.oklModel().splitResiduals().orElseThrow().rows();
        assertThat(nCal).isBetween(1400, 1800);
        SyntheticData held = new SyntheticData(all.x().selectRows(test), all.y().selectRows(test));
        List<Row> rows = model.transform(withIds(held, 2)).orderBy("id").select("prediction_lower",
                "prediction_upper", "prediction_joint_lower", "prediction_joint_upper").collectAsList();
        int t = rows.size();
        int[] inside = new int[2];
        int jointInside = 0;
        for (int i = 0; i < t; i++) {
            Vector lo = (Vector) rows.get(i).get(0);
            Vector hi = (Vector) rows.get(i).get(1);
            Vector jlo = (Vector) rows.get(i).get(2);
            Vector jhi = (Vector) rows.get(i).get(3);
            boolean all2 = true;
            for (int c = 0; c < 2; c++) {
                double v = held.y().get(i, c);
                inside[c] += lo.apply(c) <= v && v <= hi.apply(c) ? 1 : 0;
                all2 &= jlo.apply(c) <= v && v <= jhi.apply(c);
            }
            jointInside += all2 ? 1 : 0;
        }
        // the binomial band of the test rows widened by the calibration rows' own deviation (split conformal's
        // coverage given the calibration set varies by about sqrt(alpha (1 - alpha) / n_cal)): three deviations
        double band = 3 * Math.sqrt(0.9 * 0.1 / t + 0.9 * 0.1 / nCal);
        System.out.printf("split conformal on Spark at 0.9: %d calibration rows, %d test rows, coverage %.4f and %.4f,"
                + " joint %.4f, band +-%.4f%n", nCal, t, inside[0] / (double) t, inside[1] / (double) t,
                jointInside / (double) t, band);
        for (int c = 0; c < 2; c++) {
            assertThat(inside[c] / (double) t).as("output %d", c).isBetween(0.9 - band, 0.9 + band);
        }
        assertThat(jointInside / (double) t).as("joint").isBetween(0.9 - band, 0.9 + band);
    }

    @Test
    void theReadmeExampleAddsIntervalColumnsAroundThePrediction() {
        String pipelineJson = PIPELINE;
        Dataset<Row> train = withIds(SyntheticData.draw(600, 3, 1, 51), 2);
        Dataset<Row> test = withIds(SyntheticData.draw(100, 3, 1, 52), 2);
        // readme:begin spark-intervals
        OklSparkModel model = new OklEstimator().setPipeline(pipelineJson).setLabelCol("y0")
                .setCalibrationFraction(0.1).setCalibrationKeyCol("id")   // optional key; the seed is setSeed's
                .fit(train);
        List<Row> rows = model.setIntervalLevel(0.95).transform(test)    // prediction, prediction_lower, ...
                .select("id", "prediction", "prediction_lower", "prediction_upper").collectAsList();
        // readme:end spark-intervals
        assertThat(rows).hasSize(100);
        for (Row r : rows) {
            assertThat(r.getDouble(2)).isLessThan(r.getDouble(1));
            assertThat(r.getDouble(3)).isGreaterThan(r.getDouble(1));
            // split conformal: the same half-width on every row
            assertThat(r.getDouble(3) - r.getDouble(1)).isCloseTo(rows.get(0).getDouble(3) - rows.get(0).getDouble(1),
                    org.assertj.core.data.Offset.offset(1e-9));
        }
    }

    @Test
    void transformAddsTheIntervalColumnsWhichSaveAndLoadKeep(@TempDir Path dir) throws Exception {
        SyntheticData d = SyntheticData.draw(800, 3, 1, 49);
        Dataset<Row> data = withIds(d, 2);
        OklSparkModel model = new OklEstimator().setPipeline(PIPELINE).setLabelCol("y0").setCalibrationFraction(0.2)
                .fit(data).setIntervalLevel(0.8);
        Dataset<Row> predicted = model.transform(data);
        assertThat(predicted.columns()).containsExactly("id", "features", "y0", "prediction", "prediction_lower",
                "prediction_upper", "prediction_joint_lower", "prediction_joint_upper");
        assertThat(predicted.schema().apply("prediction_lower").dataType()).isEqualTo(DataTypes.DoubleType);
        assertThat(model.transformSchema(data.schema())).isEqualTo(predicted.schema());
        List<Row> rows = predicted.orderBy("id").select("prediction", "prediction_lower", "prediction_upper",
                "prediction_joint_lower", "prediction_joint_upper").collectAsList();
        PredictionIntervals expected = model.oklModel().predictIntervals(d.x(), 0.8);
        assertMatches(rows, expected);

        String saved = dir.resolve("model").toString();
        model.write().save(saved);
        OklSparkModel loaded = OklSparkModel.load(saved);
        assertThat(loaded.getIntervalLevel()).isEqualTo(0.8);
        assertThat(loaded.hasIntervals()).isTrue();
        assertThat(loaded.oklModel().splitResiduals().orElseThrow().maxAbsDifference(
                model.oklModel().splitResiduals().orElseThrow())).isZero();
        assertMatches(loaded.transform(data).orderBy("id").select("prediction", "prediction_lower",
                "prediction_upper", "prediction_joint_lower", "prediction_joint_upper").collectAsList(), expected);
        // the model file okl predict --intervals reads gives the same bounds
        Model fromFile = Model.load(dir.resolve("model/data/model.okl"), Okl.builder().build());
        PredictionIntervals file = fromFile.predictIntervals(d.x(), 0.8);
        assertThat(file.lower().maxAbsDifference(expected.lower())).isZero();
        assertThat(file.upper().maxAbsDifference(expected.upper())).isZero();
        assertThat(file.method()).startsWith("split conformal");
        // at 0.9 the intervals are wider
        List<Row> wider = loaded.setIntervalLevel(0.9).transform(data).orderBy("id")
                .select("prediction_lower", "prediction_upper").collectAsList();
        assertThat(wider.get(0).getDouble(1) - wider.get(0).getDouble(0))
                .isGreaterThan(rows.get(0).getDouble(2) - rows.get(0).getDouble(1));
    }

    private static void assertMatches(List<Row> rows, PredictionIntervals expected) {
        assertThat(rows).hasSize(expected.lower().rows());
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            // predicted in batches: the block products' rounding may differ in the last digits
            assertThat(r.getDouble(0)).isCloseTo(expected.predictions().get(i, 0), within());
            assertThat(r.getDouble(1)).isCloseTo(expected.lower().get(i, 0), within());
            assertThat(r.getDouble(2)).isCloseTo(expected.upper().get(i, 0), within());
            assertThat(r.getDouble(3)).isCloseTo(expected.jointLower().get(i, 0), within());
            assertThat(r.getDouble(4)).isCloseTo(expected.jointUpper().get(i, 0), within());
            assertThat(r.getDouble(1)).isLessThan(r.getDouble(0));
            assertThat(r.getDouble(2)).isGreaterThan(r.getDouble(0));
        }
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-10);
    }

    @Test
    void withoutCalibrationTheColumnsAreUnchanged() {
        SyntheticData d = SyntheticData.draw(500, 3, 2, 51);
        Dataset<Row> data = withIds(d, 2);
        OklSparkModel model = estimator(PIPELINE, d).fit(data);
        assertThat(model.hasIntervals()).isFalse();
        assertThat(model.oklModel().splitResiduals()).isEmpty();
        assertThat(model.transform(data).columns()).containsExactly("id", "features", "y0", "y1", "prediction");
        // vector predictions give vector bounds
        OklSparkModel calibrated = estimator(PIPELINE, d).setCalibrationFraction(0.1).fit(data);
        Dataset<Row> predicted = calibrated.transform(data);
        assertThat(predicted.columns()).containsExactly("id", "features", "y0", "y1", "prediction",
                "prediction_lower", "prediction_upper", "prediction_joint_lower", "prediction_joint_upper");
        assertThat(predicted.schema().apply("prediction_upper").dataType()).isEqualTo(SQLDataTypes.VectorType());
        assertThat(((Vector) predicted.first().getAs("prediction_upper")).size()).isEqualTo(2);
    }

    @Test
    void theParametersAreChecked() {
        OklEstimator estimator = new OklEstimator();
        assertThat(estimator.getCalibrationFraction()).isZero();
        assertThat(estimator.getCalibrationKeyCol()).isEmpty();
        assertThatThrownBy(() -> estimator.setCalibrationFraction(0.6)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("calibrationFraction");
        assertThatThrownBy(() -> estimator.setCalibrationFraction(-0.1)).isInstanceOf(IllegalArgumentException.class);
        SyntheticData d = SyntheticData.draw(200, 3, 1, 53);
        assertThatThrownBy(() -> new OklEstimator().setPipeline(PIPELINE).setLabelCol("y0")
                .setCalibrationFraction(0.1).setCalibrationKeyCol("nope").fit(withIds(d, 2)))
                .isInstanceOf(OklException.class).hasMessageContaining("calibration key column 'nope'");
        OklSparkModel model = new OklSparkModel();
        assertThat(model.getIntervalLevel()).isEqualTo(0.9);
        assertThatThrownBy(() -> model.setIntervalLevel(1.0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> model.setIntervalLevel(0.0)).isInstanceOf(IllegalArgumentException.class);
    }
}
