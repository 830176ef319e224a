package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.spark.fit.FitSummary;
import org.okl.spark.fit.SparkFalkonPasses;

/**
 * What a fit on a cluster must do beyond the eigen route's sums, on {@code local[2]}: Falkon's passes and the
 * leverage-score draw on the executors giving the one-machine model, a weight column solving the weighted ridge,
 * {@code requireDistributed}, the column parameters' clash, and the fit summary saying where each pass ran.
 */
class ClusterFitTest {
    private static final Okl OKL = Okl.builder().build();
    private static final String FOLDS = " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\","
            + " \"seed\": 5}}";

    private static Model oneMachine(String pipeline, SyntheticData d) {
        return OKL.pipeline(PipelineFiles.parse(pipeline, "test", OKL.registry())).fit(new MatrixRows(d.x(), d.y()))
                .model();
    }

    private static double relative(Matrix a, Matrix b) {
        return a.maxAbsDifference(b) / b.frobeniusNorm();
    }

    @Test
    void falkonRunsItsPassesOnTheExecutorsAndGivesTheOneMachineModel() {
        String pipeline = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
                + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 70},"
                + " \"solver\": {\"name\": \"falkon\", \"tolerance\": 1e-12, \"iterations\": 200},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-1, 1e-3]}," + FOLDS;
        SyntheticData d = SyntheticData.draw(1800, 3, 2, 101);
        OklSparkModel spark = new OklEstimator().setPipeline(pipeline).setFeaturesCol("features")
                .setOutputCols(d.outputColumns().toArray(new String[0])).fit(d.dataset(LocalSpark.session(), 3));
        Model local = oneMachine(pipeline, d);
        Model model = spark.oklModel();
        assertThat(model.provenance().solver()).isEqualTo("falkon").isEqualTo(local.provenance().solver());
        assertThat(model.pathIndex()).isEqualTo(local.pathIndex());
        assertThat(ModelArrays.predictorArray(model, "landmarks"))
                .containsExactly(ModelArrays.predictorArray(local, "landmarks"));
        Matrix test = SyntheticData.draw(200, 3, 2, 102).x();
        assertThat(relative(model.predict(test).outputs(), local.predict(test).outputs())).isLessThan(1e-8);

