package org.okl.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;
import org.okl.api.plugin.OklPlugin;
import org.okl.testkit.TestContext;

/**
 * The plugin, found as a service, and its metrics created through core's registry, which validates parameters against
 * their specs (and reports invalid ones as its own exception type, so these tests check the messages).
 */
class MetricsPluginTest {
    private final TestContext context = TestContext.active();

    @Test
    void registeredAsAServiceUnderItsName() {
        OklPlugin plugin = ServiceLoader.load(OklPlugin.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p instanceof MetricsPlugin).findFirst().orElseThrow();
        assertThat(plugin.name()).isEqualTo("okl-metrics");
        assertThat(plugin.version()).isNotBlank();
        assertThat(new MetricsPlugin().metrics()).hasSize(15);
        assertThat(new MetricsPlugin().defaults()).containsEntry(Metric.class, ComponentSpec.of("mse"));
    }

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
}
