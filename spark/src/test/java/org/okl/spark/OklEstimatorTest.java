package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.Provenance;
import org.okl.spark.fit.FitSummary;

class OklEstimatorTest {
    static final String PIPELINE = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 80},"
            + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-1, 1e-3, 1e-5]},"
            + " \"selection\": {\"method\": \"kfold\", \"folds\": 4, \"metric\": \"mse\", \"seed\": 5}}";

    @Test
    void sparkFitIsTheOneMachineStreamingFitOnTheSameRows() {
        SyntheticData d = SyntheticData.draw(2500, 4, 2, 11);
        Okl okl = Okl.builder().build();
        PipelineSpec spec = PipelineFiles.parse(PIPELINE, "test", okl.registry());
        Model oneMachine = okl.pipeline(spec).fit(new MatrixRows(d.x(), d.y())).model();

        Dataset<Row> data = d.dataset(LocalSpark.session(), 3);
        OklSparkModel spark = new OklEstimator().setPipeline(PIPELINE).setFeaturesCol("features")
                .setOutputCols(d.outputColumns().toArray(new String[0])).fit(data);
        Model model = spark.oklModel();

        assertThat(model.pathIndex()).isEqualTo(oneMachine.pathIndex());
        assertThat(model.spec()).isEqualTo(oneMachine.spec());
        Provenance a = model.provenance();
        Provenance b = oneMachine.provenance();
        assertThat(a.dataSha256()).isEqualTo(b.dataSha256());
        assertThat(a.solver()).isEqualTo(b.solver()).isEqualTo("low-rank-eigen");
        assertThat(a.sketch()).isEqualTo(b.sketch());
        assertThat(a.chosen()).isEqualTo(b.chosen());
        for (int j = 0; j < b.validationCurve().size(); j++) {
            assertThat(a.validationCurve().get(j).error())
                    .isCloseTo(b.validationCurve().get(j).error(), Percentage.withPercentage(1e-7));
        }
        assertThat(ModelArrays.predictorArray(model, "landmarks"))
                .containsExactly(ModelArrays.predictorArray(oneMachine, "landmarks"));
        Matrix test = SyntheticData.draw(300, 4, 2, 12).x();
        Matrix p = model.predict(test).outputs();
        Matrix q = oneMachine.predict(test).outputs();
        assertThat(p.maxAbsDifference(q) / q.frobeniusNorm()).isLessThan(1e-9);
    }

    @Test
    void transformsAreFittedOnTheClusterRowsAndAppliedByTheExecutors() {
        String pipeline = PIPELINE.replace("{\"kernel\"", "{\"inputs\": [{\"name\": \"standardize\"}, "
                + "{\"name\": \"pca\", \"rank\": 3}], \"targets\": [{\"name\": \"standardize\"}], \"kernel\"");
        SyntheticData d = SyntheticData.draw(1500, 4, 2, 13);
        Matrix x = d.x().copy();
        for (int i = 0; i < x.rows(); i++) {
            x.set(i, 2, 1000 + 50 * x.get(i, 2));
        }
        Okl okl = Okl.builder().build();
        PipelineSpec spec = PipelineFiles.parse(pipeline, "test", okl.registry());
        Model oneMachine = okl.pipeline(spec).fit(new MatrixRows(x, d.y())).model();
        SyntheticData shifted = new SyntheticData(x, d.y());
        OklSparkModel spark = new OklEstimator().setPipeline(pipeline).setFeaturesCol("features")
                .setOutputCols(d.outputColumns().toArray(new String[0])).fit(shifted.dataset(LocalSpark.session(), 3));
        Model model = spark.oklModel();
        assertThat(spark.summary().passes().stream().filter(p -> p.name().endsWith("transform statistics")))
                .as("standardize and pca on the inputs, standardize on the targets: one pass each")
                .hasSize(3).noneMatch(FitSummary.Pass::onDriver);
        assertThat(model.provenance().chosen()).isEqualTo(oneMachine.provenance().chosen());
        oneMachine.transforms().arrays().forEach((name, m) -> assertThat(model.transforms().arrays().get(name)
                .maxAbsDifference(m)).as(name).isLessThan(1e-9 * (1 + m.frobeniusNorm())));
        Matrix probe = x.rowRange(0, 20);
        assertThat(model.predict(probe).outputs().maxAbsDifference(oneMachine.predict(probe).outputs()))
                .isLessThan(1e-7);
    }

    @Test
    void transformAddsThePredictionsAndTheModelSavesAndLoads(@TempDir Path dir) throws Exception {
        SyntheticData d = SyntheticData.draw(800, 3, 1, 21);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 2);
        OklSparkModel model = new OklEstimator().setPipeline(PIPELINE).setLabelCol("y0").fit(data);
        assertThat(model.scalarPrediction().name()).isEqualTo("scalarPrediction");
        Dataset<Row> predicted = model.transform(data);
        assertThat(predicted.schema().apply("prediction").dataType())
                .isEqualTo(org.apache.spark.sql.types.DataTypes.DoubleType);
        List<Row> rows = predicted.select("features", "prediction").collectAsList();
        Matrix expected = model.oklModel().predict(d.x()).outputs();
        for (int i = 0; i < rows.size(); i++) {
            // predicted row by row (a column expression): the block products' rounding differs in the last digits
            assertThat(rows.get(i).getDouble(1)).isCloseTo(expected.get(i, 0),
                    org.assertj.core.data.Offset.offset(1e-10));
            assertThat(rows.get(i).getDouble(1)).isEqualTo(model.predict((org.apache.spark.ml.linalg.Vector)
                    rows.get(i).get(0)).apply(0));
        }

        String saved = dir.resolve("model").toString();
        model.write().save(saved);
        OklSparkModel loaded = OklSparkModel.load(saved);
        assertThat(loaded.uid()).isEqualTo(model.uid());
        List<Row> again = loaded.transform(data).select("prediction").collectAsList();
        for (int i = 0; i < again.size(); i++) {
            assertThat(again.get(i).getDouble(0)).isEqualTo(rows.get(i).getDouble(1));
        }
        java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(buffer)) {
            out.writeObject(model);
        }
        try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(
                new java.io.ByteArrayInputStream(buffer.toByteArray()))) {
            OklSparkModel copy = (OklSparkModel) in.readObject();
            assertThat(copy.oklModel().predict(d.x()).outputs().maxAbsDifference(expected)).isZero();
        }
        Path file = dir.resolve("model/data/model.okl");
        Model fromFile = Model.load(file, Okl.builder().build());
        assertThat(fromFile.predict(d.x()).outputs().maxAbsDifference(expected)).isZero();
        assertThat(Files.readAllBytes(file)).isEqualTo(model.modelFileBytes());
    }

    @Test
    void vectorOutputsGiveVectorPredictions() {
        SyntheticData d = SyntheticData.draw(600, 3, 2, 31);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 2).selectExpr("features",
                "array(y0, y1) as targets");
        OklSparkModel model = new OklEstimator().setPipeline(PIPELINE).setLabelCol("targets").fit(data);
        Row first = model.transform(data).select("prediction").first();
        Matrix expected = model.oklModel().predict(d.x().rowRange(0, 1)).outputs();
        assertThat(((Vector) first.get(0)).toArray()).containsExactly(expected.row(0),
                org.assertj.core.data.Offset.offset(1e-10));
    }

    @Test
    void mistakesAreOneLineErrors() {
        SyntheticData d = SyntheticData.draw(100, 3, 1, 41);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 1);
        assertThatThrownBy(() -> new OklEstimator().setLabelCol("y0").fit(data))
                .isInstanceOf(OklException.class).hasMessageContaining("the estimator has no pipeline");
        assertThatThrownBy(() -> new OklEstimator().setPipeline(PIPELINE).setLabelCol("nope").fit(data))
                .isInstanceOf(OklException.class)
                .hasMessageContaining("outputs column 'nope' is not in the data set; its columns: features, y0");
        assertThatThrownBy(() -> new OklEstimator().setPipeline("{\"kernel\": {\"name\": \"gausian\"}, "
                + "\"filter\": {\"name\": \"tikhonov\", \"lambda\": 0.1}}")
                .setLabelCol("y0").fit(data))
                .isInstanceOf(OklException.class).hasMessageContaining("gausian");
        assertThatThrownBy(() -> new OklEstimator().setPipelinePath("/nonexistent/p.json").setLabelCol("y0")
                .fit(data))
                .isInstanceOf(OklException.class).hasMessageContaining("/nonexistent/p.json: no such pipeline file");
    }
}
