package org.okl.datasets.io;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import org.okl.api.data.DataFormatException;

/**
 * Opening data files: existence checks with clear errors, transparent {@code .gz} decompression, and text decoding
 * that drops a UTF-8 byte-order mark and refuses UTF-16 with a clear message.
 */
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

    /**
     * A UTF-8 reader of text content. A UTF-8 byte-order mark (the bytes EF BB BF that some editors and spreadsheet
     * programs write first) is skipped, so it never sticks to the first field; UTF-16 text (a byte-order mark
     * FE FF or FF FE, as "Unicode text" exports have) is refused with a message saying to save the file as UTF-8.
     *
     * @param in   the content (decompressed), not closed here
     * @param name the file name for error messages
     * @throws DataFormatException for UTF-16 content or when the content cannot be read
     */
    public static BufferedReader textReader(InputStream in, String name) {
        BufferedInputStream buffered = in instanceof BufferedInputStream b ? b : new BufferedInputStream(in, 1 << 16);
        try {
            buffered.mark(3);
            byte[] head = buffered.readNBytes(3);
            boolean utf8Bom = head.length == 3 && (head[0] & 0xff) == 0xEF && (head[1] & 0xff) == 0xBB
                    && (head[2] & 0xff) == 0xBF;
            if (head.length >= 2 && ((head[0] & 0xff) == 0xFE && (head[1] & 0xff) == 0xFF
                    || (head[0] & 0xff) == 0xFF && (head[1] & 0xff) == 0xFE)) {
                throw new DataFormatException(name, "is UTF-16 text (it starts with a UTF-16 byte-order mark); save it"
                        + " as UTF-8 (\"CSV UTF-8\" in spreadsheet programs) and read it again");
            }
            if (!utf8Bom) {
                buffered.reset();
            }
        } catch (IOException e) {
            throw readError(name, e);
        }
        return new BufferedReader(new InputStreamReader(buffered, StandardCharsets.UTF_8), 1 << 16);
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
