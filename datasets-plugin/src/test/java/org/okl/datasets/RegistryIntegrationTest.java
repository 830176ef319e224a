package org.okl.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.TableReader;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.testkit.TestContext;

/**
 * The plugin's components created through core's registry, which validates parameters against their specs (and reports
 * invalid ones as its own exception type, so these tests check the messages).
 */
class RegistryIntegrationTest {
    private final TestContext context = TestContext.active();

    @Test
    void metricsWithParameters() {
        Metric rbf = context.create(Metric.class, ComponentSpec.of("rbf-loss", "sigma", 2.0));
        // ||(0,0) - (2,0)||^2 = 4: 2 - 2 exp(-4/8) = 0.78693868
        assertThat(rbf.evaluate(Matrix.fromRows(new double[][] {{0, 0}}),
                Decoded.of(Matrix.fromRows(new double[][] {{2, 0}})))).isCloseTo(0.78693868, within(1e-8));
        assertThatThrownBy(() -> context.create(Metric.class, ComponentSpec.of("rbf-loss", "sigma", -1.0)))
                .isInstanceOf(RuntimeException.class).hasMessageContaining("sigma");
        assertThatThrownBy(() -> context.create(Metric.class, ComponentSpec.of("rbf-loss")))
                .isInstanceOf(RuntimeException.class).hasMessageContaining("sigma");
        assertThat(context.create(Metric.class, ComponentSpec.of("top-k-accuracy", "k", 3))).isNotNull();
    }

    @Test
    void datasetsAndReadersByName() {
        DatasetSource field = context.create(DatasetSource.class,
                ComponentSpec.of("vector-field-mixture", "n", 30, "grid", 10, "gamma", 1.0, "seed", 5));
        Dataset d = field.load(context);
        assertThat(d.train().size()).isEqualTo(30);
        assertThat(d.test().orElseThrow().size()).isEqualTo(70);
        assertThatThrownBy(() -> context.create(DatasetSource.class,
                ComponentSpec.of("vector-field-mixture", "gamma", 1.5))).isInstanceOf(RuntimeException.class)
                .hasMessageContaining("gamma");
        assertThatThrownBy(() -> context.create(DatasetSource.class,
                ComponentSpec.of("vector-field-mixture", "n", 100, "grid", 10)))
                .isInstanceOf(RuntimeException.class).hasMessageContaining("'n'");
        assertThat(context.create(TableReader.class, ComponentSpec.of("arff")).suffixes()).containsExactly(".arff");
        assertThat(context.create(DatasetSource.class, ComponentSpec.of("linnerud")).load(context).train().size())
                .isEqualTo(20);
    }
}
