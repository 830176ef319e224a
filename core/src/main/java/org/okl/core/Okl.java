package org.okl.core;

import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Inject;
import com.google.inject.ProvisionException;
import com.google.inject.Stage;
import com.google.inject.spi.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.TypedSpec;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.execution.Execution;
import org.okl.api.execution.ExecutionBackEnd;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.metric.Metric;
import org.okl.api.plugin.OklPlugin;
import org.okl.api.rows.RowSource;
import org.okl.api.text.UserText;
import org.okl.core.component.ContextSettings;
import org.okl.core.component.DefaultComponentContext;
import org.okl.core.data.MissingDatasets;
import org.okl.core.data.TableFiles;
import org.okl.core.plugin.ComponentRegistry;
import org.okl.core.plugin.PluginLoader;
import org.okl.core.progress.ProgressListener;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.parallel.Workers;

/**
 * The entry point for using OKL from code: discovers plugins, holds the component registry, the linear-algebra
 * back-end, the seed and the data directory, and creates pipelines. Guice assembles it from the builder's settings.
 *
 * <pre>{@code
 * Okl okl = Okl.builder().seed(7).build();
 * Model model = okl.pipeline(spec).fit(TrainingData.of(x, y));
 * Decoded prediction = model.predict(xTest);
 * }</pre>
 * Building one discovers the plugins (class path and plugin folders). An instance carries its own back-end, seed,
 * plugin folders and data directory: two instances with different settings in one JVM do not see each other, and no
 * instance is kept for the process. {@link #fromEnvironment()} builds the default one the command line builds (the
 * class-path plugins and those of the folders {@value #PLUGINS_ENV} names); {@code Model.load(path)} uses a fresh
 * one, so that code loads the models the command line loads.
 */
public final class Okl {
    /** The environment variable naming extra plugin folders, separated by the path separator. */
    public static final String PLUGINS_ENV = "OKL_PLUGINS";
    /** The environment variable naming the data directory. */
    public static final String DATA_ENV = "OKL_DATA";
    /** The data directory when neither {@code --data-dir} nor {@link #DATA_ENV} names one: {@code ~/.okl/data}. */
    public static final Path DEFAULT_DATA_DIRECTORY = Path.of(System.getProperty("user.home"), ".okl", "data");

    private final ComponentRegistry registry;
    private final DefaultComponentContext context;
    private final TableFiles tables;
    private final ProgressListener progress;
    private final PipelineDefaults defaults;

    @Inject
    Okl(ComponentRegistry registry, DefaultComponentContext context, TableFiles tables, ProgressListener progress,
            PipelineDefaults defaults) {
        this.registry = registry;
        this.context = context;
        this.tables = tables;
        this.progress = progress;
        this.defaults = defaults;
    }

    /** A builder with the defaults: class-path plugins, the active back-end, seed 0, the default data directory. */
    public static Builder builder() {
        return new Builder();
    }


    /**
     * A new instance with the class-path plugins and those of the folders {@value #PLUGINS_ENV} names, the default
     * back-end and data directory: what the command line builds. Each call discovers the plugins again.
     *
     * @throws OklException {@link ErrorCode#PLUGIN_FOLDER} when a folder {@value #PLUGINS_ENV} names does not exist
     */
    public static Okl fromEnvironment() {
        return builder().pluginFoldersFromEnvironment().build();
    }

    /** The component registry. */
    public ComponentRegistry registry() {
        return registry;
    }

    /** The context components are created with. */
    public ComponentContext context() {
        return context;
    }

    /**
     * This runtime's compute devices: those its plugins' execution back-ends offer, under the {@code okl.gpu} setting
     * read when it was built (or those given to {@link Builder#computeDevices}).
     */
    public ComputeDevices devices() {
        return context.devices();
    }

    /** This runtime's pool: its own when it was given a number of threads, else the process's. */
    public Workers workers() {
        return context.workers();
    }

    /** The context with the runtime's own settings (a model's stored files are read through it). */
    DefaultComponentContext defaultContext() {
        return context;
    }

    /** The folders data sets are read from and downloaded to, in the order they are searched. */
    public List<Path> dataDirectories() {
        return context.dataDirectories();
    }

    /** The data-file readers. */
    public TableFiles tables() {
        return tables;
    }

    /** Where long steps report their progress. */
    public ProgressListener progress() {
        return progress;
    }

    /** The defaults of the stages a pipeline leaves out. */
    public PipelineDefaults defaults() {
        return defaults;
    }

    /** Creates a component by kind and spec, validating its parameters. */
    public <T> T create(Class<T> kind, ComponentSpec spec) {
        return registry.create(kind, spec, context);
    }

    /** Creates a component from its typed spec ({@code okl.create(Metrics.mse())}), validating its parameters. */
    public <T> T create(TypedSpec<T> spec) {
        return create(spec.kind(), spec.spec());
    }

