package org.okl.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;

/** The metrics an evaluation reports by default, per task. */
class TaskMetricsTest {
    private static final ComponentSpec TIKHONOV = ComponentSpec.of("tikhonov", "lambda", 1e-3);

    private static PipelineSpec selectingOn(ComponentSpec metric) {
        return PipelineSpec.builder().filter(TIKHONOV).selection(SelectionSpec.kfold(5).metric(metric).build())
                .build();
    }

    @Test
    void eachTaskHasItsUsualMetrics() {
        PipelineSpec fixed = PipelineSpec.builder().filter(TIKHONOV).build();
        assertThat(TaskMetrics.defaults("regression", 3, fixed)).containsOnlyKeys("mse", "arrmse");
        assertThat(TaskMetrics.defaults("regression", 1, fixed)).containsOnlyKeys("mse", "rmse");
        assertThat(TaskMetrics.defaults("multi-label", 6, fixed).keySet())
                .containsExactly("hamming-loss", "f1-micro", "f1-macro");
        assertThat(TaskMetrics.defaults("multi-class", 1, fixed)).containsOnlyKeys("subset-accuracy");
        assertThat(TaskMetrics.defaults("multi-task", 1, fixed).keySet()).containsExactly("mse", "explained-variance");
        assertThat(TaskMetrics.defaults("structured", 32, fixed)).containsOnlyKeys("mse");
    }

    @Test
    void theSelectionMetricComesFirstAndOnlyOnce() {
        assertThat(TaskMetrics.defaults("multi-label", 6, selectingOn(ComponentSpec.of("f1-micro"))).keySet())
                .containsExactly("f1-micro", "hamming-loss", "f1-macro");
        Map<String, ComponentSpec> withParameter = TaskMetrics.defaults("structured", 4,
                selectingOn(ComponentSpec.of("rbf-loss", "sigma", "2.5")));
        assertThat(withParameter.keySet()).containsExactly("rbf-loss:sigma=2.5", "mse");
    }
}
