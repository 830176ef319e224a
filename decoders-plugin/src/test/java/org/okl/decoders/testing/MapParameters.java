package org.okl.decoders.testing;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.Parameters;

/** Parameters from declared defaults plus given values, for factory tests (no validation beyond names). */
public final class MapParameters implements Parameters {
    private final String component;
    private final Map<String, Object> values = new LinkedHashMap<>();

    /**
     * @param component the component id
     * @param specs     the declared parameters
     * @param given     given values; names must be declared
     */
    public MapParameters(String component, List<ParameterSpec> specs, Map<String, Object> given) {
        this.component = component;
        for (ParameterSpec s : specs) {
            if (s.defaultValue() != null) {
                values.put(s.name(), s.defaultValue());
            }
        }
        for (Map.Entry<String, Object> e : given.entrySet()) {
            if (specs.stream().noneMatch(s -> s.name().equals(e.getKey()))) {
                throw new IllegalArgumentException(component + ": undeclared parameter '" + e.getKey() + "'");
            }
            values.put(e.getKey(), e.getValue());
        }
        for (ParameterSpec s : specs) {
            if (s.required() && !values.containsKey(s.name())) {
                throw new IllegalArgumentException(component + ": missing required parameter '" + s.name() + "'");
            }
        }
    }

    @Override
    public boolean has(String name) {
        return values.containsKey(name);
    }

    @Override
    public double getDouble(String name) {
        return ((Number) values.get(name)).doubleValue();
    }

    @Override
    public int getInt(String name) {
        return ((Number) values.get(name)).intValue();
    }

    @Override
    public boolean getBoolean(String name) {
        return (Boolean) values.get(name);
    }

    @Override
    public String getString(String name) {
        return (String) values.get(name);
    }

    @SuppressWarnings("unchecked")
    @Override
    public List<Double> getDoubles(String name) {
        return (List<Double>) values.get(name);
    }

    @Override
    public ComponentSpec getComponent(String name) {
        Object v = values.get(name);
        if (v instanceof ComponentSpec spec) {
            return spec;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> map = new LinkedHashMap<>((Map<String, Object>) v);
        return new ComponentSpec((String) map.remove("name"), map);
    }

    @Override
    public List<ComponentSpec> getComponents(String name) {
        throw new UnsupportedOperationException();
    }

    @Override
    public ComponentSpec spec() {
        return new ComponentSpec(component, values);
    }
}
