package org.okl.datasets.source;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.data.DataFormatException;

/**
 * Where a stored data set's files are: bundled in the plugin, or in a folder of a data directory, laid out as
 * {@code <data directory>/<folder>/<files>} and searched in the order of {@link ComponentContext#dataDirectories()}
 * (the data directory, then a development checkout's shared data).
 *
 * @param bundled whether the files are in the plugin's resources
 * @param folder  the folder name (under the resources' data folder, or under a data directory)
 * @param files   the files the data set reads (each may be stored gzipped, see {@link DataFolder})
 */
record Location(boolean bundled, String folder, List<String> files) {

    /** Copies the file list. */
    Location {
        files = List.copyOf(files);
    }

    /** Files bundled in the plugin. */
    static Location bundled(String folder, String... files) {
        return new Location(true, folder, List.of(files));
    }

    /** Files in a folder of a data directory. */
    static Location dataDirectory(String folder, String... files) {
        return new Location(false, folder, List.of(files));
    }

    /** Whether every needed file is there. */
    boolean isAvailable(ComponentContext context) {
        if (bundled) {
            DataFolder f = DataFolder.bundled(folder);
            return files.stream().allMatch(f::has);
        }
        return find(context).isPresent();
    }

    /** Where the files are, or are expected (in the data directory) when missing, for messages. */
    String expected(ComponentContext context) {
        if (bundled) {
            return "bundled in okl-datasets-plugin (org/okl/datasets/data/" + folder + "/)";
        }
        return find(context).or(() -> primary(context)).map(Path::toString)
                .orElse("<data directory>/" + folder + " (no data directory is configured)");
    }

    /**
     * The folder, checked to hold every needed file.
     *
     * @param remedy what the user can do when files are missing, for example {@code fetch it with: ...}
     * @throws DataFormatException naming the expected path and the remedy when a file or the folder is missing
     */
    DataFolder open(ComponentContext context, String datasetId, String remedy) {
        if (bundled) {
            return DataFolder.bundled(folder);
        }
        Optional<Path> found = find(context);
        if (found.isPresent()) {
            return DataFolder.directory(found.get());
        }
        Optional<Path> primary = primary(context);
        if (primary.isEmpty()) {
            throw new DataFormatException("<data directory>/" + folder, "data set '" + datasetId
                    + "' is not bundled and no data directory is configured (--data-dir or OKL_DATA); " + remedy);
        }
        Path dir = primary.get();
        if (!Files.isDirectory(dir)) {
            throw new DataFormatException(dir.toString(), "data set '" + datasetId + "' is not in the data directory; "
                    + remedy);
        }
        DataFolder f = DataFolder.directory(dir);
        String missing = files.stream().filter(file -> !f.has(file)).findFirst().orElseThrow();
        throw new DataFormatException(dir.resolve(missing).toString(), "data set '" + datasetId + "' needs this file,"
                + " which is missing; " + remedy);
    }

    /** The first data directory whose folder holds every file. */
    private Optional<Path> find(ComponentContext context) {
        for (Path directory : context.dataDirectories()) {
            Path candidate = directory.resolve(folder);
            DataFolder f = DataFolder.directory(candidate);
            if (Files.isDirectory(candidate) && files.stream().allMatch(f::has)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The folder in the data directory, where downloads go. */
    private Optional<Path> primary(ComponentContext context) {
        return context.dataDirectory().map(d -> d.resolve(folder));
    }
}
