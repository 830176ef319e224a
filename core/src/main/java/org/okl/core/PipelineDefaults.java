package org.okl.core;

import com.google.inject.Inject;
import com.google.inject.Singleton;
import org.okl.api.decoder.Decoder;
import org.okl.api.metric.Metric;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.output.OutputEmbedding;
import org.okl.core.plugin.ComponentRegistry;

/**
 * Fills in the stages a pipeline leaves out with the defaults OKL's own plugins declare
 * ({@link org.okl.api.plugin.OklPlugin#defaults()}): the operator-valued kernel, the output embedding, the decoder and
 * the metric of model selection. This is the one place defaults are applied, for pipelines built in code and read
 * from files alike; core itself names no component.
 */
@Singleton
public final class PipelineDefaults {
    private final ComponentRegistry registry;

    /** Defaults from the given registry. */
    @Inject
    public PipelineDefaults(ComponentRegistry registry) {
        this.registry = registry;
    }

    /** The spec with every stage it leaves out set to its default (an automatic spec is left as it is). */
    public PipelineSpec complete(PipelineSpec spec) {
        if (spec.isAuto()) {
            return spec;
        }
        PipelineSpec s = spec;
        if (s.operator() == null) {
            s = s.withOperator(registry.defaultComponent(OperatorKernel.class));
        }
        if (s.output() == null) {
            s = s.withOutput(registry.defaultComponent(OutputEmbedding.class));
        }
        if (s.decoder() == null) {
            s = s.withDecoder(registry.defaultComponent(Decoder.class));
        }
        if (s.selection().isPresent() && s.selection().get().metric() == null) {
            s = s.withSelection(complete(s.selection().get()));
        }
        return s;
    }

    /** The selection with its metric set to the default when it names none. */
    public SelectionSpec complete(SelectionSpec selection) {
        return selection.metric() != null ? selection
                : selection.withMetric(registry.defaultComponent(Metric.class));
    }

    /** The selection a pipeline with several path points and no {@code selection} member uses. */
    public SelectionSpec selection() {
        return complete(SelectionSpec.defaults());
    }
}
