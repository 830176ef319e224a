package org.okl.core.component;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The run settings components see through their context.
 *
 * @param seed          the seed every random choice derives from
 * @param dataDirectory the folder of data sets that are not bundled, where they are downloaded to, when there is one
 * @param readOnlyData  folders searched for data sets after the data directory (a development checkout's shared data)
 */
public record ContextSettings(long seed, Optional<Path> dataDirectory, List<Path> readOnlyData) {

    /** Copies the list. */
    public ContextSettings {
        readOnlyData = List.copyOf(readOnlyData);
    }

    /** Settings whose data sets are read from the data directory alone. */
    public ContextSettings(long seed, Optional<Path> dataDirectory) {
        this(seed, dataDirectory, List.of());
    }
}
