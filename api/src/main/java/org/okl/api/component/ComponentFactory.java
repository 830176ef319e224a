package org.okl.api.component;

import java.util.List;
import org.okl.api.API;

/**
 * Creates one kind of component from a name and typed parameters. A plugin hands its factories to OKL through
 * {@link org.okl.api.plugin.OklPlugin}; the id is what users write in pipeline files and on the command line.
 *
 * @param <T> the component kind, one of the extension-point interfaces, for example
 *            {@link org.okl.api.kernel.VectorKernel}
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface ComponentFactory<T> {

    /** The unique id within the kind, kebab-case, for example {@code gaussian}. */
    String id();

    /** The component kind this factory creates. */
    Class<T> kind();

    /** One line describing the component, shown by {@code okl plugins}. */
    String description();

    /** The parameters the component takes, with defaults and ranges. */
    List<ParameterSpec> parameters();

    /**
     * Creates the component. The parameters were already validated against {@link #parameters()}; cross-parameter
     * rules (for example "sigma or gamma, not both") are checked here and reported with
     * {@link InvalidParameterException}.
     */
    T create(Parameters parameters, ComponentContext context);
}
