package org.okl.kernels.testing;

import java.util.List;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.Parameters;

/**
 * Parameters read straight from a spec, without validation: for calling factories directly in tests.
 *
 * @param spec the spec holding the values
 */
public record SpecParameters(ComponentSpec spec) implements Parameters {

    @Override
    public boolean has(String name) {
        return spec.parameters().containsKey(name);
    }

    @Override
    public double getDouble(String name) {
        return ((Number) spec.parameters().get(name)).doubleValue();
    }

    @Override
    public int getInt(String name) {
        return ((Number) spec.parameters().get(name)).intValue();
    }

    @Override
    public boolean getBoolean(String name) {
        return (Boolean) spec.parameters().get(name);
    }

    @Override
    public String getString(String name) {
        return (String) spec.parameters().get(name);
    }

    @Override
    public List<Double> getDoubles(String name) {
        return ((List<?>) spec.parameters().get(name)).stream().map(x -> ((Number) x).doubleValue()).toList();
    }

    @Override
    public ComponentSpec getComponent(String name) {
        return (ComponentSpec) spec.parameters().get(name);
    }

    @Override
    public List<ComponentSpec> getComponents(String name) {
        return ((List<?>) spec.parameters().get(name)).stream().map(ComponentSpec.class::cast).toList();
    }
}
