package org.okl.api.component;

import java.util.List;
import java.util.Optional;
import org.okl.api.API;

/**
 * Validated parameter values handed to a {@link ComponentFactory}: every declared parameter that has a value or a
 * default is present, with the declared type, inside its declared range.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface Parameters {

    /** Whether the parameter has a value (given or defaulted). */
    boolean has(String name);

    /** A real parameter. */
    double getDouble(String name);

    /** A whole-number parameter. */
    int getInt(String name);

    /** A boolean parameter. */
    boolean getBoolean(String name);

    /** A string parameter. */
    String getString(String name);

    /** A list-of-reals parameter. */
    List<Double> getDoubles(String name);

    /** A nested-component parameter. */
    ComponentSpec getComponent(String name);

    /** A list-of-components parameter. */
    List<ComponentSpec> getComponents(String name);

    /** A real parameter, or empty when it has no value. */
    default Optional<Double> findDouble(String name) {
        return has(name) ? Optional.of(getDouble(name)) : Optional.empty();
    }

    /** A string parameter, or empty when it has no value. */
    default Optional<String> findString(String name) {
        return has(name) ? Optional.of(getString(name)) : Optional.empty();
    }

    /** A nested-component parameter, or empty when it has no value. */
    default Optional<ComponentSpec> findComponent(String name) {
        return has(name) ? Optional.of(getComponent(name)) : Optional.empty();
    }

    /** The spec these values came from, with defaults filled in (what a model file records). */
    ComponentSpec spec();
}
