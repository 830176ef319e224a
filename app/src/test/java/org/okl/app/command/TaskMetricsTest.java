package org.okl.app.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.TaskMetrics;

/** The default metrics' keys are what {@code --metrics} takes for the same metrics. */
class TaskMetricsTest {

    @Test
    void eachDefaultKeyParsesBackToItsMetric() {
        PipelineSpec selecting = PipelineSpec.builder().filter(ComponentSpec.of("tikhonov", "lambda", 1e-3))
                .selection(SelectionSpec.kfold(5).metric(ComponentSpec.of("rbf-loss", "sigma", "2.5")).build())
                .build();
        Map<String, ComponentSpec> defaults = TaskMetrics.defaults("structured", 4, selecting, Okl.builder().build());
        assertThat(defaults.keySet()).containsExactly("rbf-loss:sigma=2.5", "mse");
        defaults.forEach((text, spec) -> assertThat(MetricArguments.parse(text)).containsEntry(text, spec));
    }

    @Test
    void theTargetSpaceSelectionMetricIsLeftToSelection() {
        PipelineSpec selecting = PipelineSpec.builder().filter(ComponentSpec.of("tikhonov", "lambda", 1e-3))
                .selection(SelectionSpec.kfold(5).metric(ComponentSpec.of("target-mse")).build()).build();
        assertThat(TaskMetrics.defaults("multi-class", 1, selecting, Okl.builder().build()).keySet())
                .containsExactly("subset-accuracy");
    }
}
