package org.okl.datasets;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.LinearAlgebra;

/** A minimal component context for the plugin's tests: a seed, an optional data directory, read-only folders. */
public final class Contexts {
    /**
     * The shared benchmark data of a development checkout ({@code ../shared/datasets} beside the repository; the
     * module folder is the working directory under Maven). A user's clone has none: tests reading it skip there.
     */
    public static final Path SHARED_DATA = Path.of("../../shared/datasets").toAbsolutePath().normalize();

    private Contexts() {
    }

    /** Whether the shared benchmark data is present. */
    public static boolean hasSharedData() {
        return Files.isDirectory(SHARED_DATA);
    }

    /** A context with the given seed and data directory. */
    public static ComponentContext of(long seed, Optional<Path> dataDirectory) {
        return of(seed, dataDirectory, List.of());
    }

    /** A context with the given seed, data directory and read-only data folders searched after it. */
    public static ComponentContext of(long seed, Optional<Path> dataDirectory, List<Path> readOnly) {
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

            @Override
            public List<Path> dataDirectories() {
                List<Path> all = new ArrayList<>(dataDirectory.stream().toList());
                all.addAll(readOnly);
                return all;
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
