package org.okl.core.plugin;

import com.google.inject.AbstractModule;
import com.google.inject.Key;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.MapBinder;
import com.google.inject.util.Types;
import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentFactory;

/**
 * Binds every discovered factory into Guice: one {@code MapBinder<String, ComponentFactory<K>>} per kind K, keyed by
 * id, and installs the plugins' own Guice modules (which may add factories to the same maps).
 */
final class PluginBindings extends AbstractModule {
    private final List<RegisteredComponent> components;
    private final List<com.google.inject.Module> pluginModules;

    PluginBindings(List<RegisteredComponent> components, List<com.google.inject.Module> pluginModules) {
        this.components = components;
        this.pluginModules = pluginModules;
    }

    /** The injector key of the factory map of a kind. */
    @SuppressWarnings("unchecked")
    static Key<Map<String, ComponentFactory<?>>> mapKey(ComponentKind kind) {
        return (Key<Map<String, ComponentFactory<?>>>) Key.get(Types.mapOf(String.class, factoryType(kind)));
    }

    @SuppressWarnings("unchecked")
    private static TypeLiteral<ComponentFactory<?>> factoryLiteral(ComponentKind kind) {
        return (TypeLiteral<ComponentFactory<?>>) TypeLiteral.get(factoryType(kind));
    }

    private static java.lang.reflect.Type factoryType(ComponentKind kind) {
        return Types.newParameterizedType(ComponentFactory.class, kind.type());
    }

    @Override
    protected void configure() {
        for (ComponentKind kind : ComponentKind.values()) {
            MapBinder<String, ComponentFactory<?>> binder =
                    MapBinder.newMapBinder(binder(), TypeLiteral.get(String.class), factoryLiteral(kind));
            components.stream()
                    .filter(c -> c.kind() == kind)
                    .forEach(c -> binder.addBinding(c.factory().id()).toInstance(c.factory()));
        }
        pluginModules.forEach(this::install);
    }
}
