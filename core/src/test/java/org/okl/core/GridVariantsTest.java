package org.okl.core;

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
    void wholeKernelsThenTheirFactorsAndTransformParameters() {
        PipelineSpec base = BASE.withInputs(List.of(ComponentSpec.of("pca", "rank", 2)));
        Map<String, List<Object>> grid = new LinkedHashMap<>();
        grid.put("kernel", List.of(ComponentSpec.of("gaussian", "bandwidth", "median"),
                ComponentSpec.of("laplacian", "bandwidth", "median")));
        grid.put("kernel.factor", List.of(0.5, 2.0));
        grid.put("inputs.0.rank", List.of(3));
        List<GridVariants.Variant> v = GridVariants.expand(base, grid);
        assertThat(v).hasSize(4);
        assertThat(v.get(3).spec().kernel()).contains(ComponentSpec.of("laplacian", "bandwidth", "median",
                "factor", 2.0));
        assertThat(v.get(3).spec().inputs()).containsExactly(ComponentSpec.of("pca", "rank", 3));
        assertThatThrownBy(() -> GridVariants.expand(base, Map.of("kernel", List.of(1.0))))
                .hasMessageContaining("lists whole kernels");
        assertThatThrownBy(() -> GridVariants.expand(base, Map.of("targets.0.center", List.of(true))))
                .hasMessageContaining("the pipeline has 0 target transform(s)");
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
