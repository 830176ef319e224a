package org.okl.api.component;

import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import org.okl.api.API;

/**
 * A convenient {@link ComponentFactory} built from its id, kind, description, parameters and a creation function, so
 * a plugin can declare a component in one expression.
 *
 * @param <T> the component kind
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class SimpleComponentFactory<T> implements ComponentFactory<T> {
    private final String id;
    private final Class<T> kind;
    private final String description;
    private final List<ParameterSpec> parameters;
    private final BiFunction<Parameters, ComponentContext, ? extends T> creator;

    private SimpleComponentFactory(String id, Class<T> kind, String description, List<ParameterSpec> parameters,
            BiFunction<Parameters, ComponentContext, ? extends T> creator) {
        this.id = Objects.requireNonNull(id, "id");
        this.kind = Objects.requireNonNull(kind, "kind");
        this.description = Objects.requireNonNull(description, "description");
        this.parameters = List.copyOf(parameters);
        this.creator = Objects.requireNonNull(creator, "creator");
    }

    /** A factory from its parts. */
    public static <T> ComponentFactory<T> of(String id, Class<T> kind, String description,
            List<ParameterSpec> parameters, BiFunction<Parameters, ComponentContext, ? extends T> creator) {
        return new SimpleComponentFactory<>(id, kind, description, parameters, creator);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public Class<T> kind() {
        return kind;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public List<ParameterSpec> parameters() {
        return parameters;
    }

    @Override
    public T create(Parameters params, ComponentContext context) {
        return creator.apply(params, context);
    }
}
