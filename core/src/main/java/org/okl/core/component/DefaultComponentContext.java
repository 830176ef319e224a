package org.okl.core.component;

import com.google.inject.Inject;
import com.google.inject.Singleton;
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
@Singleton
public final class DefaultComponentContext implements ComponentContext {
    private final LinearAlgebra linearAlgebra;
    private final ComponentRegistry registry;
    private final ContextSettings settings;

    /**
     * @param linearAlgebra the back-end
     * @param registry      where nested components come from
     * @param settings      the seed and the data directory
     */
    @Inject
    public DefaultComponentContext(LinearAlgebra linearAlgebra, ComponentRegistry registry, ContextSettings settings) {
        this.linearAlgebra = linearAlgebra;
        this.registry = registry;
        this.settings = settings;
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
}
