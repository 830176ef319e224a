package org.okl.core.pipeline;

import org.okl.api.component.ComponentSpec;

/**
 * Fills in the stages a pipeline leaves out: the operator-valued kernel ({@code separable}, with the identity output
 * matrix), the output embedding ({@code vector}), the decoder ({@code identity}) and the metric of model selection
 * ({@code mse}). This is the one place defaults are applied, for pipelines built in code
 * ({@link org.okl.core.Okl#pipeline(PipelineSpec)}) and read from files ({@link PipelineFiles}) alike.
 */
public final class PipelineDefaults {
    private static final ComponentSpec OPERATOR = ComponentSpec.of("separable");
    private static final ComponentSpec OUTPUT = ComponentSpec.of("vector");
    private static final ComponentSpec DECODER = ComponentSpec.of("identity");
    private static final ComponentSpec METRIC = ComponentSpec.of("mse");

    /** The defaults. */
    public PipelineDefaults() {
    }

    /** The spec with every stage it leaves out set to its default. */
    public PipelineSpec complete(PipelineSpec spec) {
        PipelineSpec.Builder b = spec.toBuilder();
        if (spec.operator() == null) {
            b.operator(OPERATOR);
        }
        if (spec.output() == null) {
            b.output(OUTPUT);
        }
        if (spec.decoder() == null) {
            b.decoder(DECODER);
        }
        spec.selection().ifPresent(s -> b.selection(complete(s)));
        return b.build();
    }

    /** The selection with its metric set to the default when it names none. */
    public SelectionSpec complete(SelectionSpec selection) {
        return selection.metric() != null ? selection : selection.withMetric(METRIC);
    }

    /** The selection a pipeline with several path points and no {@code selection} uses. */
    public SelectionSpec selection() {
        return complete(SelectionSpec.defaults());
    }
}
