package org.okl.datasets.io;

import ch.randelshofer.fastdoubleparser.JavaDoubleParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.okl.api.data.TableSplits;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;

/**
 * A delimited text file cut into byte ranges that parse in parallel ({@link CsvReader#split}). The header and the
 * delimiter are what {@link CsvStream} finds; the data that follow are cut at nominal offsets, and a piece holds the
 * lines that start in its range (a piece finds its first line by skipping to the byte after the first line feed at
 * or after its nominal start, so the lines are re-synchronised at every edge without a pass over the file).
 *
 * <p>The fast path takes records that are one line each (LF or CRLF) whose fields, after surrounding spaces, are
 * plain numbers ({@link Numbers#isPlainNumber}), empty (a missing value), or a quoted plain number or empty string;
 * blank lines, and records of one empty field, are skipped, as {@link CsvStream} skips them. A piece with anything else (a quoted field holding a
 * delimiter, a quote or a line break; a tab or other whitespace around a comma-separated field; a lone CR; a byte
 * outside ASCII; a ragged line; a number that overflows) parses to empty, and the caller reads the file with
 * {@link CsvStream}: its values and errors are the reference. Numbers are parsed from the bytes by FastDoubleParser,
 * which {@link CsvStream} uses on the same text, so both give the same doubles.
 */
final class CsvSplits implements TableSplits {
    /** The longest first line read to find the header. */
    private static final int HEAD_LIMIT = 1 << 24;

    private final Path file;
    private final String name;
    private final FileChannel channel;
    private final List<String> columnNames;
    private final boolean namedColumns;
    private final byte delimiter;
    private final int width;
    private final long dataStart;
    private final long size;
    private final long pieceBytes;
    private final int pieces;

    private CsvSplits(Path file, FileChannel channel, List<String> columnNames, boolean namedColumns, byte delimiter,
            long dataStart, long size, long pieceBytes) {
        this.file = file;
        this.name = file.toString();
        this.channel = channel;
        this.columnNames = columnNames;
        this.namedColumns = namedColumns;
        this.delimiter = delimiter;
        this.width = columnNames.size();
        this.dataStart = dataStart;
        this.size = size;
        this.pieceBytes = pieceBytes;
        this.pieces = (int) Math.max(1, Math.min(Integer.MAX_VALUE, (size - dataStart + pieceBytes - 1) / pieceBytes));
    }

