package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.apache.spark.ml.param.Param;
import org.junit.jupiter.api.Test;

/**
 * The shared parameter setters: each sets the stage's own parameter and returns the stage, and Spark ML still finds
 * every parameter once through its accessor (an accessor declared again with another return type would give it
 * twice).
 */
class SharedParamsTest {

    @Test
    void theEstimatorsSettersSetItsOwnParametersAndReturnIt() {
        OklEstimator e = new OklEstimator();
        assertThat(e.setFeaturesCol("x")).isSameAs(e);
        assertThat(e.setInputCols(new String[] {"a", "b"})).isSameAs(e);
        assertThat(e.setLabelCol("y")).isSameAs(e);
        assertThat(e.setOutputCols(new String[] {"y0", "y1"})).isSameAs(e);
        assertThat(e.setPredictionCol("p")).isSameAs(e);
        assertThat(e.setHandleInvalid("skip")).isSameAs(e);
        assertThat(e.getNumPartitions()).isZero();
        assertThat(e.setNumPartitions(12)).isSameAs(e);
        assertThat(e.getNumPartitions()).isEqualTo(12);
        assertThatThrownBy(() -> e.setNumPartitions(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(e.getOrDefault(e.featuresCol())).isEqualTo("x");
        assertThat(e.getOrDefault(e.inputCols())).containsExactly("a", "b");
        assertThat(e.getOrDefault(e.labelCol())).isEqualTo("y");
        assertThat(e.getOrDefault(e.outputCols())).containsExactly("y0", "y1");
        assertThat(e.getOrDefault(e.predictionCol())).isEqualTo("p");
        assertThat(e.getOrDefault(e.handleInvalid())).isEqualTo("skip");
        assertThat(e.featuresCol().parent()).isEqualTo(e.uid());
        assertThatThrownBy(() -> e.setHandleInvalid("ignore")).isInstanceOf(IllegalArgumentException.class);
        assertThat(names(e.params())).containsExactly("aggregationDepth", "blockRows", "calibrationFraction",
                "calibrationKeyCol", "featuresCol",
                "handleInvalid", "inputCols", "labelCol", "numPartitions", "outputCols", "pipeline", "pipelinePath",
                "pluginFolders", "predictionCol", "requireDistributed", "seed", "weightCol");
    }

    @Test
    void theEvaluatorsSettersSetItsOwnParametersAndReturnIt() {
        MultiOutputEvaluator e = new MultiOutputEvaluator();
        assertThat(e.setLabelCol("truth").setOutputCols(new String[] {"y0"}).setPredictionCol("p")).isSameAs(e);
        assertThat(e.getOrDefault(e.labelCol())).isEqualTo("truth");
        assertThat(e.getOrDefault(e.outputCols())).containsExactly("y0");
        assertThat(e.getOrDefault(e.predictionCol())).isEqualTo("p");
        assertThat(e.setWeightCol("w")).isSameAs(e);
        assertThat(e.getWeightCol()).isEqualTo("w");
        assertThat(names(e.params())).containsExactly("labelCol", "metricName", "outputCols", "predictionCol",
                "weightCol");
    }

    private static String[] names(Param<?>[] params) {
        return Arrays.stream(params).map(Param::name).toArray(String[]::new);
    }
}
