package org.okl.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.okl.api.component.ComponentSpec;
import org.okl.api.metric.Metric;
import org.okl.api.metric.TargetSpaceMetric;

/**
 * The metrics an evaluation reports when none are asked for ({@code okl evaluate} without {@code --metrics}, a
 * {@link FitPlan} for an evaluation): the pipeline's own selection metric (unless it scores in the target space,
 * before decoding: {@link TargetSpaceMetric}), then the ones its task is usually judged by (regression: mse and
 * arrmse, or rmse for one output; multi-label: hamming-loss, f1-micro, f1-macro; multi-class: subset-accuracy;
 * multi-task: mse, explained-variance; structured outputs: mse).
 */
public final class TaskMetrics {
    private TaskMetrics() {
    }

    /**
     * The default metrics, keyed as {@code --metrics} would spell them.
     *
     * @param task     the task's id as {@link AutoPipeline.Task#id()} spells it ({@code multi-label}, ...)
     * @param outputs  how many output columns the training data have
     * @param pipeline the pipeline evaluated (its selection metric comes first)
     * @param okl      the instance whose components tell a decision metric from a target-space one
     */
    public static Map<String, ComponentSpec> defaults(String task, int outputs, PipelineSpec pipeline, Okl okl) {
        return defaults(task, outputs, pipeline, s -> !(okl.create(Metric.class, s) instanceof TargetSpaceMetric));
    }

    /** As {@link #defaults(String, int, PipelineSpec, Okl)}, told which metrics score decoded outputs. */
    static Map<String, ComponentSpec> defaults(String task, int outputs, PipelineSpec pipeline,
            Predicate<ComponentSpec> scoresOutputs) {
        Map<String, ComponentSpec> out = new LinkedHashMap<>();
        pipeline.selection().map(SelectionSpec::metric).filter(scoresOutputs).ifPresent(s -> out.put(text(s), s));
        for (String name : usual(task, outputs)) {
            out.putIfAbsent(name, ComponentSpec.of(name));
        }
        return out;
    }

    private static List<String> usual(String task, int outputs) {
        return switch (task) {
            case "regression" -> outputs > 1 ? List.of("mse", "arrmse") : List.of("mse", "rmse");
            case "multi-label" -> List.of("hamming-loss", "f1-micro", "f1-macro");
            case "multi-class" -> List.of("subset-accuracy");
            case "multi-task" -> List.of("mse", "explained-variance");
            default -> List.of("mse");
        };
    }

    /** The spec as {@code --metrics} takes it: {@code name:key=value:...}. */
    private static String text(ComponentSpec spec) {
        return spec.name() + spec.parameters().entrySet().stream().map(e -> ":" + e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining());
    }
}
