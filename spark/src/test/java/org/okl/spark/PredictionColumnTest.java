package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;

/**
 * The prediction column says its width in ML attribute metadata (as {@code VectorAssembler} does), before and after
 * the fit; one row predicts on the driver as {@code transform} predicts it on the executors.
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
}