        FitSummary summary = spark.summary();
        assertThat(summary.distributed()).isTrue();
        assertThat(summary.passes(SparkFalkonPasses.CROSS)).hasSize(1);
        assertThat(summary.passes(SparkFalkonPasses.APPLY)).as("one pass per conjugate-gradient step").hasSizeGreaterThan(3);
        assertThat(summary.passes(SparkFalkonPasses.VALIDATE)).hasSize(1);
        for (FitSummary.Pass p : summary.passes()) {
            assertThat(p.onDriver()).as(p.name()).isFalse();
            assertThat(p.jobs()).as(p.name()).isPositive();
            assertThat(p.executors()).as(p.name() + ": local mode's one executor").isNotEmpty()
                    .allMatch(e -> e.startsWith("driver@"));
        }
        FitSummary.Pass apply = summary.passes(SparkFalkonPasses.APPLY).get(0);
        assertThat(apply.tasks()).as("coalesced to local[2]'s cores, a tree of two levels").isGreaterThanOrEqualTo(2);
        assertThat(apply.rows()).isEqualTo(1800);
        assertThat(summary.rowsToDriver()).as("only the landmarks").isEqualTo(70);
        assertThat(summary.toString()).contains(SparkFalkonPasses.APPLY).contains("70 rows brought to the driver");
    }

    @Test
    void aWidthFromTheDataAndAnOutputCouplingGridGiveTheOneMachineModel() {
        String pipeline = "{\"kernel\": {\"name\": \"gaussian\", \"bandwidth\": \"median\"},"
                + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 40},"
                + " \"operator\": {\"name\": \"separable\", \"matrix\": {\"name\": \"common-similarity\","
                + " \"omega\": 0.0}},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-1, 1e-2, 1e-3]},"
                + " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 5,"
                + " \"grid\": {\"kernel.factor\": [0.5, 2.0], \"operator.matrix.omega\": [0.0, 0.5, 0.9]}}}";
        SyntheticData d = SyntheticData.draw(900, 3, 2, 111);
        OklSparkModel spark = new OklEstimator().setPipeline(pipeline).setFeaturesCol("features")
                .setOutputCols(d.outputColumns().toArray(new String[0])).fit(d.dataset(LocalSpark.session(), 3));
        Model local = oneMachine(pipeline, d);
        Model model = spark.oklModel();
        assertThat(model.provenance().chosen()).isEqualTo(local.provenance().chosen());
        assertThat(model.spec().kernel().orElseThrow().parameters().get("sigma"))
                .isEqualTo(local.spec().kernel().orElseThrow().parameters().get("sigma"));
        // 2 widths x 3 couplings x 3 lambdas on the grid; a value beyond the grid's edge the choice sat on is one
        // more pass (and 3 more points) of its own
        int beyond = (local.provenance().validationCurve().size() - 18) / 3;
        assertThat(model.provenance().validationCurve()).hasSameSizeAs(local.provenance().validationCurve());
        assertThat(local.provenance().search().decompositions()).as("one pass per width on one machine")
                .isEqualTo(2 + beyond);
        assertThat(ModelArrays.predictorArray(model, "landmarks"))
                .containsExactly(ModelArrays.predictorArray(local, "landmarks"));
        Matrix test = SyntheticData.draw(100, 3, 2, 112).x();
        assertThat(relative(model.predict(test).outputs(), local.predict(test).outputs())).isLessThan(1e-8);
    }

    @Test
    void leverageScoresAreDrawnOnTheExecutorsAsOnOneMachine() {
        String pipeline = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.5},"
                + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 50, \"sampling\": \"leverage\"},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-4]}," + FOLDS;
        SyntheticData d = SyntheticData.draw(1500, 3, 1, 111);
        OklSparkModel spark = new OklEstimator().setPipeline(pipeline).setFeaturesCol("features")
                .setOutputCols(d.outputColumns().toArray(new String[0])).fit(d.dataset(LocalSpark.session(), 4));
        Model local = oneMachine(pipeline, d);
        assertThat(ModelArrays.predictorArray(spark.oklModel(), "landmarks"))
                .containsExactly(ModelArrays.predictorArray(local, "landmarks"));
        Matrix test = SyntheticData.draw(100, 3, 1, 112).x();
        assertThat(relative(spark.oklModel().predict(test).outputs(), local.predict(test).outputs()))
                .isLessThan(1e-9);
        List<String> passes = spark.summary().passes().stream().map(FitSummary.Pass::name).toList();
        assertThat(passes).contains("uniform sample", "leverage Gram", "leverage scores", "per-fold sums",
                "data checksum");
        assertThat(spark.summary().passes().stream().noneMatch(FitSummary.Pass::onDriver)).isTrue();
        assertThat(spark.summary().rowsToDriver()).as("the uniform landmarks, then the leverage ones")
                .isEqualTo(100);
    }

    /**
     * Input and target transforms in every pass on the executors: Falkon over leverage-score landmarks, drawn from
     * rows the executors transform, gives the one-machine model; the transforms' statistics are gathered there too,
     * in parts merged on the driver.
     */
    @Test
    void transformsReachEveryPassOnTheExecutors() {
        String pipeline = "{\"inputs\": [{\"name\": \"standardize\"}], \"targets\": [{\"name\": \"standardize\"}],"
                + " \"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.5},"
                + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 50, \"sampling\": \"leverage\"},"
                + " \"solver\": {\"name\": \"falkon\", \"tolerance\": 1e-12, \"iterations\": 200},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-4]}," + FOLDS;
        SyntheticData raw = SyntheticData.draw(1500, 3, 2, 131);
        Matrix x = raw.x().copy();
        Matrix y = raw.y().copy();
        for (int i = 0; i < x.rows(); i++) {
            x.set(i, 1, 500 + 40 * x.get(i, 1));
            y.set(i, 0, 1000 + 10 * y.get(i, 0));
        }
        SyntheticData d = new SyntheticData(x, y);
        OklSparkModel spark = new OklEstimator().setPipeline(pipeline).setFeaturesCol("features")
                .setOutputCols(d.outputColumns().toArray(new String[0])).fit(d.dataset(LocalSpark.session(), 3));
        Model local = oneMachine(pipeline, d);
        Model model = spark.oklModel();
        assertThat(model.provenance().solver()).isEqualTo("falkon");
        assertThat(model.pathIndex()).isEqualTo(local.pathIndex());
        assertThat(ModelArrays.predictorArray(model, "landmarks")).as("the same rows, transformed by statistics "
                + "summed in other blocks").containsExactly(ModelArrays.predictorArray(local, "landmarks"),
                        within(1e-12));
        Matrix test = x.rowRange(0, 100);
        assertThat(relative(model.predict(test).outputs(), local.predict(test).outputs())).isLessThan(1e-8);
        List<String> onExecutors = spark.summary().passes().stream().filter(p -> !p.onDriver())
                .map(FitSummary.Pass::name).toList();
        assertThat(onExecutors).contains("input transform statistics", "target transform statistics",
                "uniform sample", "leverage Gram", "leverage scores", SparkFalkonPasses.CROSS, SparkFalkonPasses.APPLY,
                SparkFalkonPasses.VALIDATE, "data checksum");
        assertThat(spark.summary().passes()).noneMatch(FitSummary.Pass::onDriver);
        assertThat(spark.summary().rowsToDriver()).as("the uniform landmarks, then the leverage ones").isEqualTo(100);
    }

    /** Rows (features, y0, y1, w) with weights in [0, 3], some 0. */
    private static Dataset<Row> weighted(SyntheticData d, double[] w) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < d.x().rows(); i++) {
            rows.add(RowFactory.create(Vectors.dense(d.x().row(i)), d.y().get(i, 0), d.y().get(i, 1), w[i]));
        }
        StructType schema = new StructType().add("features", SQLDataTypes.VectorType(), false)
                .add("y0", DataTypes.DoubleType, false).add("y1", DataTypes.DoubleType, false)
                .add("w", DataTypes.DoubleType, false);
        return LocalSpark.session().createDataFrame(rows, schema);
    }

    /**
     * With every row a landmark the sketch is the kernel, and the weighted fit is the weighted kernel ridge
     * {@code alpha = (W' K + n·lambda·I)^-1 W' y}, W' the weights rescaled to mean 1, solved densely.
     */
    @Test
    void aWeightColumnSolvesTheWeightedRidge() {
        int n = 40;
        SyntheticData d = SyntheticData.draw(n, 3, 2, 121);
        double[] w = new double[n];
        Random r = new Random(122);
        for (int i = 0; i < n; i++) {
            w[i] = i % 9 == 4 ? 0 : 3 * r.nextDouble();
        }
        double lambda = 1e-3;
        for (String solver : new String[] {"low-rank-eigen", "falkon"}) {
            String pipeline = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.2},"
                    + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 100},"
                    + " \"solver\": {\"name\": \"" + solver + "\", \"tolerance\": 1e-13, \"iterations\": 500},"
                    + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": " + lambda + "}}";
            if (solver.equals("low-rank-eigen")) {
                pipeline = pipeline.replace(", \"tolerance\": 1e-13, \"iterations\": 500", "");
            }
            Model model = new OklEstimator().setPipeline(pipeline).setOutputCols(new String[] {"y0", "y1"})
                    .setWeightCol("w").fit(weighted(d, w)).oklModel();
            org.okl.api.kernel.VectorKernel k = OKL.create(org.okl.api.kernel.VectorKernel.class,
                    org.okl.api.component.ComponentSpec.of("gaussian", "sigma", 1.2));
            Matrix gram = k.gram(d.x());
            double total = java.util.Arrays.stream(w).sum();
            Matrix system = Matrix.zeros(n, n);
            Matrix rhs = Matrix.zeros(n, 2);
            for (int i = 0; i < n; i++) {
                double wi = w[i] * n / total;
                for (int j = 0; j < n; j++) {
                    system.set(i, j, wi * gram.get(i, j) + (i == j ? n * lambda : 0));
                }
                for (int c = 0; c < 2; c++) {
                    rhs.set(i, c, wi * d.y().get(i, c));
                }
            }
            Matrix alpha = OKL.context().linearAlgebra().solve(system, rhs);
            Matrix test = SyntheticData.draw(30, 3, 2, 123).x();
            Matrix expected = OKL.context().linearAlgebra().multiply(k.gram(test, d.x()), alpha);
            assertThat(relative(model.predict(test).outputs(), expected)).as(solver).isLessThan(1e-6);
        }
    }

    @Test
    void whatWouldBringEveryRowToTheDriverIsRefusedUnlessAllowed() {
        SyntheticData d = SyntheticData.draw(200, 2, 1, 131);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 2);
        String exact = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.0},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-2}}";
        assertThatThrownBy(() -> new OklEstimator().setPipeline(exact).setLabelCol("y0").fit(data))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("the pipeline does not stream")
                .hasMessageContaining("requireDistributed is on: add a kernel sketch");
        OklSparkModel driver = new OklEstimator().setPipeline(exact).setLabelCol("y0").setRequireDistributed(false)
                .fit(data);
        assertThat(driver.summary().distributed()).isFalse();
        assertThat(driver.summary().rowsToDriver()).isEqualTo(200);
        assertThat(driver.summary().passes("rows to the driver")).hasSize(1).allMatch(FitSummary.Pass::onDriver);
        assertThatThrownBy(() -> new OklEstimator().setPipeline(exact).setLabelCol("y0").setWeightCol("y0")
                .setRequireDistributed(false).fit(data))
                .isInstanceOf(OklException.class).hasMessageContaining("weightCol needs a pipeline that streams");
    }

    @Test
    void settingBothTheOneAndTheSeveralColumnsIsAnError() {
        SyntheticData d = SyntheticData.draw(100, 2, 2, 141);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 1);
        assertThatThrownBy(() -> new OklEstimator().setPipeline(OklEstimatorTest.PIPELINE).setFeaturesCol("features")
                .setInputCols(new String[] {"y0"}).setOutputCols(new String[] {"y1"}).fit(data))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("both featuresCol ('features') and inputCols [y0] are set");
        assertThatThrownBy(() -> new OklEstimator().setPipeline(OklEstimatorTest.PIPELINE).setLabelCol("y0")
                .setOutputCols(new String[] {"y1"}).fit(data))
                .isInstanceOf(OklException.class).hasMessageContaining("both labelCol ('y0') and outputCols [y1]");
        assertThatThrownBy(() -> new OklEstimator().setPipeline(OklEstimatorTest.PIPELINE).setLabelCol("y0")
                .setWeightCol("nope").fit(data))
                .isInstanceOf(OklException.class).hasMessageContaining("weight column 'nope' is not in the data set");
    }

    @Test
    void transformErrsSkipsOrKeepsInvalidRows() {
        SyntheticData d = SyntheticData.draw(300, 2, 1, 161);
        OklSparkModel model = new OklEstimator().setPipeline(OklEstimatorTest.PIPELINE).setLabelCol("y0")
                .fit(d.dataset(LocalSpark.session(), 2));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            rows.add(RowFactory.create(i == 3 ? null : Vectors.dense(d.x().row(i)), 0.0));
        }
        rows.add(RowFactory.create(Vectors.dense(1.0, Double.POSITIVE_INFINITY), 0.0));
        StructType schema = new StructType().add("features", SQLDataTypes.VectorType(), true)
                .add("y0", DataTypes.DoubleType, false);
        Dataset<Row> test = LocalSpark.session().createDataFrame(rows, schema).coalesce(1);
        assertThatThrownBy(() -> model.transform(test).collectAsList())
                .hasMessageContaining("row 4 of partition 0: inputs column 'features' has no value")
                .hasMessageContaining("set handleInvalid to 'skip'");
        List<Row> skipped = model.copy(new org.apache.spark.ml.param.ParamMap()).setHandleInvalid("skip")
                .transform(test).collectAsList();
        assertThat(skipped).hasSize(9);
        List<Row> kept = model.copy(new org.apache.spark.ml.param.ParamMap()).setHandleInvalid("keep")
                .transform(test).collectAsList();
        assertThat(kept).hasSize(11);
        assertThat(kept.get(3).getDouble(2)).isNaN();
        assertThat(kept.get(10).getDouble(2)).isNaN();
        Matrix expected = model.oklModel().predict(d.x().rowRange(0, 3)).outputs();
        for (int i = 0; i < 3; i++) {
            assertThat(kept.get(i).getDouble(2)).isCloseTo(expected.get(i, 0),
                    org.assertj.core.data.Offset.offset(1e-10));
            assertThat(skipped.get(i).getDouble(2)).isEqualTo(kept.get(i).getDouble(2));
        }
    }
}
