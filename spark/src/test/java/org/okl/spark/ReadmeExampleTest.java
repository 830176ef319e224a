package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.evaluation.RegressionEvaluator;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's Spark example, compiled and run (its regions are the README's blocks): the estimator in a Spark ML
 * pipeline after a {@code VectorAssembler}, evaluated by {@code RegressionEvaluator}, tuned by {@code CrossValidator}
 * over whole OKL pipelines, and the fitted pipeline saved and loaded.
 */
class ReadmeExampleTest {

    @Test
    void theEstimatorComposesInAPipelineAndCrossValidator(@TempDir Path dir) throws Exception {
        SyntheticData d = SyntheticData.draw(1200, 3, 1, 61);
        Dataset<Row> rows = d.dataset(LocalSpark.session(), 2)
                .select(org.apache.spark.ml.functions.vector_to_array(functions.col("features"), "float64").as("x"),
                        functions.col("y0").as("y"))
                .selectExpr("x[0] as x0", "x[1] as x1", "x[2] as x2", "y");
        Dataset<Row>[] split = rows.randomSplit(new double[] {0.8, 0.2}, 7);
        Dataset<Row> train = split[0];
        Dataset<Row> test = split[1];
        String path = dir.resolve("okl-pipeline").toString();

        // readme:begin spark-pipeline
        VectorAssembler assemble = new VectorAssembler()
                .setInputCols(new String[] {"x0", "x1", "x2"}).setOutputCol("features");
        OklEstimator okl = new OklEstimator()
                .setPipeline("{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
                        + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 200},"
                        + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-4, 1e-6]}}")
                .setLabelCol("y");
        Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {assemble, okl});
        PipelineModel model = pipeline.fit(train);
        double rmse = new RegressionEvaluator().setLabelCol("y").evaluate(model.transform(test));
        model.write().overwrite().save(path);
        PipelineModel again = PipelineModel.load(path);

        // Spark ML's own tuning over whole OKL pipelines (OKL still picks lambda along its path inside each)
        ParamMap[] grid = {
            new ParamMap().put(okl.pipeline(), "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 1.0},"
                    + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 200},"
                    + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-4]}}"),
            new ParamMap().put(okl.pipeline(), "{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 4.0},"
                    + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 200},"
                    + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-4]}}")};
        CrossValidatorModel tuned = new CrossValidator().setEstimator(pipeline).setEstimatorParamMaps(grid)
                .setEvaluator(new RegressionEvaluator().setLabelCol("y")).setNumFolds(2).fit(train);
        // readme:end spark-pipeline

        assertThat(rmse).isBetween(0.09, 0.2);
        List<Row> first = model.transform(test).select("prediction").collectAsList();
        List<Row> loaded = again.transform(test).select("prediction").collectAsList();
        assertThat(loaded).isEqualTo(first);
        assertThat(tuned.avgMetrics()).hasSize(2);
        assertThat(((PipelineModel) tuned.bestModel()).stages()[1]).isInstanceOf(OklSparkModel.class);
        assertThat(Pipeline.load(saveUnfitted(pipeline, dir)).getStages()[1]).isInstanceOf(OklEstimator.class);
    }

    private static String saveUnfitted(Pipeline pipeline, Path dir) throws Exception {
        String path = dir.resolve("unfitted").toString();
        pipeline.write().save(path);
        return path;
    }
}
