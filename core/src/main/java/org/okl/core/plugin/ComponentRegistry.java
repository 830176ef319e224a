package org.okl.core.plugin;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentFactory;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.execution.ExecutionBackEnd;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.plugin.PipelineTemplate;
import org.okl.api.text.UserText;

/**
 * Every component the discovered plugins offer, by kind and id, with the named pipelines and the default component
 * of each kind. Unknown ids list what is available; duplicate ids are a hard error naming both JARs; a plugin that
 * fails to initialise, or that uses the reserved {@value #RESERVED_PREFIX} prefix without being OKL's own, is
 * recorded and left out without taking the others down. Whether a plugin is OKL's own is decided by where it was
 * loaded from ({@link PluginLoader.LoadedPlugin#own()}), never by its package. Components of a plugin from a
 * plugins folder run with that plugin's context class loader ({@link PluginContextLoaders}).
 */
public final class ComponentRegistry {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ComponentRegistry.class);
    /** The prefix of plugin names and ids reserved for OKL's own plugins (as JUnit reserves {@code junit-}). */
    public static final String RESERVED_PREFIX = "okl-";

    private final Map<ComponentKind, Map<String, RegisteredComponent>> components;
    private final Map<ComponentKind, ComponentSpec> defaults;
    private final Map<String, PipelineTemplate> templates;
    private final List<PluginInfo> plugins;
    private final List<PluginLoader.PluginFailure> failures;
    private final PluginFailures runtimeFailures;
    private final List<ExecutionBackEnd> backEnds;

    private ComponentRegistry(Map<ComponentKind, Map<String, RegisteredComponent>> components,
            Map<ComponentKind, ComponentSpec> defaults, Map<String, PipelineTemplate> templates,
            List<PluginInfo> plugins, List<PluginLoader.PluginFailure> failures, PluginFailures runtimeFailures,
            List<ExecutionBackEnd> backEnds) {
        this.backEnds = backEnds;
        this.components = components;
        this.defaults = defaults;
        this.templates = templates;
        this.plugins = plugins;
        this.failures = failures;
        this.runtimeFailures = runtimeFailures;
    }

    /**
     * Builds the registry from discovered plugins.
     *
     * @throws OklException {@link ErrorCode#DUPLICATE_COMPONENT} when two plugins offer the same id for one kind,
     *                      the same named pipeline, or a default for the same kind
     */
    public static ComponentRegistry of(PluginLoader.Discovery discovery) {
        List<PluginLoader.PluginFailure> failures = new ArrayList<>(discovery.failures());
        List<PluginInfo> plugins = new ArrayList<>();
        Map<ComponentKind, Map<String, RegisteredComponent>> byKind = new EnumMap<>(ComponentKind.class);
        for (ComponentKind kind : ComponentKind.values()) {
            byKind.put(kind, new TreeMap<>());
        }
        Map<ComponentKind, ComponentSpec> defaults = new EnumMap<>(ComponentKind.class);
        Map<ComponentKind, String> defaultOrigin = new EnumMap<>(ComponentKind.class);
        Map<String, PipelineTemplate> templates = new TreeMap<>();
        Map<String, String> templateOrigin = new TreeMap<>();
        List<PluginFailures.Origin> origins = new ArrayList<>();
        List<ExecutionBackEnd> backEnds = new ArrayList<>();
        Map<String, String> backEndOrigin = new TreeMap<>();
        for (PluginLoader.LoadedPlugin loaded : discovery.plugins()) {
            Contribution c;
            try {
                c = Contribution.of(loaded, isolatedLoader(loaded));
            } catch (RuntimeException | LinkageError e) {
                PluginLoader.PluginFailure failure = new PluginLoader.PluginFailure(loaded.location(),
                        loaded.plugin().getClass().getName() + " failed to initialise: " + PluginLoader.oneLine(e));
                failures.add(failure);
                LOG.warn("[{}] plugin {} left out: {}", ErrorCode.BROKEN_PLUGIN.code(), failure.location(),
                        failure.cause());
                continue;
            }
            String origin = c.name() + " (" + loaded.location() + ")";
            for (RegisteredComponent rc : c.components()) {
                RegisteredComponent previous = byKind.get(rc.kind()).putIfAbsent(rc.factory().id(), rc);
                if (previous != null) {
                    throw duplicate(rc.kind().label() + " id '" + rc.factory().id() + "'",
                            previous.plugin() + " (" + previous.location() + ")", origin);
                }
            }
            for (PipelineTemplate t : c.templates()) {
                String previous = templateOrigin.putIfAbsent(t.id(), origin);
                if (previous != null) {
                    throw duplicate("pipeline '" + t.id() + "'", previous, origin);
                }
                templates.put(t.id(), t);
            }
            for (ExecutionBackEnd b : c.backEnds()) {
                String previous = backEndOrigin.putIfAbsent(b.name(), origin);
                if (previous != null) {
                    throw duplicate("execution back-end '" + b.name() + "'", previous, origin);
                }
                backEnds.add(b);
            }
            c.defaults().forEach((kind, spec) -> {
                String previous = defaultOrigin.putIfAbsent(kind, origin);
                if (previous != null) {
                    throw duplicate("default " + kind.label(), previous, origin);
                }
                defaults.put(kind, spec);
            });
            PluginInfo info = new PluginInfo(c.name(), c.version(), loaded.location());
            plugins.add(info);
            origins.add(PluginFailures.Origin.of(info, loaded.plugin().getClass(), loaded.own()));
        }
        Map<ComponentKind, Map<String, RegisteredComponent>> frozen = new EnumMap<>(ComponentKind.class);
        byKind.forEach((kind, ids) -> frozen.put(kind, Collections.unmodifiableMap(ids)));
        return new ComponentRegistry(frozen, Collections.unmodifiableMap(defaults),
                Collections.unmodifiableMap(templates), Collections.unmodifiableList(plugins),
                Collections.unmodifiableList(failures), new PluginFailures(origins), List.copyOf(backEnds));
    }

    /** The plugin's own class loader when it comes from a plugins folder, else {@code null}. */
    private static ClassLoader isolatedLoader(PluginLoader.LoadedPlugin loaded) {
        return loaded.plugin().getClass().getClassLoader() instanceof PluginClassLoader l ? l : null;
    }

    private static OklException duplicate(String what, String first, String second) {
        return new OklException(ErrorCode.DUPLICATE_COMPONENT, "duplicate " + what + ": offered by " + first
                + " and by " + second + "; remove one of the JARs");
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
            throw new OklException(ErrorCode.UNKNOWN_COMPONENT, "unknown " + kind.label() + " "
                    + UserText.quote(id) + otherKinds(kind, id) + "; available: "
                    + String.join(", ", components.get(kind).keySet())
                    + ". Run 'okl plugins' to see every component, or add the plugin JAR that provides it"
                    + (failures.isEmpty() ? "" : " (" + failures.size() + " plugin(s) failed to load: "
                            + String.join(", ", failures.stream().map(PluginLoader.PluginFailure::location)
                                    .toList()) + ")"));
        }
        return (ComponentFactory<T>) rc.factory();
    }

    /** {@code (it is a filter)} when the id names a component of another kind, else empty. */
    private String otherKinds(ComponentKind kind, String id) {
        List<String> others = new ArrayList<>();
        components.forEach((k, ids) -> {
            if (k != kind && ids.containsKey(id)) {
                others.add(k.label());
            }
        });
        return others.isEmpty() ? "" : " (it is a " + String.join(" and a ", others) + ")";
    }

    /**
     * Validates a spec against its factory's declared parameters and creates the component.
     *
     * @throws OklException {@link ErrorCode#UNKNOWN_COMPONENT} or {@link ErrorCode#INVALID_PARAMETER}, or
     *                      {@link ErrorCode#PLUGIN_FAILURE} when a third-party factory fails
     */
    public <T> T create(Class<T> type, ComponentSpec spec, ComponentContext context) {
        ComponentFactory<T> factory = factory(type, spec.name());
        ClassLoader loader = components.get(ComponentKind.of(type)).get(spec.name()).loader();
        T component;
        try {
            // libraries the plugin initialises see its classes, not OKL's
            component = PluginContextLoaders.with(loader, () -> runtimeFailures.guard("creating "
                    + ComponentKind.of(type).label() + " '" + spec.name() + "'",
                    () -> factory.create(ValidatedParameters.bind(factory, spec), context)));
        } catch (InvalidParameterException e) {
            throw new OklException(ErrorCode.INVALID_PARAMETER, e.getMessage(), e);
        }
        return PluginContextLoaders.wrap(type, component, loader);
    }

    /**
     * The ids of a kind whose components can be created without parameters, sorted: those OKL may create on its own
     * to choose among (solvers by preference, readers by suffix). A component with a required parameter is created
     * only when a pipeline names it with its parameters.
     */
    public List<String> idsWithoutRequiredParameters(ComponentKind kind) {
        return components.get(kind).values().stream()
                .filter(rc -> !rc.needsParameters())
                .map(rc -> rc.factory().id())
                .toList();
    }

    /** The default component of every kind that has one, as OKL's plugins declare them. */
    public Map<ComponentKind, ComponentSpec> defaults() {
        return defaults;
    }

    /**
     * The component a pipeline uses for a stage it does not name, as declared by OKL's own plugins.
     *
     * @throws OklException {@link ErrorCode#INVALID_PIPELINE} when no plugin declares one for the kind
     */
    public ComponentSpec defaultComponent(Class<?> type) {
        ComponentKind kind = ComponentKind.of(type);
        ComponentSpec spec = defaults.get(kind);
        if (spec == null) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, "the pipeline names no " + kind.label()
                    + " and no plugin declares a default one; name one, for example {\"" + kind.label()
                    + "\": {\"name\": ...}} (okl plugins lists them)");
        }
        return spec;
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

    /**
     * The execution back-ends the plugins offer (compute devices, clusters), in the order the plugins loaded; a
     * folder plugin's run with its own context class loader.
     */
    public List<ExecutionBackEnd> executionBackEnds() {
        return backEnds;
    }

    /** The plugins that failed to load, with their JARs and causes. */
    public List<PluginLoader.PluginFailure> failures() {
        return failures;
    }

    /** Names the plugin behind a failure at fit, predict or evaluation time. */
    public PluginFailures runtimeFailures() {
        return runtimeFailures;
    }

    /** Everything one plugin contributes, read once (a plugin whose getters throw is left out whole). */
    private record Contribution(String name, String version, List<RegisteredComponent> components,
            List<PipelineTemplate> templates, Map<ComponentKind, ComponentSpec> defaults,
            List<ExecutionBackEnd> backEnds) {

        static Contribution of(PluginLoader.LoadedPlugin loaded, ClassLoader isolated) {
            OklPlugin plugin = loaded.plugin();
            return PluginContextLoaders.with(plugin.getClass().getClassLoader(),
                    () -> read(plugin, loaded.location(), loaded.own(), isolated));
        }

        private static Contribution read(OklPlugin plugin, String location, boolean okl, ClassLoader isolated) {
            String name = plugin.name();
            if (name == null || name.isBlank()) {
                throw new IllegalStateException("name() is blank");
            }
            requireUnreserved(okl, "plugin name", name);
            List<RegisteredComponent> components = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (ComponentKind kind : ComponentKind.values()) {
                for (ComponentFactory<?> f : kind.factoriesOf(plugin)) {
                    if (!kind.type().equals(f.kind())) {
                        throw new IllegalStateException("factory '" + f.id() + "' returned by the " + kind.label()
                                + " getter creates " + f.kind().getName() + ", not " + kind.type().getName());
                    }
                    if (f.id() == null || !f.id().matches("[a-z0-9][a-z0-9.+-]*")) {
                        throw new IllegalStateException("factory id '" + f.id() + "' is not kebab-case");
                    }
                    requireUnreserved(okl, kind.label() + " id", f.id());
                    if (!seen.add(kind + "/" + f.id())) {
                        throw new IllegalStateException("offers " + kind.label() + " '" + f.id() + "' twice");
                    }
                    components.add(new RegisteredComponent(kind,
                            PluginContextLoaders.always(ComponentFactory.class, f, isolated), name, location,
                            isolated));
                }
            }
            List<PipelineTemplate> templates = List.copyOf(plugin.pipelines());
            for (PipelineTemplate t : templates) {
                requireUnreserved(okl, "pipeline", t.id());
            }
            Map<ComponentKind, ComponentSpec> defaults = new EnumMap<>(ComponentKind.class);
            plugin.defaults().forEach((type, spec) -> {
                if (!okl) {
                    throw new IllegalStateException("declares a default " + type.getSimpleName() + " '"
                            + spec.name() + "'; only OKL's own plugins declare defaults, so that a pipeline means "
                            + "the same whichever plugins are installed");
                }
                ComponentKind kind = ComponentKind.of(type);
                if (!seen.contains(kind + "/" + spec.name())) {
                    throw new IllegalStateException("declares a default " + kind.label() + " '" + spec.name()
                            + "' that it does not offer");
                }
                defaults.put(kind, spec);
            });
            List<ExecutionBackEnd> backEnds = new ArrayList<>();
            for (ExecutionBackEnd b : plugin.executionBackEnds()) {
                if (b.name() == null || !b.name().matches("[a-z0-9][a-z0-9.+-]*")) {
                    throw new IllegalStateException("execution back-end name '" + b.name() + "' is not kebab-case");
                }
                requireUnreserved(okl, "execution back-end", b.name());
                backEnds.add(PluginContextLoaders.always(ExecutionBackEnd.class, b, isolated));
            }
            return new Contribution(name, plugin.version(), components, templates, defaults, List.copyOf(backEnds));
        }

        private static void requireUnreserved(boolean okl, String what, String id) {
            if (!okl && id.startsWith(RESERVED_PREFIX)) {
                throw new IllegalStateException(what + " '" + id + "' starts with '" + RESERVED_PREFIX
                        + "', which is reserved for OKL's own plugins; rename it");
            }
        }
    }
}
