package org.okl.core.component;

import com.google.inject.Inject;
import com.google.inject.Singleton;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Accelerator;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.ComponentRegistry;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.parallel.Workers;

/**
 * The context OKL hands to factories: the runtime's back-end and compute devices, nested creation through the registry, the seed, the data
 * directory and the read-only data folders searched after it.
 */
@Singleton
public final class DefaultComponentContext implements ComponentContext {
    private final LinearAlgebra linearAlgebra;
    private final ComponentRegistry registry;
    private final ContextSettings settings;
    private final FileAccess files;
    private final ComputeDevices devices;
    private final Workers workers;

    /**
     * A context that reads the files components name ({@link FileAccess#LIVE}).
     *
     * @param linearAlgebra the back-end
     * @param registry      where nested components come from
     * @param settings      the seed and the data directory
     * @param devices       the runtime's compute devices
     * @param workers       the runtime's pool
     */
    @Inject
    public DefaultComponentContext(LinearAlgebra linearAlgebra, ComponentRegistry registry, ContextSettings settings,
            ComputeDevices devices, Workers workers) {
        this(linearAlgebra, registry, settings, FileAccess.LIVE, devices, workers);
    }

    private DefaultComponentContext(LinearAlgebra linearAlgebra, ComponentRegistry registry, ContextSettings settings,
            FileAccess files, ComputeDevices devices, Workers workers) {
        this.linearAlgebra = linearAlgebra;
        this.registry = registry;
        this.settings = settings;
        this.files = files;
        this.devices = devices;
        this.workers = workers;
    }

    /** The same context, reading the files components name from {@code access} (a model's stored copies). */
    public DefaultComponentContext withFiles(FileAccess access) {
        return new DefaultComponentContext(linearAlgebra, registry, settings, access, devices, workers);
    }

    /** The registry nested components come from. */
    public ComponentRegistry registry() {
        return registry;
    }

    @Override
    public byte[] readFile(String location) {
        return files.read(location);
    }

    @Override
    public List<String> creatableIds(Class<?> kind) {
        return registry.idsWithoutRequiredParameters(ComponentKind.of(kind));
    }

    @Override
    public LinearAlgebra linearAlgebra() {
        return linearAlgebra;
    }

    @Override
    public <T> T create(Class<T> kind, ComponentSpec spec) {
        return registry.create(kind, spec, this);
    }

    @Override
    public List<String> componentIds(Class<?> kind) {
        return List.copyOf(registry.components(ComponentKind.of(kind)).keySet());
    }

    @Override
    public long seed() {
        return settings.seed();
    }

    @Override
    public Optional<Path> dataDirectory() {
        return settings.dataDirectory();
    }

    /** The runtime's compute device, with its {@code okl.gpu} setting applied per call. */
    @Override
    public Optional<Accelerator> accelerator() {
        return devices.accelerator();
    }

    /** The runtime's compute devices ({@link ComputeDevices}) and pool ({@link Workers}), held per runtime. */
    @Override
    public <T> Optional<T> service(Class<T> type) {
        if (type == ComputeDevices.class) {
            return Optional.of(type.cast(devices));
        }
        return type == Workers.class ? Optional.of(type.cast(workers)) : Optional.empty();
    }

    /** The runtime's pool. */
    public Workers workers() {
        return workers;
    }

    /** The runtime's compute devices. */
    public ComputeDevices devices() {
        return devices;
    }

    @Override
    public List<Path> dataDirectories() {
        List<Path> all = new ArrayList<>(settings.dataDirectory().stream().toList());
        all.addAll(settings.readOnlyData());
        return List.copyOf(all);
    }
}
