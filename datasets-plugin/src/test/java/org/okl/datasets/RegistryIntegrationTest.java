package org.okl.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.data.TableReader;
import org.okl.testkit.TestContext;

/**
 * The plugin's components created through core's registry, which validates parameters against their specs (and reports
 * invalid ones as its own exception type, so these tests check the messages).
 */
class RegistryIntegrationTest {
    private final TestContext context = TestContext.active();

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
