package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.okl.api.error.OklException;
import org.okl.spark.data.Invalid;

/**
 * The prediction column says its width in ML attribute metadata (as {@code VectorAssembler} does), before and after
 * the fit; one row predicts on the driver as {@code transform} predicts it on the executors. The prediction is a
 * column expression: a query that keeps only it reads only the input columns from a Parquet file.
 */
class PredictionColumnTest {

    @Test
    void thePredictionVectorCarriesItsSizeAndOneRowPredictsAsTransformDoes() {
        SyntheticData d = SyntheticData.draw(400, 3, 2, 81);
        Dataset<Row> train = d.dataset(LocalSpark.session(), 2);
        OklEstimator estimator = new OklEstimator().setPipeline(OklEstimatorTest.PIPELINE)
                .setOutputCols(d.outputColumns().toArray(new String[0]));
        assertThat(AttributeGroup.fromStructField(estimator.transformSchema(train.schema()).apply("prediction"))
                .size()).as("known from the output columns before the fit").isEqualTo(2);
        OklSparkModel model = estimator.fit(train);
        Dataset<Row> test = SyntheticData.draw(30, 3, 2, 82).dataset(LocalSpark.session(), 2);
        Dataset<Row> predicted = model.transform(test);
        assertThat(AttributeGroup.fromStructField(predicted.schema().apply("prediction")).size()).isEqualTo(2);
        assertThat(AttributeGroup.fromStructField(model.transformSchema(test.schema()).apply("prediction")).size())
                .isEqualTo(2);

        List<Row> rows = predicted.select("features", "prediction").collectAsList();
        for (Row r : rows) {
            Vector one = model.predict((Vector) r.get(0));
            assertThat(one.toArray()).containsExactly(((Vector) r.get(1)).toArray());
        }
        assertThatThrownBy(() -> model.predict(Vectors.dense(1, 2))).isInstanceOf(OklException.class)
                .hasMessageContaining("[OKL-E007] the model was fitted on 3 input columns but the data has 2");
        assertThatThrownBy(() -> model.predict(Vectors.dense(1, Double.NaN, 2))).isInstanceOf(OklException.class)
                .hasMessageContaining("[OKL-E007] inputs hold NaN at row 1, column 2; remove or impute it");
    }

    @Test
    void aQueryOfThePredictionReadsOnlyTheInputColumns(@TempDir java.nio.file.Path dir) {
        SyntheticData d = SyntheticData.draw(300, 3, 1, 83);
        OklSparkModel model = new OklEstimator().setPipeline(OklEstimatorTest.PIPELINE).setLabelCol("y0")
                .fit(d.dataset(LocalSpark.session(), 2));
        String path = dir.resolve("wide.parquet").toString();
        LocalSpark.session().range(300).repartition(2).withColumn("features", functions.array(functions.rand(1),
                functions.rand(2), functions.rand(3))).withColumn("y0", functions.rand(4))
                .withColumn("wide", functions.array_repeat(functions.lit("padding"), 200))
                .withColumn("blob", functions.repeat(functions.lit("x"), 1000))
                .write().parquet(path);
        Dataset<Row> source = LocalSpark.session().read().parquet(path);
        for (String invalid : Invalid.IDS) {
            Dataset<Row> query = model.copy(new org.apache.spark.ml.param.ParamMap()).setHandleInvalid(invalid)
                    .transform(source).select("prediction");
            List<String> read = scannedColumns(query.queryExecution().sparkPlan());
            assertThat(read).as(invalid).containsExactly("features");
            assertThat(query.count()).as(invalid).isEqualTo(300);
        }
        Dataset<Row> all = model.transform(source).orderBy("id");
        assertThat(scannedColumns(all.queryExecution().sparkPlan())).containsExactlyInAnyOrder("id", "features",
                "y0", "wide", "blob");
        List<Row> kept = all.select("features", "prediction", "blob").collectAsList();
        Row first = kept.get(0);
        double[] x = first.<Double>getList(0).stream().mapToDouble(Double::doubleValue).toArray();
        assertThat(first.getDouble(1)).isEqualTo(model.predict(Vectors.dense(x)).apply(0));
        assertThat(first.getString(2)).hasSize(1000);
    }

    /** The columns the plan's file scans read. */
    private static List<String> scannedColumns(SparkPlan plan) {
        List<String> out = new java.util.ArrayList<>();
        plan.foreach(node -> {
            if (node instanceof FileSourceScanExec scan) {
                out.addAll(List.of(scan.requiredSchema().fieldNames()));
            }
            return null;
        });
        return out;
    }
}
