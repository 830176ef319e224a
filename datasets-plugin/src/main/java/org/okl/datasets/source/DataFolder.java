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
 * A folder of data files: bundled in the plugin's resources, or a folder of the data directory. Files are opened
 * decompressed when their name ends in {@code .gz}.
 */
abstract class DataFolder {

    /** The bundled folder {@code org/okl/datasets/data/<name>/} of the plugin's resources. */
    static DataFolder bundled(String name) {
        return new DataFolder() {
            @Override
            String describe(String file) {
                return "bundled:" + name + "/" + file;
            }

            @Override
            boolean has(String file) {
                return DataFolder.class.getClassLoader().getResource(resource(file)) != null;
            }

            @Override
            InputStream openRaw(String file) {
                InputStream in = DataFolder.class.getClassLoader().getResourceAsStream(resource(file));
                if (in == null) {
                    throw new DataFormatException(describe(file), "bundled file missing from the plugin JAR");
                }
                return in;
            }

            private String resource(String file) {
                return "org/okl/datasets/data/" + name + "/" + file;
            }
        };
    }

    /** A folder on disk. */
    static DataFolder directory(Path folder) {
        return new DataFolder() {
            @Override
            String describe(String file) {
                return folder.resolve(file).toString();
            }

            @Override
            boolean has(String file) {
                return Files.isRegularFile(folder.resolve(file));
            }

            @Override
            InputStream openRaw(String file) {
                Path path = folder.resolve(file);
                if (!Files.isRegularFile(path)) {
                    throw new DataFormatException(path.toString(), "file not found");
                }
                try {
                    return Files.newInputStream(path);
                } catch (IOException e) {
                    throw new DataFormatException(path.toString(), "cannot open: " + e.getMessage(), e);
                }
            }
        };
    }

    /** The name of a file of this folder, for messages. */
    abstract String describe(String file);

    /** Whether the folder has the file. */
    abstract boolean has(String file);

    /** Opens the file without decompression. */
    abstract InputStream openRaw(String file);

    /**
     * Opens a file (decompressed), hands the stream and the file's description to {@code reader}, and closes it.
     */
    <T> T read(String file, BiFunction<InputStream, String, T> reader) {
        String name = describe(file);
        try (InputStream in = DataFiles.decompressIfGzip(openRaw(file), file)) {
            return reader.apply(in, name);
        } catch (IOException e) {
            throw new DataFormatException(name, "cannot read: " + e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw new DataFormatException(name, "cannot read: " + e.getCause().getMessage(), e);
        }
    }
}
