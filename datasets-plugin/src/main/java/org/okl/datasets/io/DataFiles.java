package org.okl.datasets.io;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.okl.api.data.DataFormatException;
import org.okl.api.text.UserText;

/**
 * Opening data files: existence checks with clear errors, transparent {@code .gz} decompression, and strict UTF-8
 * text decoding that drops a UTF-8 byte-order mark, refuses UTF-16 with a clear message, and refuses text in another
 * encoding (Latin-1, Windows-1252) at the line where its first foreign byte is, instead of reading it as replacement
 * characters. Read errors are said in words: a truncated {@code .gz} file is "truncated", not an empty message.
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
        if (!Files.isRegularFile(file)) {
            throw new DataFormatException(name, "is not a regular file (a named pipe or a device); save the data to a "
                    + "file");
        }
        if (!Files.isReadable(file)) {
            throw new DataFormatException(name, "file is not readable");
        }
        try {
            return decompressIfGzip(Files.newInputStream(file), name);
        } catch (IOException e) {
            throw new DataFormatException(name, "cannot open: " + describe(e), e);
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
            DataFormatException error = new DataFormatException(name, "not a valid gzip file: " + describe(e), e);
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
     * Bytes that are not UTF-8, and read errors (a truncated {@code .gz} file), are {@link DataFormatException}s
     * naming the line where they happen.
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
        return new BufferedReader(new StrictUtf8Reader(buffered, name), 1 << 16);
    }

    /**
     * Decodes UTF-8 strictly and counts the lines it has delivered, so that a byte that is not UTF-8 is refused at
     * its own line. It decodes itself rather than through an {@link java.io.InputStreamReader}, whose decoder drops
     * the text it decoded before a bad byte in the same buffer (the error then named the buffer's first line): here
     * that text is delivered first, and the next read fails with the line count up to the bad byte.
     */
    private static final class StrictUtf8Reader extends Reader {
        private final InputStream in;
        private final String name;
        private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16).flip();
        private boolean eof;
        private boolean flushed;
        private long line = 1;

        StrictUtf8Reader(InputStream in, String name) {
            this.in = in;
            this.name = name;
        }

        @Override
        public int read(char[] buffer, int offset, int length) {
            if (length == 0) {
                return 0;
            }
            if (flushed) {
                return -1;
            }
            CharBuffer out = CharBuffer.wrap(buffer, offset, length);
            while (out.position() == offset) {
                CoderResult result = decoder.decode(bytes, out, eof);
                if (result.isError()) {
                    if (out.position() > offset) {
                        break;
                    }
                    throw new DataFormatException(name + ":" + line, "not UTF-8 text (a byte that is not UTF-8 on "
                            + "this line; the file was probably saved as Latin-1 or Windows-1252): save it as UTF-8 "
                            + "(\"CSV UTF-8\" in spreadsheet programs) and read it again");
                }
                if (result.isOverflow() || out.position() > offset) {
                    break;
                }
                if (eof) {
                    if (!flushed) {
                        decoder.flush(out);
                        flushed = true;
                    }
                    if (out.position() == offset) {
                        return -1;
                    }
                    break;
                }
                fill();
            }
            int n = out.position() - offset;
            for (int i = offset; i < offset + n; i++) {
                if (buffer[i] == '\n') {
                    line++;
                }
            }
            return n;
        }

        /** Reads more bytes after those not yet decoded (an incomplete sequence at most). */
        private void fill() {
            bytes.compact();
            try {
                int n = in.read(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
                if (n < 0) {
                    eof = true;
                } else {
                    bytes.position(bytes.position() + n);
                }
            } catch (IOException e) {
                throw new DataFormatException(name + ":" + line, describe(e), e);
            } finally {
                bytes.flip();
            }
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /**
     * An I/O error while reading, in words: a file that ends early (a truncated {@code .gz} file), damaged compressed
     * data, text that is not UTF-8, or the system's message.
     */
    public static String describe(IOException e) {
        String message = e.getMessage() == null ? "" : e.getMessage();
        if (e instanceof EOFException || message.contains("Unexpected end of ZLIB input stream")) {
            return "the file ends early: it is truncated (for a .gz file, its end is missing): copy, download or "
                    + "compress it again";
        }
        if (e instanceof ZipException) {
            return "damaged compressed data (" + UserText.quote(message) + "): copy, download or compress the file "
                    + "again";
        }
        if (e instanceof CharacterCodingException) {
            return "not UTF-8 text: save the file as UTF-8";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        return message.isEmpty() ? "read error" : UserText.quote(message, 200);
    }

    /** The file name without any folder and without a trailing {@code .gz}, lower case. */
    public static String formatName(Path file) {
        Path fileName = file.getFileName();
        String name = (fileName == null ? file.toString() : fileName.toString()).toLowerCase(Locale.ROOT);
        return name.endsWith(GZ) ? name.substring(0, name.length() - GZ.length()) : name;
    }

    /** Turns an I/O error while reading into a {@link DataFormatException} naming the file. */
    static DataFormatException readError(String file, IOException e) {
        return new DataFormatException(file, "cannot read: " + describe(e), e);
    }
}
