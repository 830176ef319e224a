package org.okl.api.component;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import org.okl.api.API;

/**
 * A component named by id plus its raw parameter values, as written in a pipeline file:
 * {@code {"name": "gaussian", "sigma": 2.0}}. Values are {@link Double}, {@link Long}/{@link Integer},
 * {@link Boolean}, {@link String}, {@code List} of those, or a nested {@code ComponentSpec}.
 *
 * @param name       the component id
 * @param parameters raw parameter values by name, in the order written
 */
@API(status = API.Status.STABLE, since = "0.1")
public record ComponentSpec(String name, Map<String, Object> parameters) {

    /** Copies the parameters into an unmodifiable, order-preserving map. */
    public ComponentSpec {
        Objects.requireNonNull(name, "name");
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** A component with no parameters. */
    public static ComponentSpec of(String name) {
        return new ComponentSpec(name, Map.of());
    }

    /**
     * A component with parameters given as alternating names and values. Pipelines built in code use the typed specs
     * of the plugins that provide the components instead (for example {@code Kernels.gaussian(2.0)} of OKL's kernels
     * plugin); this untyped form, and {@link #with(String, Object)}, serve components that have none.
     */
    public static ComponentSpec of(String name, Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("parameters must come as name, value pairs");
        }
        Map<String, Object> p = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            p.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return new ComponentSpec(name, p);
    }

    /** A copy with one parameter set (added or replaced). */
    public ComponentSpec with(String parameter, Object value) {
        Map<String, Object> p = new LinkedHashMap<>(parameters);
        p.put(parameter, value);
        return new ComponentSpec(name, p);
    }

    /** Compact form such as {@code gaussian(sigma=2.0)}. */
    @Override
    public String toString() {
        if (parameters.isEmpty()) {
            return name;
        }
        return name + parameters.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ", "(", ")"));
    }
}
