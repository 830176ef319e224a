package org.okl.core.component;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The run settings components see through their context.
 *
 * @param seed          the seed every random choice derives from
 * @param dataDirectory the folder of data sets that are not bundled, when there is one
 */
public record ContextSettings(long seed, Optional<Path> dataDirectory) {
}
