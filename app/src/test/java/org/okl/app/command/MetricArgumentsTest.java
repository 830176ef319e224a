package org.okl.app.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.app.usage.UsageException;

class MetricArgumentsTest {

    @Test
    void parsesNamesAndParameters() {
        assertThat(MetricArguments.parse("mse, rbf-loss:sigma=10,top-k-accuracy:k=5"))
                .containsExactly(
                        java.util.Map.entry("mse", ComponentSpec.of("mse")),
                        java.util.Map.entry("rbf-loss:sigma=10", ComponentSpec.of("rbf-loss", "sigma", "10")),
                        java.util.Map.entry("top-k-accuracy:k=5", ComponentSpec.of("top-k-accuracy", "k", "5")));
    }

    @Test
    void rejectsMalformedLists() {
        assertThatThrownBy(() -> MetricArguments.parse("rbf-loss:sigma")).isInstanceOf(UsageException.class)
                .hasMessageContaining("'sigma' in 'rbf-loss:sigma' is not key=value");
        assertThatThrownBy(() -> MetricArguments.parse(" , ")).isInstanceOf(UsageException.class)
                .hasMessageContaining("at least one metric");
    }
}