    /** A pipeline to fit; the stages the spec leaves out take their defaults (completed by the pipeline). */
    public Pipeline pipeline(PipelineSpec spec) {
        return new Pipeline(spec, this);
    }

    /** The metric a spec names, for scoring decoded predictions in code ({@code okl.metric(Metrics.mse())}). */
    public Metric metric(TypedSpec<Metric> spec) {
        return create(spec);
    }

    /** The metric an untyped spec names (a metric given on the command line). */
    public Metric metric(ComponentSpec spec) {
        return create(Metric.class, spec);
    }

    /** A data set by name ({@code "digits-halves"}, {@code "yeast"}), as {@code okl datasets} lists them. */
    public Dataset dataset(String name) {
        return dataset(ComponentSpec.of(name));
    }

    /**
     * A data set or generator with parameters ({@code ComponentSpec.of("related-tasks").with("n", 40)}).
     *
     * @throws OklException {@link ErrorCode#UNKNOWN_COMPONENT} for an unknown name,
     *                      {@link ErrorCode#INVALID_DATA} for a data set that is not available here (the command
     *                      that downloads it, or where it is expected)
     */
    public Dataset dataset(ComponentSpec source) {
        DatasetSource s = create(DatasetSource.class, source);
        if (!s.isAvailable(context)) {
            throw MissingDatasets.error(source.name(), s, context);
        }
        return s.load(context);
    }

    /**
     * The passes over these rows where an execution back-end holds them (the rows of a cluster's data set), or empty
     * for rows read here: each of the plugins' back-ends is asked, in order, whether it holds them.
     *
     * @throws OklException {@link ErrorCode#BROKEN_PLUGIN} when a back-end holds the rows but offers no passes
     */
    public Optional<ClusterPasses> passesWhereHeld(RowSource rows) {
        for (ExecutionBackEnd backEnd : registry.executionBackEnds()) {
            Optional<Execution> holding = backEnd.holding(rows);
            if (holding.isPresent()) {
                return Optional.of(holding.get().facet(ClusterPasses.class).orElseThrow(() -> new OklException(
                        ErrorCode.BROKEN_PLUGIN, "the execution back-end '" + backEnd.name() + "' holds "
                        + UserText.escape(rows.description()) + " but offers no passes over them ("
                        + ClusterPasses.class.getName() + ")")));
            }
        }
        return Optional.empty();
    }

    /** Reads a pipeline file (named pipelines resolved through the registry). */
    public PipelineSpec readPipeline(Path file) {
        return PipelineFiles.read(file, registry);
    }

    /** Builds an {@link Okl}. */
    public static final class Builder {
        private final List<Path> pluginFolders = new ArrayList<>();
        private final List<PluginLoader.PluginJars> pluginJars = new ArrayList<>();
        private final List<OklPlugin> plugins = new ArrayList<>();
        private ClassLoader classLoader = Okl.class.getClassLoader();
        private LinearAlgebra linearAlgebra;
        private ComputeDevices devices;
        private int threads;
        private long seed;
        private Path dataDirectory;
        private boolean dataDirectorySet;
        private ProgressListener progress = ProgressListener.NONE;

        private Builder() {
        }

        /** Adds a folder of plugin JARs. */
        public Builder pluginFolder(Path folder) {
            pluginFolders.add(folder);
            return this;
        }

        /**
         * Adds one plugin given by its JARs, loaded in a class loader of its own as a plugin folder's sub-folder is:
         * for a runtime that receives the plugins of another machine's folders (a Spark executor's).
         *
         * @param location where the plugin came from, as reports name it
         * @param jars     its JARs, in class-path order
         */
        public Builder pluginJars(String location, List<Path> jars) {
            pluginJars.add(new PluginLoader.PluginJars(location, jars));
            return this;
        }

        /** Adds the folders named by {@link #PLUGINS_ENV}, if set. */
        public Builder pluginFoldersFromEnvironment() {
            pluginFolders.addAll(foldersFromEnvironment());
            return this;
        }

        /**
         * Adds a plugin instance, as if it had been discovered (for tests and programs that build their plugin in
         * code, as Trino's {@code installPlugin} does).
         */
        public Builder plugin(OklPlugin plugin) {
            plugins.add(plugin);
            return this;
        }

        /** The class loader class-path plugins are found with. */
        public Builder classLoader(ClassLoader loader) {
            this.classLoader = loader;
            return this;
        }

        /** Uses this back-end instead of the active one. */
        public Builder linearAlgebra(LinearAlgebra backEnd) {
            this.linearAlgebra = backEnd;
            return this;
        }

        /**
         * Uses these compute devices instead of those the plugins' execution back-ends offer under the
         * {@code okl.gpu} setting (tests, benchmarks that compare the CPU and a device on the same data).
         */
        public Builder computeDevices(ComputeDevices chosen) {
            this.devices = chosen;
            return this;
        }

