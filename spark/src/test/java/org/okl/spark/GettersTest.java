package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every parameter of every okl-spark stage has the getter Spark ML's own stages have ({@code getX} for parameter
 * {@code x}), public, returning the value as set, else the default.
 */
class GettersTest {

    static Stream<Params> stages() {
        OklEstimator estimator = new OklEstimator().setPipeline(OklEstimatorTest.PIPELINE).setPipelinePath("p.json")
                .setWeightCol("w").setInputCols(new String[] {"a", "b"}).setLabelCol("y").setSeed(9);
        MultiOutputEvaluator evaluator = new MultiOutputEvaluator().setOutputCols(new String[] {"y0", "y1"})
                .setMetricName("rmse");
        SyntheticData d = SyntheticData.draw(300, 3, 2, 5);
        OklSparkModel model = new OklEstimator().setPipeline(OklEstimatorTest.PIPELINE)
                .setOutputCols(d.outputColumns().toArray(new String[0])).fit(d.dataset(LocalSpark.session(), 2));
        return Stream.of(estimator, new OklEstimator(), evaluator, new MultiOutputEvaluator(), model);
    }

    @ParameterizedTest
    @MethodSource("stages")
    void everyParameterHasAGetterThatReturnsItsValue(Params stage) throws Exception {
        for (Param<?> p : stage.params()) {
            String name = "get" + p.name().substring(0, 1).toUpperCase(Locale.ROOT) + p.name().substring(1);
            Method getter = stage.getClass().getMethod(name);
            assertThat(getter.getParameterCount()).as(name).isZero();
            if (stage.isDefined(p)) {
                Object value = getter.invoke(stage);
                Object expected = stage.getOrDefault(p);
                if (expected instanceof String[] strings) {
                    assertThat((String[]) value).as(name).containsExactly(strings);
                } else {
                    assertThat(value).as(name).isEqualTo(expected);
                }
            }
        }
    }
}
