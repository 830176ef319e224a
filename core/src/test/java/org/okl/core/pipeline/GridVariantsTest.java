package org.okl.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;

class GridVariantsTest {
    private static final PipelineSpec BASE = PipelineSpec.builder().kernel(ComponentSpec.of("gaussian", "sigma", 1.0))
            .filter(ComponentSpec.of("tikhonov")).operator(ComponentSpec.of("separable", "matrix",
                    ComponentSpec.of("common-similarity", "omega", 0.0))).build();

    @Test
    void expandsTheCartesianProductIntoNestedParameters() {
        Map<String, List<Object>> grid = new LinkedHashMap<>();
        grid.put("kernel.sigma", List.of(1.0, 2.0));
        grid.put("operator.matrix.omega", List.of(0.0, 0.5, 1.0));
        List<GridVariants.Variant> v = GridVariants.expand(BASE, grid);
        assertThat(v).hasSize(6);
        GridVariants.Variant last = v.get(5);
        assertThat(last.values()).containsEntry("kernel.sigma", 2.0).containsEntry("operator.matrix.omega", 1.0);
        assertThat(last.spec().kernel()).contains(ComponentSpec.of("gaussian", "sigma", 2.0));
        assertThat(last.spec().operator()).isEqualTo(ComponentSpec.of("separable", "matrix",
                ComponentSpec.of("common-similarity", "omega", 1.0)));
    }

    @Test
    void noGridIsTheSpecItself() {
        assertThat(GridVariants.expand(BASE, Map.of())).singleElement()
                .satisfies(v -> assertThat(v.spec()).isEqualTo(BASE));
    }

    @Test
    void badKeysAreReported() {
        assertThatThrownBy(() -> GridVariants.expand(BASE, Map.of("sigma", List.of(1.0))))
                .hasMessageContaining("selection.grid key 'sigma'");
        assertThatThrownBy(() -> GridVariants.expand(BASE, Map.of("kernel.sigma.x", List.of(1.0))))
                .hasMessageContaining("not a nested component");
        assertThatThrownBy(() -> GridVariants.expand(BASE, Map.of("regularizers.0.gammaI", List.of(1.0))))
                .hasMessageContaining("0 regularizer(s)");
    }
}