        /**
         * Gives the runtime a pool of its own with this many threads (its large products run on it too); without
         * this call it uses the process's pool ({@code okl.threads}, else the processors).
         *
         * @throws IllegalArgumentException when threads &lt; 1
         */
        public Builder threads(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("a runtime needs at least 1 thread, got " + count);
            }
            this.threads = count;
            return this;
        }

        /** The seed of every random choice. */
        public Builder seed(long newSeed) {
            this.seed = newSeed;
            return this;
        }

        /**
         * The data directory, where data sets are downloaded to and read from ({@code null} for none). Without this
         * call: {@link #DATA_ENV} if set, else {@link #DEFAULT_DATA_DIRECTORY}, and a development checkout's
         * {@code ../shared/datasets} is searched after it.
         */
        public Builder dataDirectory(Path folder) {
            this.dataDirectory = folder;
            this.dataDirectorySet = true;
            return this;
        }

        /** Where long steps report their progress (default: nowhere). */
        public Builder progress(ProgressListener listener) {
            this.progress = listener;
            return this;
        }

        /**
         * Discovers plugins and assembles the runtime.
         *
         * @throws OklException for a plugin folder that does not exist or plugins that offer the same id
         */
        public Okl build() {
            OklModule.Settings settings = new OklModule.Settings(classLoader, List.copyOf(pluginFolders),
                    List.copyOf(pluginJars), List.copyOf(plugins), linearAlgebra, devices, threads, contextSettings(),
                    progress);
            try {
                return Guice.createInjector(Stage.PRODUCTION, new OklModule(settings)).getInstance(Okl.class);
            } catch (CreationException e) {
                throw unwrap(e, e.getErrorMessages());
            } catch (ProvisionException e) {
                throw unwrap(e, e.getErrorMessages());
            }
        }

        /**
         * The OKL error a provider threw while the runtime was assembled (a missing plugin folder, a duplicate id),
         * rather than Guice's report of it.
         */
        private static RuntimeException unwrap(RuntimeException e, Collection<Message> messages) {
            for (Message m : messages) {
                for (Throwable t = m.getCause(); t != null; t = t.getCause()) {
                    if (t instanceof OklException okl) {
                        return okl;
                    }
                }
            }
            return e;
        }

        /**
         * The seed and the data folders: the data directory set with {@link #dataDirectory} (exactly that), else
         * {@link #DATA_ENV}'s, else {@link #DEFAULT_DATA_DIRECTORY} followed by a development checkout's shared data.
         */
        private ContextSettings contextSettings() {
            if (dataDirectorySet) {
                return new ContextSettings(seed, Optional.ofNullable(dataDirectory).map(d -> d.toAbsolutePath()
                        .normalize()));
            }
            String env = System.getenv(DATA_ENV);
            if (env != null && !env.isBlank()) {
                return new ContextSettings(seed, Optional.of(Path.of(env.trim()).toAbsolutePath().normalize()));
            }
            return new ContextSettings(seed, Optional.of(DEFAULT_DATA_DIRECTORY), developmentData().stream()
                    .toList());
        }

        /**
         * A development checkout's shared data: {@code ../shared/datasets} (or {@code ../../shared/datasets}, from a
         * module folder) relative to the working directory, if present. Users' clones have none.
         */
        private static Optional<Path> developmentData() {
            for (String candidate : List.of("../shared/datasets", "../../shared/datasets")) {
                Path p = Path.of(candidate).toAbsolutePath().normalize();
                if (Files.isDirectory(p)) {
                    return Optional.of(p);
                }
            }
            return Optional.empty();
        }
    }

    /**
     * The plugins in the folders, each with its JARs, in the order a runtime built with those folders loads them;
     * nothing is loaded (to ship them to other machines, which load them with {@link Builder#pluginJars}).
     *
     * @throws OklException ({@link ErrorCode#PLUGIN_FOLDER}) when a folder does not exist or cannot be listed
     */
    public static List<FolderPlugin> folderPlugins(List<Path> folders) {
        return PluginLoader.folderPlugins(folders).stream().map(p -> new FolderPlugin(p.location(), p.jars()))
                .toList();
    }

    /**
     * One plugin of a plugin folder with its JARs: a {@code *.jar} file of the folder, or the JARs of one of its
     * sub-folders ({@link #folderPlugins}).
     *
     * @param location where the plugin came from (the JAR or the sub-folder)
     * @param jars     its JARs, in class-path order
     */
    public record FolderPlugin(String location, List<Path> jars) {
        /** Copies the list. */
        public FolderPlugin {
            jars = List.copyOf(jars);
        }
    }

    /** The plugin folders named by {@link #PLUGINS_ENV}, if set. */
    public static List<Path> foldersFromEnvironment() {
        List<Path> folders = new ArrayList<>();
        String env = System.getenv(PLUGINS_ENV);
        if (env != null && !env.isBlank()) {
            for (String part : env.split(java.io.File.pathSeparator)) {
                if (!part.isBlank()) {
                    folders.add(Path.of(part.trim()));
                }
            }
        }
        return folders;
    }
}
