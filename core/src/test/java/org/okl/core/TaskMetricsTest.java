package org.okl.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;

/** The metrics an evaluation reports by default, per task. */
class TaskMetricsTest {
    private static final ComponentSpec TIKHONOV = ComponentSpec.of("tikhonov", "lambda", 1e-3);
    private static final Predicate<ComponentSpec> ALL = s -> true;

    private static PipelineSpec selectingOn(ComponentSpec metric) {
        return PipelineSpec.builder().filter(TIKHONOV).selection(SelectionSpec.kfold(5).metric(metric).build())
                .build();
    }

    @Test
    void eachTaskHasItsUsualMetrics() {
        PipelineSpec fixed = PipelineSpec.builder().filter(TIKHONOV).build();
        assertThat(TaskMetrics.defaults("regression", 3, fixed, ALL)).containsOnlyKeys("mse", "arrmse");
        assertThat(TaskMetrics.defaults("regression", 1, fixed, ALL)).containsOnlyKeys("mse", "rmse");
        assertThat(TaskMetrics.defaults("multi-label", 6, fixed, ALL).keySet())
                .containsExactly("hamming-loss", "f1-micro", "f1-macro");
        assertThat(TaskMetrics.defaults("multi-class", 1, fixed, ALL)).containsOnlyKeys("subset-accuracy");
        assertThat(TaskMetrics.defaults("multi-task", 1, fixed, ALL).keySet())
                .containsExactly("mse", "explained-variance");
        assertThat(TaskMetrics.defaults("structured", 32, fixed, ALL)).containsOnlyKeys("mse");
    }

    @Test
    void theSelectionMetricComesFirstAndOnlyOnce() {
        assertThat(TaskMetrics.defaults("multi-label", 6, selectingOn(ComponentSpec.of("f1-micro")), ALL).keySet())
                .containsExactly("f1-micro", "hamming-loss", "f1-macro");
        Map<String, ComponentSpec> withParameter = TaskMetrics.defaults("structured", 4,
                selectingOn(ComponentSpec.of("rbf-loss", "sigma", "2.5")), ALL);
        assertThat(withParameter.keySet()).containsExactly("rbf-loss:sigma=2.5", "mse");
    }

    @Test
    void aSelectionMetricScoringBeforeDecodingIsNotReported() {
        PipelineSpec targets = selectingOn(ComponentSpec.of("target-mse"));
        assertThat(TaskMetrics.defaults("multi-class", 1, targets, s -> !s.name().equals("target-mse")))
                .containsOnlyKeys("subset-accuracy");
        assertThat(TaskMetrics.defaults("multi-class", 1, targets, ALL).keySet())
                .containsExactly("target-mse", "subset-accuracy");
    }
}
