package org.okl.core;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.plugin.OklPlugin;
import org.okl.core.component.ContextSettings;
import org.okl.core.component.DefaultComponentContext;
import org.okl.core.plugin.ComponentRegistry;
import org.okl.core.plugin.PluginLoader;
import org.okl.core.progress.ProgressListener;
import org.okl.linalg.LinearAlgebras;
import org.okl.linalg.TiledProducts;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.parallel.Workers;

/**
 * How an OKL runtime is assembled: Guice builds the plugin registry from discovery, picks the linear-algebra
 * back-end and the compute devices, and injects them (with the progress listener and the run settings) into the component context, the data
 * readers, the pipeline defaults and {@link Okl}. Every service has an {@code @Inject} constructor; this module
 * holds only what the builder chose.
 */
final class OklModule extends AbstractModule {
    private final Settings settings;

    /**
     * What {@link Okl.Builder} chose.
     *
     * @param classLoader   where class-path plugins are found
     * @param pluginFolders folders of plugin JARs
     * @param pluginJars    plugins given by their JARs (shipped from another machine)
     * @param plugins       plugin instances added in code, after the discovered ones
     * @param linearAlgebra the back-end, or {@code null} for the active one
     * @param devices       the compute devices, or {@code null} for those the plugins' back-ends offer under the
     *                      {@code okl.gpu} setting
     * @param threads       the threads of the runtime's own pool, or 0 for the process's pool
     * @param context       the seed and the data directory
     * @param progress      where long steps report progress
     */
    record Settings(ClassLoader classLoader, List<Path> pluginFolders, List<PluginLoader.PluginJars> pluginJars,
            List<OklPlugin> plugins,
            LinearAlgebra linearAlgebra, ComputeDevices devices, int threads, ContextSettings context,
            ProgressListener progress) {
    }

    OklModule(Settings settings) {
        this.settings = settings;
    }

    @Override
    protected void configure() {
        bind(ContextSettings.class).toInstance(settings.context());
        bind(ProgressListener.class).toInstance(settings.progress());
        bind(ComponentContext.class).to(DefaultComponentContext.class);
    }

    @Provides
    @Singleton
    ComponentRegistry registry() {
        PluginLoader.Discovery found = PluginLoader.discover(settings.classLoader(), settings.pluginFolders(),
                settings.pluginJars());
        List<PluginLoader.LoadedPlugin> all = new ArrayList<>(found.plugins());
        for (OklPlugin p : settings.plugins()) {
            all.add(new PluginLoader.LoadedPlugin(p, "(added in code: " + p.getClass().getName() + ")"));
        }
        return ComponentRegistry.of(new PluginLoader.Discovery(all, found.failures()));
    }

    @Provides
    @Singleton
    LinearAlgebra linearAlgebra(Workers workers) {
        LinearAlgebra base = Optional.ofNullable(settings.linearAlgebra()).orElseGet(LinearAlgebras::active);
        return settings.threads() > 0 ? TiledProducts.of(base).onWorkers(base, workers) : base;
    }

    /** This runtime's pool: its own with the threads it was given, else the process's. */
    @Provides
    @Singleton
    Workers workers() {
        return settings.threads() > 0 ? Workers.of(settings.threads()) : Workers.shared();
    }

    /** This runtime's devices: opened from its plugins' execution back-ends when first asked for. */
    @Provides
    @Singleton
    ComputeDevices devices(ComponentRegistry registry, LinearAlgebra linearAlgebra) {
        return Optional.ofNullable(settings.devices()).orElseGet(() -> ComputeDevices.fromSettings(
                registry.executionBackEnds(), linearAlgebra));
    }
}
