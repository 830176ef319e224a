package org.okl.core.plugin;

import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Stage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.plugin.PipelineTemplate;
import org.okl.core.component.ValidatedParameters;

/**
 * Every component the discovered plugins offer, by kind and id, assembled through Guice (a {@code MapBinder} per
 * kind). Unknown ids list what is available; duplicate ids are a hard error naming both JARs; a plugin that fails to
 * initialise is recorded and left out without taking the others down.
 */
public final class ComponentRegistry {
    private final Map<ComponentKind, Map<String, RegisteredComponent>> components;
    private final Map<String, PipelineTemplate> templates;
    private final List<PluginInfo> plugins;
    private final List<PluginLoader.PluginFailure> failures;

    private ComponentRegistry(Map<ComponentKind, Map<String, RegisteredComponent>> components,
            Map<String, PipelineTemplate> templates, List<PluginInfo> plugins,
            List<PluginLoader.PluginFailure> failures) {
        this.components = components;
        this.templates = templates;
        this.plugins = plugins;
        this.failures = failures;
    }

    /**
     * Builds the registry from discovered plugins.
     *
     * @throws OklException {@link ErrorCode#DUPLICATE_COMPONENT} when two plugins offer the same id for one kind
     */
    public static ComponentRegistry of(PluginLoader.Discovery discovery) {
        List<PluginLoader.PluginFailure> failures = new ArrayList<>(discovery.failures());
        List<PluginInfo> plugins = new ArrayList<>();
        Map<ComponentKind, Map<String, RegisteredComponent>> byKind = new EnumMap<>(ComponentKind.class);
        Map<String, PipelineTemplate> templates = new TreeMap<>();
        Map<String, String> templateOrigin = new TreeMap<>();
        List<com.google.inject.Module> modules = new ArrayList<>();
        for (PluginLoader.LoadedPlugin loaded : discovery.plugins()) {
            Contribution c;
            try {
                c = Contribution.of(loaded);
            } catch (RuntimeException | LinkageError e) {
                failures.add(new PluginLoader.PluginFailure(loaded.location(),
                        loaded.plugin().getClass().getName() + " failed to initialise: " + e));
                continue;
            }
            for (RegisteredComponent rc : c.components()) {
                Map<String, RegisteredComponent> ids = byKind.computeIfAbsent(rc.kind(), k -> new TreeMap<>());
                RegisteredComponent previous = ids.putIfAbsent(rc.factory().id(), rc);
                if (previous != null) {
                    throw duplicate(rc.kind().label(), rc.factory().id(), previous.plugin(), previous.location(),
                            rc.plugin(), rc.location());
                }
            }
            for (PipelineTemplate t : c.templates()) {
                String previous = templateOrigin.putIfAbsent(t.id(), c.name() + " (" + loaded.location() + ")");
                if (previous != null) {
                    throw new OklException(ErrorCode.DUPLICATE_COMPONENT, "duplicate pipeline '" + t.id()
                            + "': offered by " + previous + " and by " + c.name() + " (" + loaded.location()
                            + "); remove one of the JARs");
                }
                templates.put(t.id(), t);
            }
            modules.addAll(c.modules());
            plugins.add(new PluginInfo(c.name(), c.version(), loaded.location()));
        }
        List<RegisteredComponent> all = byKind.values().stream().flatMap(m -> m.values().stream()).toList();
        Injector injector = createInjector(all, modules);
        Map<ComponentKind, Map<String, RegisteredComponent>> bound = new EnumMap<>(ComponentKind.class);
        for (ComponentKind kind : ComponentKind.values()) {
            Map<String, RegisteredComponent> known = byKind.getOrDefault(kind, Map.of());
            Map<String, RegisteredComponent> result = new TreeMap<>();
            injector.getInstance(PluginBindings.mapKey(kind)).forEach((id, factory) -> result.put(id,
                    known.containsKey(id) ? known.get(id)
                            : new RegisteredComponent(kind, factory, "(guice module)", "(guice module)")));
            bound.put(kind, Collections.unmodifiableMap(result));
        }
        return new ComponentRegistry(bound, Collections.unmodifiableMap(templates),
                Collections.unmodifiableList(plugins), Collections.unmodifiableList(failures));
    }

    private static Injector createInjector(List<RegisteredComponent> all, List<com.google.inject.Module> modules) {
        try {
            return Guice.createInjector(Stage.PRODUCTION, new PluginBindings(all, modules));
        } catch (CreationException e) {
            String detail = e.getErrorMessages().isEmpty() ? e.getMessage()
                    : e.getErrorMessages().iterator().next().getMessage();
            throw new OklException(ErrorCode.DUPLICATE_COMPONENT,
                    "plugin Guice modules conflict: " + detail.replace('\n', ' '), e);
        }
    }

