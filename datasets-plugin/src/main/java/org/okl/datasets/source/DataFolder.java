package org.okl.datasets.source;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiFunction;
import org.okl.api.data.DataFormatException;
import org.okl.datasets.io.DataFiles;

/**
 * A folder of data files: bundled in the plugin's resources, or a folder of a data directory. A file is named as
 * the data set reads it ({@code meats.csv}); the folder may hold it as is or gzipped ({@code meats.csv.gz}, as the
 * bundled copies are), and files whose name ends in {@code .gz} are opened decompressed.
 */
abstract class DataFolder {
    private static final String GZ = ".gz";

    /** The bundled folder {@code org/okl/datasets/data/<name>/} of the plugin's resources. */
    static DataFolder bundled(String name) {
        return new DataFolder() {
            @Override
            String describe(String stored) {
                return "bundled:" + name + "/" + stored;
            }

            @Override
            boolean holds(String stored) {
                return DataFolder.class.getClassLoader().getResource(resource(stored)) != null;
            }

            @Override
            InputStream openStored(String stored) {
                InputStream in = DataFolder.class.getClassLoader().getResourceAsStream(resource(stored));
                if (in == null) {
                    throw new DataFormatException(describe(stored), "bundled file missing from the plugin JAR");
                }
                return in;
            }

            private String resource(String stored) {
                return "org/okl/datasets/data/" + name + "/" + stored;
            }
        };
    }

    /** A folder on disk. */
    static DataFolder directory(Path folder) {
        return new DataFolder() {
            @Override
            String describe(String stored) {
                return folder.resolve(stored).toString();
            }

            @Override
            boolean holds(String stored) {
                return Files.isRegularFile(folder.resolve(stored));
            }

            @Override
            InputStream openStored(String stored) {
                Path path = folder.resolve(stored);
                try {
                    return Files.newInputStream(path);
                } catch (IOException e) {
                    throw new DataFormatException(path.toString(), "cannot open: " + e.getMessage(), e);
                }
            }
        };
    }

    /** The name of a stored file, for messages. */
    abstract String describe(String stored);

    /** Whether the folder holds a file under exactly this name. */
    abstract boolean holds(String stored);

    /** Opens a stored file without decompression. */
    abstract InputStream openStored(String stored);

    /** Whether the folder has the file, as is or gzipped. */
    final boolean has(String file) {
        return holds(file) || holds(file + GZ);
    }

    /** The name the file is stored under: as is if present, else gzipped if present, else as is. */
    final String stored(String file) {
        return !holds(file) && holds(file + GZ) ? file + GZ : file;
    }

    /** The stored file's name for messages. */
    final String describeFile(String file) {
        return describe(stored(file));
    }

    /**
     * Opens a file (decompressed), hands the stream and the file's description to {@code reader}, and closes it.
     *
     * @throws DataFormatException when the file is missing or cannot be read, or as {@code reader} throws
     */
    final <T> T read(String file, BiFunction<InputStream, String, T> reader) {
        String stored = stored(file);
        String name = describe(stored);
        if (!holds(stored)) {
            throw new DataFormatException(name, "file not found");
        }
        try (InputStream in = DataFiles.decompressIfGzip(openStored(stored), stored)) {
            return reader.apply(in, name);
        } catch (IOException e) {
            throw new DataFormatException(name, "cannot read: " + e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw new DataFormatException(name, "cannot read: " + e.getCause().getMessage(), e);
        }
    }
}
