package org.okl.core.plugin;

import org.okl.api.component.ComponentFactory;

/**
 * A component factory with where it came from.
 *
 * @param kind     its kind
 * @param factory  the factory
 * @param plugin   the name of the plugin that offers it
 * @param location the JAR of that plugin
 */
public record RegisteredComponent(ComponentKind kind, ComponentFactory<?> factory, String plugin, String location) {
}
