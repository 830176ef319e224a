package org.okl.core.component;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.ComponentRegistry;

/**
 * The context OKL hands to factories: the active back-end, nested creation through the registry, the seed, the data
 * directory and the read-only data folders searched after it.
 */
public final class DefaultComponentContext implements ComponentContext {
    private final LinearAlgebra linearAlgebra;
    private final ComponentRegistry registry;
    private final long seed;
    private final Path dataDirectory;
    private final List<Path> readOnlyData;

    /**
     * A context whose data sets are read from the data directory alone.
     *
     * @param linearAlgebra the back-end
     * @param registry      where nested components come from
     * @param seed          the seed of every random choice
     * @param dataDirectory the data directory, or {@code null}
     */
    public DefaultComponentContext(LinearAlgebra linearAlgebra, ComponentRegistry registry, long seed,
            Path dataDirectory) {
        this(linearAlgebra, registry, seed, dataDirectory, List.of());
    }

    /**
     * @param linearAlgebra the back-end
     * @param registry      where nested components come from
     * @param seed          the seed of every random choice
     * @param dataDirectory the data directory, or {@code null}
     * @param readOnlyData  folders searched for data sets after the data directory (a development checkout's shared
     *                      data)
     */
    public DefaultComponentContext(LinearAlgebra linearAlgebra, ComponentRegistry registry, long seed,
            Path dataDirectory, List<Path> readOnlyData) {
        this.linearAlgebra = linearAlgebra;
        this.registry = registry;
        this.seed = seed;
        this.dataDirectory = dataDirectory;
        this.readOnlyData = List.copyOf(readOnlyData);
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
        return seed;
    }

    @Override
    public Optional<Path> dataDirectory() {
        return Optional.ofNullable(dataDirectory);
    }

    @Override
    public List<Path> dataDirectories() {
        List<Path> all = new ArrayList<>(dataDirectory().stream().toList());
        all.addAll(readOnlyData);
        return List.copyOf(all);
    }

    /** The same context with another seed (for repetitions of a randomised protocol). */
    public DefaultComponentContext withSeed(long newSeed) {
        return new DefaultComponentContext(linearAlgebra, registry, newSeed, dataDirectory, readOnlyData);
    }
}
