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
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.metric.Metric;
import org.okl.api.plugin.OklPlugin;
import org.okl.core.component.ContextSettings;
import org.okl.core.component.DefaultComponentContext;
import org.okl.core.data.TableFiles;
import org.okl.core.pipeline.Pipeline;
import org.okl.core.pipeline.PipelineDefaults;
import org.okl.core.pipeline.PipelineFiles;
import org.okl.core.pipeline.PipelineSpec;
import org.okl.core.plugin.ComponentRegistry;
import org.okl.core.plugin.ErrorCode;
import org.okl.core.plugin.OklException;
import org.okl.core.progress.ProgressListener;

/**
 * The entry point for using OKL from code: discovers plugins, holds the component registry, the linear-algebra
 * back-end, the seed and the data directory, and creates pipelines. Guice assembles it from the builder's settings.
 *
 * <pre>{@code
 * Okl okl = Okl.builder().seed(7).build();
 * Model model = okl.pipeline(spec).fit(TrainingData.of(x, y));
 * Decoded prediction = model.predict(xTest);
 * }</pre>
 * Building one discovers the plugins (class path and plugin folders); {@link #shared()} is a shared instance with
 * the class-path plugins, used where no instance is given (for example by {@code Model.load(path)}).
 */
public final class Okl {
    /** The environment variable naming extra plugin folders, separated by the path separator. */
    public static final String PLUGINS_ENV = "OKL_PLUGINS";
    /** The environment variable naming the data directory. */
    public static final String DATA_ENV = "OKL_DATA";

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
     * The shared instance with the builder's defaults (class-path plugins only, the active back-end, seed 0, the
     * default data directory), built on first use.
     */
    public static Okl shared() {
        return SharedHolder.INSTANCE;
    }

    private static final class SharedHolder {
        static final Okl INSTANCE = builder().build();
    }

    /** The component registry. */
    public ComponentRegistry registry() {
        return registry;
    }

    /** The context components are created with. */
    public DefaultComponentContext context() {
        return context;
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

    /** A pipeline to fit; the stages the spec leaves out take their defaults. */
    public Pipeline pipeline(PipelineSpec spec) {
        return new Pipeline(defaults.complete(spec), this);
    }

    /** The metric a spec names, for scoring decoded predictions in code ({@code okl.metric(Metrics.mse())}). */
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
     *                      {@link ErrorCode#INVALID_DATA} for a data set that is not available here (naming where it
     *                      is expected)
     */
    public Dataset dataset(ComponentSpec source) {
        DatasetSource s = create(DatasetSource.class, source);
        if (!s.isAvailable(context)) {
            throw new OklException(ErrorCode.INVALID_DATA, "data set '" + source.name() + "' is not available here;"
                    + " it is expected at " + s.expectedLocation(context) + " (set --data-dir or OKL_DATA)");
        }
        return s.load(context);
    }

    /** Reads a pipeline file (named pipelines resolved through the registry). */
    public PipelineSpec readPipeline(Path file) {
        return PipelineFiles.read(file, registry);
    }

    /** Builds an {@link Okl}. */
    public static final class Builder {
        private final List<Path> pluginFolders = new ArrayList<>();
        private final List<OklPlugin> plugins = new ArrayList<>();
        private ClassLoader classLoader = Okl.class.getClassLoader();
        private LinearAlgebra linearAlgebra;
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

        /** The seed of every random choice. */
        public Builder seed(long newSeed) {
            this.seed = newSeed;
            return this;
        }

        /** The data directory ({@code null} for none). */
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
            Path data = dataDirectorySet ? dataDirectory : defaultDataDirectory().orElse(null);
            OklModule.Settings settings = new OklModule.Settings(classLoader, List.copyOf(pluginFolders),
                    List.copyOf(plugins), linearAlgebra, new ContextSettings(seed, Optional.ofNullable(data)),
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

        /** {@link #DATA_ENV} if set, else {@code ../shared/datasets} (or {@code ../../shared/datasets}) if present. */
        private static Optional<Path> defaultDataDirectory() {
            String env = System.getenv(DATA_ENV);
            if (env != null && !env.isBlank()) {
                return Optional.of(Path.of(env.trim()));
            }
            for (String candidate : List.of("../shared/datasets", "../../shared/datasets")) {
                Path p = Path.of(candidate).toAbsolutePath().normalize();
                if (Files.isDirectory(p)) {
                    return Optional.of(p);
                }
            }
            return Optional.empty();
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
