package org.okl.datasets;

import java.nio.file.Path;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.LinearAlgebra;

/** A minimal component context for the plugin's tests: a seed and an optional data directory. */
public final class Contexts {
    /** The shared benchmark data of the project, when present on this machine. */
    public static final Path SHARED_DATA = Path.of("/work/shared/datasets");

    private Contexts() {
    }

    /** A context with the given seed and data directory. */
    public static ComponentContext of(long seed, Optional<Path> dataDirectory) {
        return new ComponentContext() {
            @Override
            public LinearAlgebra linearAlgebra() {
                throw new UnsupportedOperationException("the data-set tests need no linear algebra");
            }

            @Override
            public <T> T create(Class<T> kind, ComponentSpec spec) {
                throw new UnsupportedOperationException("the data-set tests create no nested components");
            }

            @Override
            public long seed() {
                return seed;
            }

            @Override
            public Optional<Path> dataDirectory() {
                return dataDirectory;
            }
        };
    }

    /** A context without a data directory. */
    public static ComponentContext plain() {
        return of(42, Optional.empty());
    }

    /** A context whose data directory is the project's shared data. */
    public static ComponentContext shared() {
        return of(42, Optional.of(SHARED_DATA));
    }
}
