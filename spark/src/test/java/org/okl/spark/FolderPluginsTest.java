package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.MatrixRows;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;

/**
 * A kernel from a folder plugin (a sub-folder of two JARs, not on the class path): the executors build the sketch's
 * features with it during the fit and predict with it in {@code transform}, from the JARs the driver shipped with
 * the job, and the model is the one-machine model of the same kernel built in ({@code gaussian}).
 */
class FolderPluginsTest {
    private static final String PIPELINE = "{\"kernel\": {\"name\": \"%s\", \"sigma\": 1.5},"
            + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 40},"
            + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": [1e-2, 1e-4]},"
            + " \"selection\": {\"method\": \"kfold\", \"folds\": 3, \"metric\": \"mse\", \"seed\": 2}}";

    @Test
    void aFolderPluginsKernelRunsOnTheExecutorsInTheFitAndInTransform() throws Exception {
        SparkSession spark = LocalSpark.session();
        SyntheticData d = SyntheticData.draw(900, 3, 2, 41);
        OklSparkModel fitted = new OklEstimator().setPipeline(PIPELINE.formatted("acme-rbf"))
                .setFeaturesCol("features").setOutputCols(d.outputColumns().toArray(new String[0]))
                .setPluginFolders(new String[] {AcmePlugin.folder().toString()}).fit(d.dataset(spark, 4));
        assertThat(fitted.summary().passes()).anyMatch(p -> !p.onDriver());

        Okl okl = Okl.builder().build();
        Model oneMachine = okl.pipeline(PipelineFiles.parse(PIPELINE.formatted("gaussian"), "test", okl.registry()))
                .fit(new MatrixRows(d.x(), d.y())).model();
        SyntheticData test = SyntheticData.draw(60, 3, 2, 42);
        Matrix expected = oneMachine.predict(test.x()).outputs();
        assertThat(fitted.oklModel().pathIndex()).isEqualTo(oneMachine.pathIndex());
        assertThat(relative(fitted.oklModel().predict(test.x()).outputs(), expected)).isLessThan(1e-8);

        List<Row> rows = fitted.transform(test.dataset(spark, 3)).select("prediction").collectAsList();
        Matrix transformed = Matrix.zeros(rows.size(), 2);
        for (int i = 0; i < rows.size(); i++) {
            double[] v = ((Vector) rows.get(i).get(0)).toArray();
            transformed.set(i, 0, v[0]);
            transformed.set(i, 1, v[1]);
        }
        assertThat(relative(transformed, expected)).isLessThan(1e-8);
    }

    private static double relative(Matrix a, Matrix b) {
        return a.maxAbsDifference(b) / b.frobeniusNorm();
    }
}
