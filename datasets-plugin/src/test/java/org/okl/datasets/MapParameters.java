package org.okl.datasets;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.ParameterSpec;
import org.okl.api.component.Parameters;

/** Parameter values for tests: the given values over the factory's declared defaults (no validation). */
public final class MapParameters implements Parameters {
    private final String id;
    private final Map<String, Object> values = new LinkedHashMap<>();

    private MapParameters(ComponentFactory<?> factory, Map<String, Object> given) {
        this.id = factory.id();
        for (ParameterSpec p : factory.parameters()) {
            if (p.defaultValue() != null) {
                values.put(p.name(), p.defaultValue());
            }
        }
        values.putAll(given);
    }

    /** Values for a factory, given as alternating names and values. */
    public static MapParameters of(ComponentFactory<?> factory, Object... namesAndValues) {
        Map<String, Object> given = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            given.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return new MapParameters(factory, given);
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

    @Override
    @SuppressWarnings("unchecked")
    public List<Double> getDoubles(String name) {
        return (List<Double>) values.get(name);
    }

    @Override
    public ComponentSpec getComponent(String name) {
        return (ComponentSpec) values.get(name);
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<ComponentSpec> getComponents(String name) {
        return (List<ComponentSpec>) values.get(name);
    }

    @Override
    public ComponentSpec spec() {
        return new ComponentSpec(id, values);
    }
}
