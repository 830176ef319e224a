package org.okl.app.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.error.OklException;
import org.okl.app.usage.UsageException;
import org.okl.core.Okl;

class DataLoaderTest {
    private static final Okl OKL = Okl.builder().build();

    @Test
    void parsesParametersAndTheSplit() {
        assertThat(DataRef.parse("yeast:test")).isEqualTo(new DataRef(ComponentSpec.of("yeast"), true));
        assertThat(DataRef.parse("related-tasks:n=7:seed=3")).isEqualTo(
                new DataRef(ComponentSpec.of("related-tasks", "n", "7", "seed", "3"), false));
        assertThat(DataRef.parse("related-tasks:n=7:train").test()).isFalse();
        assertThatThrownBy(() -> DataRef.parse("related-tasks:test:n=7")).isInstanceOf(UsageException.class)
                .hasMessageContaining("'test' is not key=value");
    }

    @Test
    void generatorParametersReachTheSource() {
        DataLoader loader = new DataLoader(OKL);
        LoadedData small = loader.load("related-tasks:n=7:nTest=5:seed=3", null, null);
        assertThat(small.inputs().rows()).isEqualTo(4 * 7);
        assertThat(loader.load("related-tasks:n=7:nTest=5:seed=3:test", null, null).inputs().rows())
                .isEqualTo(4 * 5);
        assertThat(loader.load("related-tasks:n=7:nTest=5:seed=3", null, null).outputs().orElseThrow().data())
                .containsExactly(small.outputs().orElseThrow().data());
        assertThat(loader.load("related-tasks:n=7:nTest=5:seed=4", null, null).outputs().orElseThrow().data())
                .isNotEqualTo(small.outputs().orElseThrow().data());
        assertThat(loader.load("related-tasks", null, null).inputs().rows()).isEqualTo(4 * 20);
    }

    @Test
    void invalidGeneratorParametersAreNamed() {
        DataLoader loader = new DataLoader(OKL);
        assertThatThrownBy(() -> loader.load("related-tasks:n=0", null, null))
                .isInstanceOf(OklException.class).hasMessageContaining("parameter 'n' must be in [1, inf), got 0");
        assertThatThrownBy(() -> loader.load("related-tasks:size=3", null, null))
                .hasMessageContaining("size");
    }
}
