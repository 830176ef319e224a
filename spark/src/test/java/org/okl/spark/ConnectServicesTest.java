package org.okl.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.apache.spark.ml.Estimator;
import org.apache.spark.ml.Transformer;
import org.apache.spark.ml.evaluation.Evaluator;
import org.apache.spark.ml.param.Params;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OKL's stages are listed where Spark Connect's ML handler looks for them ({@code MLUtils.loadOperators}:
 * {@code ServiceLoader.load(cls).stream()}, keyed by class name), with what it then calls: the constructor taking
 * the uid for estimators and evaluators (then their parameters set by name), and the static {@code load(String)}
 * for models. Java's service loader requires a public constructor without arguments of every class listed.
 */
class ConnectServicesTest {

    /** The OKL classes a service file lists, as Connect's handler finds them (without instantiating them). */
    private static List<Class<?>> listed(Class<?> service) {
        return ServiceLoader.load(service, Thread.currentThread().getContextClassLoader()).stream()
                .<Class<?>>map(ServiceLoader.Provider::type).filter(c -> c.getName().startsWith("org.okl."))
                .toList();
    }

    @Test
    void theServiceFilesListTheStagesWithTheConstructorsConnectCalls(@TempDir Path dir) throws Exception {
        assertThat(listed(Estimator.class)).containsExactly(OklEstimator.class);
        assertThat(listed(Evaluator.class)).containsExactly(MultiOutputEvaluator.class);
        assertThat(listed(Transformer.class)).containsExactly(OklSparkModel.class);

        for (Class<?> stage : List.of(OklEstimator.class, MultiOutputEvaluator.class)) {
            Params made = (Params) stage.getConstructor(String.class).newInstance("connect-uid");
            assertThat(made.uid()).isEqualTo("connect-uid");
        }
        SyntheticData d = SyntheticData.draw(200, 3, 1, 91);
        Dataset<Row> data = d.dataset(LocalSpark.session(), 2);
        OklEstimator estimator = (OklEstimator) OklEstimator.class.getConstructor(String.class)
                .newInstance("okl-connect");
        estimator.set(estimator.getParam("pipeline"), OklEstimatorTest.PIPELINE);
        estimator.set(estimator.getParam("labelCol"), "y0");
        OklSparkModel fitted = estimator.fit(data);
        String path = dir.resolve("model").toString();
        fitted.write().save(path);

        Method load = OklSparkModel.class.getMethod("load", String.class);
        assertThat(Modifier.isStatic(load.getModifiers())).isTrue();
        OklSparkModel loaded = (OklSparkModel) load.invoke(null, path);
        assertThat(loaded.transform(data).select("prediction").collectAsList())
                .isEqualTo(fitted.transform(data).select("prediction").collectAsList());
        assertThatThrownBy(() -> new OklSparkModel().transform(data)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("load a saved one");
    }
}
