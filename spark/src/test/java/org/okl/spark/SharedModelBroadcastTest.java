package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.okl.spark.exec.ModelBroadcast;

/**
 * A model and its copies (a {@code PipelineModel}'s, a tuning run's) share one broadcast of the model, which lives as
 * long as they do ({@code transform} is lazy).
 */
class SharedModelBroadcastTest {

    @Test
    void aModelAndItsCopiesBroadcastTheModelOnce() {
        SyntheticData d = SyntheticData.draw(300, 3, 2, 152);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 2);
        OklSparkModel model = new OklEstimator().setPipeline("{\"kernel\": {\"name\": \"gaussian\", \"sigma\": 2.0},"
                + " \"approximation\": {\"name\": \"nystrom\", \"rank\": 20},"
                + " \"filter\": {\"name\": \"tikhonov\", \"lambda\": 1e-3}}").setFeaturesCol("features")
                .setOutputCols(d.outputColumns().toArray(new String[0])).fit(data);
        String held = ModelBroadcast.class.getName();
        Set<Long> before = DriverBlocks.broadcasts(held);
        assertThat(model.transform(data).count()).isEqualTo(300);
        assertThat(model.copy(ParamMap.empty()).transform(data).count()).isEqualTo(300);
        assertThat(model.copy(ParamMap.empty()).setPredictionCol("other").transform(data).count()).isEqualTo(300);
        Set<Long> made = DriverBlocks.broadcasts(held);
        made.removeAll(before);
        assertThat(made).as("one broadcast for the model and its copies").hasSize(1);
    }
}
