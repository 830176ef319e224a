package org.okl.core.plugin;

import org.okl.api.component.ComponentFactory;

/**
 * A component factory with where it came from.
 *
 * @param kind     its kind
 * @param factory  the factory
 * @param plugin   the name of the plugin that offers it
 * @param location the JAR of that plugin
 * @param loader   the isolated class loader of that plugin (a plugins folder's), or {@code null} for a plugin on
 *                 OKL's class path or added in code
 */
public record RegisteredComponent(ComponentKind kind, ComponentFactory<?> factory, String plugin, String location,
        ClassLoader loader) {

    /** Whether the component comes from a plugin with its own isolated class loader. */
    public boolean isolated() {
        return loader != null;
    }

    /** Whether creating the component needs a parameter that has no default. */
    public boolean needsParameters() {
        return factory.parameters().stream().anyMatch(p -> p.required());
    }
}
