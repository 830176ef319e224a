package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.feature.SQLTransformer;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;

/**
 * A model fitted on several numeric input columns ({@code inputCols}) predicts: alone, as a pipeline stage that is
 * not the last, and under Spark's cross-validation. Spark's {@code fit} once copied every parameter to the model as if
 * set, {@code featuresCol}'s default included, and the model then refused to transform.
 */
class InputColumnsTest {
    private static final String PIPELINE = "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 60},"
            + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-4]}}";

    private static Dataset<Row> columns(int n, long seed) {
        SyntheticData d = SyntheticData.draw(n, 3, 1, seed);
        return d.dataset(LocalSpark.session(), 2)
                .select(org.apache.spark.ml.functions.vector_to_array(functions.col("features"), "float64").as("x"),
                        functions.col("y0").as("y"))
                .selectExpr("x[0] as x0", "x[1] as x1", "x[2] as x2", "y");
    }

    private static OklEstimator onColumns() {
        return new OklEstimator().setPipeline(PIPELINE).setInputCols(new String[] {"x0", "x1", "x2"}).setLabelCol("y");
    }

    @Test
    void aModelFittedOnInputColumnsPredictsAsOneFittedOnTheirVector() {
        Dataset<Row> train = columns(600, 71);
        Dataset<Row> test = columns(50, 72);
        OklSparkModel model = onColumns().fit(train);
        assertThat(model.isSet(model.featuresCol())).as("featuresCol's default is not copied as if set").isFalse();
        List<Row> predicted = model.transform(test).select("prediction").collectAsList();

        VectorAssembler assemble = new VectorAssembler().setInputCols(new String[] {"x0", "x1", "x2"})
                .setOutputCol("features");
        OklSparkModel onVector = new OklEstimator().setPipeline(PIPELINE).setLabelCol("y")
                .fit(assemble.transform(train));
        List<Row> expected = onVector.transform(assemble.transform(test)).select("prediction").collectAsList();
        assertThat(predicted).hasSize(50).isEqualTo(expected);
    }

    @Test
    void itIsAPipelineStageBeforeAnotherAndCrossValidates() {
        Dataset<Row> train = columns(500, 73);
        OklEstimator okl = onColumns();
        SQLTransformer after = new SQLTransformer().setStatement("SELECT *, 2 * prediction AS doubled FROM __THIS__");
        Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {okl, after});
        PipelineModel fitted = pipeline.fit(train);
        List<Row> rows = fitted.transform(columns(20, 74)).select("prediction", "doubled").collectAsList();
        assertThat(rows).hasSize(20).allSatisfy(r -> assertThat(r.getDouble(1)).isEqualTo(2 * r.getDouble(0)));

        ParamMap[] grid = {new ParamMap().put(okl.pipeline(), PIPELINE),
            new ParamMap().put(okl.pipeline(), PIPELINE.replace("\"sigma\": 2.0", "\"sigma\": 1.0"))};
        CrossValidatorModel tuned = new CrossValidator().setEstimator(okl).setEstimatorParamMaps(grid)
                .setEvaluator(new RegressionEvaluator().setLabelCol("y")).setNumFolds(2).fit(train);
        assertThat(tuned.avgMetrics()).hasSize(2);
        for (double m : tuned.avgMetrics()) {
            assertThat(m).isFinite().isPositive();
        }
        assertThat(tuned.bestModel().transform(columns(10, 75)).select("prediction").count()).isEqualTo(10);
    }
}
