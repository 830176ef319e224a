package org.okl.api.data;

import org.okl.api.API;
import org.okl.api.component.ComponentContext;

/**
 * A named data set OKL can load: bundled in a plugin, read from the data directory, or generated.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface DatasetSource {

    /** One line: task, shape and source, shown by {@code okl datasets} without loading the data. */
    String summary();

    /**
     * Whether the data can be loaded here (bundled, generated, or found in the data directory).
     */
    boolean isAvailable(ComponentContext context);

    /** Where the data is expected when it is not available, for the error message. */
    String expectedLocation(ComponentContext context);

    /**
     * Loads the data.
     *
     * @throws DataFormatException when a file is missing or malformed (the message names file, line and field)
     */
    Dataset load(ComponentContext context);
}
