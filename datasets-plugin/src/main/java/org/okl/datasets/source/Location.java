package org.okl.datasets.source;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.data.DataFormatException;

/**
 * Where a stored data set's files are: bundled in the plugin, or in a folder of the data directory
 * ({@link ComponentContext#dataDirectory()}, laid out as {@code <data directory>/<folder>/<files>}).
 *
 * @param bundled whether the files are in the plugin's resources
 * @param folder  the folder name (under the resources' data folder, or under the data directory)
 * @param files   the files the data set needs
 */
record Location(boolean bundled, String folder, List<String> files) {

    /** Files bundled in the plugin. */
    static Location bundled(String folder, String... files) {
        return new Location(true, folder, List.of(files));
    }

    /** Files in a folder of the data directory. */
    static Location dataDirectory(String folder, String... files) {
        return new Location(false, folder, List.of(files));
    }

    /** Whether every needed file is there. */
    boolean isAvailable(ComponentContext context) {
        if (bundled) {
            DataFolder f = DataFolder.bundled(folder);
            return files.stream().allMatch(f::has);
        }
        Optional<Path> dir = folderPath(context);
        return dir.isPresent() && files.stream().allMatch(file -> Files.isRegularFile(dir.get().resolve(file)));
    }

    /** Where the files are expected, for messages. */
    String expected(ComponentContext context) {
        if (bundled) {
            return "bundled in okl-datasets-plugin (org/okl/datasets/data/" + folder + "/)";
        }
        return folderPath(context).map(Path::toString)
                .orElse("<data directory>/" + folder + " (no data directory is configured)");
    }

    /**
     * The folder, checked to hold every needed file.
     *
     * @throws DataFormatException naming the expected path when a file or the folder is missing
     */
    DataFolder open(ComponentContext context, String datasetId) {
        if (bundled) {
            return DataFolder.bundled(folder);
        }
        Optional<Path> dir = folderPath(context);
        if (dir.isEmpty()) {
            throw new DataFormatException(expected(context), "data set '" + datasetId
                    + "' is not bundled; configure a data directory holding the folder '" + folder + "'");
        }
        for (String file : files) {
            Path p = dir.get().resolve(file);
            if (!Files.isRegularFile(p)) {
                throw new DataFormatException(p.toString(), "data set '" + datasetId + "' needs this file, which "
                        + "is missing (expected layout: <data directory>/" + folder + "/" + file + ")");
            }
        }
        return DataFolder.directory(dir.get());
    }

    private Optional<Path> folderPath(ComponentContext context) {
        return context.dataDirectory().map(d -> d.resolve(folder));
    }
}
