package org.okl.datasets.io;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import org.okl.api.data.DataFormatException;

/** Opening data files: existence checks with clear errors and transparent {@code .gz} decompression. */
public final class DataFiles {
    private static final String GZ = ".gz";

    private DataFiles() {
    }

    /**
     * Opens a file for reading, decompressing it when its name ends with {@code .gz}.
     *
     * @throws DataFormatException when the file is missing, is a folder, or cannot be read
     */
    public static InputStream open(Path file) {
        String name = file.toString();
        if (!Files.exists(file)) {
            throw new DataFormatException(name, "file not found");
        }
        if (Files.isDirectory(file)) {
            throw new DataFormatException(name, "is a folder, not a data file");
        }
        if (!Files.isReadable(file)) {
            throw new DataFormatException(name, "file is not readable");
        }
        try {
            return decompressIfGzip(Files.newInputStream(file), name);
        } catch (IOException e) {
            throw new DataFormatException(name, "cannot open: " + e.getMessage(), e);
        }
    }

    /**
     * Wraps a stream so that it is decompressed when {@code name} ends with {@code .gz}, and buffered.
     *
     * @throws DataFormatException when the name says gzip but the content is not
     */
    public static InputStream decompressIfGzip(InputStream in, String name) {
        InputStream buffered = new BufferedInputStream(in, 1 << 16);
        if (!name.toLowerCase(Locale.ROOT).endsWith(GZ)) {
            return buffered;
        }
        try {
            return new BufferedInputStream(new GZIPInputStream(buffered, 1 << 16), 1 << 16);
        } catch (IOException e) {
            DataFormatException error = new DataFormatException(name, "not a valid gzip file: " + e.getMessage(), e);
            try {
                buffered.close();
            } catch (IOException closing) {
                error.addSuppressed(closing);
            }
            throw error;
        }
    }

    /** The file name without any folder and without a trailing {@code .gz}, lower case. */
    public static String formatName(Path file) {
        Path fileName = file.getFileName();
        String name = (fileName == null ? file.toString() : fileName.toString()).toLowerCase(Locale.ROOT);
        return name.endsWith(GZ) ? name.substring(0, name.length() - GZ.length()) : name;
    }

    /** Turns an I/O error while reading into a {@link DataFormatException} naming the file. */
    static DataFormatException readError(String file, IOException e) {
        return new DataFormatException(file, "cannot read: " + e.getMessage(), e);
    }
}
