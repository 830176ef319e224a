package org.okl.core.component;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.core.plugin.ComponentKind;
import org.okl.core.plugin.ComponentRegistry;

/**
 * The context OKL hands to factories: the active back-end, nested creation through the registry, the seed and the
 * data directory.
 */
public final class DefaultComponentContext implements ComponentContext {
    private final LinearAlgebra linearAlgebra;
    private final ComponentRegistry registry;
    private final long seed;
    private final Path dataDirectory;

    /**
     * @param linearAlgebra the back-end
     * @param registry      where nested components come from
     * @param seed          the seed of every random choice
     * @param dataDirectory the data directory, or {@code null}
     */
    public DefaultComponentContext(LinearAlgebra linearAlgebra, ComponentRegistry registry, long seed,
            Path dataDirectory) {
        this.linearAlgebra = linearAlgebra;
        this.registry = registry;
        this.seed = seed;
        this.dataDirectory = dataDirectory;
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

    /** The same context with another seed (for repetitions of a randomised protocol). */
    public DefaultComponentContext withSeed(long newSeed) {
        return new DefaultComponentContext(linearAlgebra, registry, newSeed, dataDirectory);
    }
}
