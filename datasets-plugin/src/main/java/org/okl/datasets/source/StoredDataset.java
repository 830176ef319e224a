package org.okl.datasets.source;

import org.okl.api.component.ComponentContext;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;

/** A data set read from files, bundled or in a data directory. */
class StoredDataset implements DatasetSource {

    /** Builds the data set from the files of its folder. */
    @FunctionalInterface
    interface Loader {
        /**
         * @throws DataFormatException for malformed files
         */
        Dataset load(DataFolder folder);
    }

    private final String id;
    private final String summary;
    private final Location location;
    private final Loader loader;

    StoredDataset(String id, String summary, Location location, Loader loader) {
        this.id = id;
        this.summary = summary;
        this.location = location;
        this.loader = loader;
    }

    @Override
    public String summary() {
        return summary;
    }

    @Override
    public boolean isAvailable(ComponentContext context) {
        return location.isAvailable(context);
    }

    @Override
    public String expectedLocation(ComponentContext context) {
        return location.expected(context);
    }

    @Override
    public Dataset load(ComponentContext context) {
        return loader.load(location.open(context, id, remedy()));
    }

    /** What a user can do when the files are missing. */
    String remedy() {
        return "put its files there";
    }

    /** The data set's id. */
    final String id() {
        return id;
    }

    /** Where its files are. */
    final Location location() {
        return location;
    }

    @Override
    public String toString() {
        return id;
    }
}
