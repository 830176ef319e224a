package org.okl.core.pipeline;

import org.okl.api.component.ComponentSpec;

/**
 * The one place that says what a pipeline uses for a stage it does not name: a pipeline built in code
 * ({@link PipelineSpec.Builder}) and a pipeline file ({@link PipelineFiles}) both take their defaults from here, and
 * so does model selection when a pipeline with a path of several points has no {@code selection}.
 *
 * <ul>
 *   <li>operator: {@code separable} with its own default output matrix (the identity: independent outputs);</li>
 *   <li>output: {@code vector} (the outputs as regression targets);</li>
 *   <li>decoder: {@code identity} (the prediction mapped back through the output embedding);</li>
 *   <li>selection: 5-fold cross-validation on {@code mse}, seed 0 (see {@link SelectionSpec#defaults()}).</li>
 * </ul>
 */
public final class PipelineDefaults {
    private static final ComponentSpec OPERATOR = ComponentSpec.of("separable");
    private static final ComponentSpec OUTPUT = ComponentSpec.of("vector");
    private static final ComponentSpec DECODER = ComponentSpec.of("identity");
    private static final ComponentSpec METRIC = ComponentSpec.of("mse");

    private PipelineDefaults() {
    }

    /** The operator-valued kernel of a pipeline that names none. */
    public static ComponentSpec operator() {
        return OPERATOR;
    }

    /** The output embedding of a pipeline that names none. */
    public static ComponentSpec output() {
        return OUTPUT;
    }

    /** The decoder of a pipeline that names none. */
    public static ComponentSpec decoder() {
        return DECODER;
    }

    /** The validation metric of a selection that names none. */
    public static ComponentSpec metric() {
        return METRIC;
    }
}