    private static OklException duplicate(String kind, String id, String plugin1, String jar1, String plugin2,
            String jar2) {
        return new OklException(ErrorCode.DUPLICATE_COMPONENT, "duplicate " + kind + " id '" + id + "': offered by "
                + plugin1 + " (" + jar1 + ") and by " + plugin2 + " (" + jar2 + "); remove one of the JARs");
    }

    /**
     * The factory of a component.
     *
     * @throws OklException {@link ErrorCode#UNKNOWN_COMPONENT} listing the ids available for the kind
     */
    @SuppressWarnings("unchecked")
    public <T> ComponentFactory<T> factory(Class<T> type, String id) {
        ComponentKind kind = ComponentKind.of(type);
        RegisteredComponent rc = components.get(kind).get(id);
        if (rc == null) {
            throw new OklException(ErrorCode.UNKNOWN_COMPONENT, "unknown " + kind.label() + " '" + id
                    + "'; available: " + String.join(", ", components.get(kind).keySet())
                    + ". Run 'okl plugins' to see every component, or add the plugin JAR that provides it");
        }
        return (ComponentFactory<T>) rc.factory();
    }

    /**
     * Validates a spec against its factory's declared parameters and creates the component.
     *
     * @throws OklException {@link ErrorCode#UNKNOWN_COMPONENT} or {@link ErrorCode#INVALID_PARAMETER}
     */
    public <T> T create(Class<T> type, ComponentSpec spec, ComponentContext context) {
        ComponentFactory<T> factory = factory(type, spec.name());
        try {
            return factory.create(ValidatedParameters.bind(factory, spec), context);
        } catch (InvalidParameterException e) {
            throw new OklException(ErrorCode.INVALID_PARAMETER, e.getMessage(), e);
        }
    }

    /** The components of one kind, by id. */
    public Map<String, RegisteredComponent> components(ComponentKind kind) {
        return components.get(kind);
    }

    /** The named pipelines the plugins offer, by id. */
    public Map<String, PipelineTemplate> templates() {
        return templates;
    }

    /** A named pipeline, if a plugin offers it. */
    public Optional<PipelineTemplate> template(String id) {
        return Optional.ofNullable(templates.get(id));
    }

    /** The plugins that loaded. */
    public List<PluginInfo> plugins() {
        return plugins;
    }

    /** The plugins that failed to load, with their JARs and causes. */
    public List<PluginLoader.PluginFailure> failures() {
        return failures;
    }

    /** Everything one plugin contributes, read once (a plugin whose getters throw is left out whole). */
    private record Contribution(String name, String version, List<RegisteredComponent> components,
            List<PipelineTemplate> templates, List<com.google.inject.Module> modules) {

        static Contribution of(PluginLoader.LoadedPlugin loaded) {
            OklPlugin plugin = loaded.plugin();
            String name = plugin.name();
            List<RegisteredComponent> components = new ArrayList<>();
            Map<String, Boolean> seen = new LinkedHashMap<>();
            for (ComponentKind kind : ComponentKind.values()) {
                for (ComponentFactory<?> f : kind.factoriesOf(plugin)) {
                    if (!kind.type().equals(f.kind())) {
                        throw new IllegalStateException("factory '" + f.id() + "' returned by the " + kind.label()
                                + " getter creates " + f.kind().getName() + ", not " + kind.type().getName());
                    }
                    if (f.id() == null || !f.id().matches("[a-z0-9][a-z0-9.+-]*")) {
                        throw new IllegalStateException("factory id '" + f.id() + "' is not kebab-case");
                    }
                    if (seen.put(kind + "/" + f.id(), true) != null) {
                        throw new IllegalStateException("offers " + kind.label() + " '" + f.id() + "' twice");
                    }
                    components.add(new RegisteredComponent(kind, f, name, loaded.location()));
                }
            }
            List<com.google.inject.Module> modules = new ArrayList<>();
            for (Object m : plugin.guiceModules()) {
                if (!(m instanceof com.google.inject.Module module)) {
                    throw new IllegalStateException("guiceModules() returned " + m.getClass().getName()
                            + ", which is not a com.google.inject.Module");
                }
                modules.add(module);
            }
            return new Contribution(name, plugin.version(), components, List.copyOf(plugin.pipelines()), modules);
        }
    }
}