    /**
     * Splits an uncompressed delimited file, or returns empty when its layout is left to {@link CsvStream}
     * (whitespace-separated, a header record over several lines, a UTF-16 file).
     *
     * @param stream the file opened by {@link CsvStream} (header, names, delimiter), closed by the caller
     */
    static Optional<TableSplits> of(Path file, TableStream stream, long pieceBytes) {
        if (pieceBytes < 1) {
            throw new IllegalArgumentException("pieces need at least one byte, got " + pieceBytes);
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
            long size = channel.size();
            byte[] head = read(channel, 0, (int) Math.min(size, HEAD_LIMIT));
            int at = head.length >= 3 && (head[0] & 0xff) == 0xEF && (head[1] & 0xff) == 0xBB
                    && (head[2] & 0xff) == 0xBF ? 3 : 0;
            Optional<TableSplits> split = Optional.empty();
            while (at < head.length) {
                int end = indexOf(head, (byte) '\n', at, head.length);
                if (end < 0) {
                    if (head.length < size) {
                        break;
                    }
                    end = head.length;
                }
                String line = new String(head, at, end - at, StandardCharsets.UTF_8);
                if (!line.isBlank()) {
                    split = firstLine(file, channel, stream, line, at, end, size, pieceBytes);
                    break;
                }
                at = end + 1;
            }
            if (split.isPresent()) {
                channel = null;
            }
            return split;
        } catch (IOException e) {
            throw DataFiles.readError(file.toString(), e);
        } finally {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // nothing was read from it that matters
                }
            }
        }
    }

    /** The split given the first non-blank line [at, end) of the head. */
    private static Optional<TableSplits> firstLine(Path file, FileChannel channel, TableStream stream, String line,
            int at, int end, long size, long pieceBytes) {
        char delimiter = CsvStream.delimiterOf(line);
        if (delimiter == ' ' || line.chars().filter(c -> c == '"').count() % 2 != 0) {
            return Optional.empty();
        }
        long dataStart = stream.namedColumns() ? Math.min(size, (long) end + 1) : at;
        return Optional.of(new CsvSplits(file, channel, stream.columnNames(), stream.namedColumns(),
                (byte) delimiter, dataStart, size, pieceBytes));
    }

    @Override
    public List<String> columnNames() {
        return columnNames;
    }

    @Override
    public boolean namedColumns() {
        return namedColumns;
    }

    @Override
    public int pieces() {
        return pieces;
    }

    @Override
    public Optional<Matrix> parse(int piece, int[] columns) {
        if (piece < 0 || piece >= pieces) {
            throw new IllegalArgumentException("piece " + piece + " of " + pieces);
        }
        for (int c : columns) {
            if (c < 0 || c >= width) {
                throw new IllegalArgumentException("column " + c + " of " + width);
            }
        }
        try {
            long start = lineStart(piece);
            long end = piece + 1 == pieces ? size : lineStart(piece + 1);
            if (end <= start) {
                return Optional.of(Matrix.zeros(0, columns.length));
            }
            if (end - start > Integer.MAX_VALUE - 16) {
                return Optional.empty();
            }
            return parseLines(read(channel, start, (int) (end - start)), columns);
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s: %d pieces of about %d bytes", file, pieces, pieceBytes);
    }

    /** Where the first line of a piece starts: after the first line feed at or after its nominal start - 1. */
    private long lineStart(int piece) throws IOException {
        long nominal = dataStart + piece * pieceBytes;
        if (piece == 0 || nominal >= size) {
            return Math.min(nominal, size);
        }
        long position = nominal - 1;
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        while (position < size) {
            buffer.clear();
            int n = channel.read(buffer, position);
            if (n <= 0) {
                break;
            }
            byte[] bytes = buffer.array();
            for (int i = 0; i < n; i++) {
                if (bytes[i] == '\n') {
                    return position + i + 1;
                }
            }
            position += n;
        }
        return size;
    }

    /** The records of whole lines, or empty at the first thing the fast path does not take. */
    private Optional<Matrix> parseLines(byte[] text, int[] columns) {
        int lines = 1;
        for (byte b : text) {
            if (b == '\n') {
                lines++;
            }
        }
        int c = columns.length;
        double[] values = new double[lines * c];
        double[] row = new double[width];
        int rows = 0;
        int at = 0;
        int n = text.length;
        while (at < n) {
            int end = indexOf(text, (byte) '\n', at, n);
            int next = end < 0 ? n : end + 1;
            int stop = end < 0 ? n : end;
            if (stop > at && text[stop - 1] == '\r') {
                stop--;
            }
            if (!blank(text, at, stop)) {
                if (!parseRecord(text, at, stop, row)) {
                    return Optional.empty();
                }
                if (width == 1 && Double.isNaN(row[0])) {
                    at = next;
                    continue;
                }
                // a column may be wanted more than once (--inputs 0,1,0): each place gets its value
                for (int k = 0; k < c; k++) {
                    values[rows + k * lines] = row[columns[k]];
                }
                rows++;
            }
            at = next;
        }
        double[] data = new double[rows * c];
        for (int k = 0; k < c; k++) {
            System.arraycopy(values, k * lines, data, k * rows, rows);
        }
        return Optional.of(new Matrix(rows, c, data));
    }

    /** Whether [from, to) holds only spaces (a line CsvStream skips as blank). */
    private static boolean blank(byte[] text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text[i] != ' ') {
                return false;
            }
        }
        return true;
    }

    /** One record of [from, to) into row; false when it is not for the fast path. */
    private boolean parseRecord(byte[] text, int from, int to, double[] row) {
        int field = 0;
        int at = from;
        while (true) {
            if (field == width) {
                return false;
            }
            int end = at;
            while (end < to && text[end] != delimiter) {
                end++;
            }
            int a = at;
            int b = end;
            while (a < b && text[a] == ' ') {
                a++;
            }
            while (b > a && text[b - 1] == ' ') {
                b--;
            }
            if (a < b && text[a] == '"') {
                if (b - a < 2 || text[b - 1] != '"') {
                    return false;
                }
                a++;
                b--;
                if (a == b) {
                    row[field] = Double.NaN;
                } else if (!number(text, a, b, row, field)) {
                    return false;
                }
            } else if (a == b) {
                row[field] = Double.NaN;
            } else if (!number(text, a, b, row, field)) {
                return false;
            }
            field++;
            if (end >= to) {
                break;
            }
            at = end + 1;
        }
        return field == width;
    }

    /** A plain finite number in [from, to) into row[field]; false otherwise. */
    private static boolean number(byte[] s, int from, int to, double[] row, int field) {
        int i = from;
        if (s[i] == '+' || s[i] == '-') {
            i++;
        }
        int digits = 0;
        while (i < to && s[i] >= '0' && s[i] <= '9') {
            i++;
            digits++;
        }
        if (i < to && s[i] == '.') {
            i++;
            while (i < to && s[i] >= '0' && s[i] <= '9') {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < to && (s[i] == 'e' || s[i] == 'E')) {
            i++;
            if (i < to && (s[i] == '+' || s[i] == '-')) {
                i++;
            }
            int exponent = 0;
            while (i < to && s[i] >= '0' && s[i] <= '9') {
                i++;
                exponent++;
            }
            if (exponent == 0) {
                return false;
            }
        }
        if (i != to) {
            return false;
        }
        double v = JavaDoubleParser.parseDouble(s, from, to - from);
        if (!Double.isFinite(v)) {
            return false;
        }
        row[field] = v;
        return true;
    }

    private static int indexOf(byte[] text, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (text[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] read(FileChannel channel, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, position + buffer.position());
            if (n < 0) {
                throw new IOException("the file ended at byte " + (position + buffer.position()) + " while "
                        + (position + length) + " were expected (it changed while it was read)");
            }
        }
        return buffer.array();
    }
}
