package org.okl.datasets.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.okl.api.data.ColumnNames;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delimited text read block by block in one pass ({@link CsvReader} documents the format): the first non-blank line
 * decides the delimiter, the first record is a header or data by {@link CsvReader}'s rule (a first line mixing names
 * and numbers is refused), and every following record is a row of numbers (an empty field is NaN); a UTF-8
 * byte-order mark is skipped and a header line is announced. Memory: one block of rows, whatever the file's length
 * (the first line is read whole, however long).
 */
final class CsvStream implements TableStream {
    private static final Logger NOTE = LoggerFactory.getLogger(CsvReader.NOTES);
    private static final int NAMES_SHOWN = 6;
    /**
     * The headers already announced in this process (file name, line and a hash of the names, so a long-running
     * process keeps a few bytes per file): a streamed fit reads its file in several passes (landmarks, sums,
     * Falkon's iterations) and the user is told once.
     */
    private static final Set<String> ANNOUNCED = ConcurrentHashMap.newKeySet();

    private final String name;
    private final InputStream in;
    private final BufferedReader reader;
    private final Records records;
    private final List<String> columnNames;
    private final boolean header;
    private final int width;
    private double[] pendingRow;

    /**
     * Opens already opened (and decompressed) content and reads its first record.
     *
     * @param in         the content; closed by {@link #close()}
     * @param name       the file name for error messages
     * @param noteHeader whether a header line is announced on the {@value CsvReader#NOTES} logger
     * @throws DataFormatException for an empty file or a malformed first record
     */
    CsvStream(InputStream in, String name, boolean noteHeader) {
        this.name = name;
        this.in = in;
        BufferedReader text = DataFiles.textReader(in, name);
        try {
            long blank = 0;
            String first;
            while ((first = text.readLine()) != null && first.isBlank()) {
                blank++;
            }
            if (first == null) {
                throw new DataFormatException(name, "empty file: no header and no data rows");
            }
            // the first line is read once and put back in front of the rest, so no mark has to span it
            this.reader = new BufferedReader(new PrefixedReader(first + "\n", text), 1 << 16);
            char delimiter = delimiterOf(first);
            records = delimiter == ' ' ? new WhitespaceRecords(reader, blank)
                    : new DelimitedRecords(reader, delimiter, name, blank);
            List<String> fields = records.next();
            if (fields == null) {
                throw new DataFormatException(name, "empty file: no data rows");
            }
            width = fields.size();
            header = isHeader(fields, records.line());
            if (header) {
                columnNames = List.copyOf(fields);
                ColumnNames.requireDistinct(name, columnNames);
                if (noteHeader && ANNOUNCED.add(name + '\n' + records.line() + '\n' + fields.hashCode())) {
                    noteHeader(fields, records.line());
                }
            } else {
                columnNames = Fields.generated("c", fields.size());
                pendingRow = parse(fields, records.line());
            }
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
    }

    @Override
    public List<String> columnNames() {
        return columnNames;
    }

    @Override
    public boolean namedColumns() {
        return header;
    }

    @Override
    public int[] outputColumns() {
        return new int[0];
    }

    @Override
    public Optional<Matrix> next(int maxRows) {
        // a block of a very wide file holds fewer rows, so that rows x width never overflows one matrix
        int limit = (int) Math.max(1, Math.min(maxRows, Matrix.MAX_VALUES / Math.max(1, width)));
        List<double[]> rows = new ArrayList<>(Math.min(limit, 4096));
        if (pendingRow != null) {
            rows.add(pendingRow);
            pendingRow = null;
        }
        try {
            while (rows.size() < limit) {
                List<String> fields = records.next();
                if (fields == null) {
                    break;
                }
                rows.add(parse(fields, records.line()));
            }
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        int t = rows.size();
        double[] data = new double[Matrix.checkedSize(t, width)];
        for (int i = 0; i < t; i++) {
            double[] row = rows.get(i);
            for (int j = 0; j < width; j++) {
                data[i + j * t] = row[j];
            }
        }
        return Optional.of(new Matrix(t, width, data));
    }

    @Override
    public void close() {
        try {
            reader.close();
            in.close();
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
    }

    private double[] parse(List<String> fields, long line) {
        if (fields.size() != width) {
            int field = Math.min(fields.size(), width);
            throw new DataFormatException(name, line, Fields.name(field, columnNames),
                    "ragged row: " + fields.size() + " fields, expected " + width);
        }
        double[] row = new double[width];
        for (int j = 0; j < width; j++) {
            String text = fields.get(j);
            row[j] = text.isEmpty() ? Double.NaN : Numbers.parse(text, name, line, Fields.name(j, columnNames));
        }
        return row;
    }

    /** The delimiter the first non-blank line implies: comma, tab, semicolon, or ' ' for whitespace-separated. */
    static char delimiterOf(String line) {
        if (line.indexOf(',') >= 0) {
            return ',';
        }
        if (line.indexOf('\t') >= 0) {
            return '\t';
        }
        if (line.indexOf(';') >= 0) {
            return ';';
        }
        return line.strip().indexOf(' ') >= 0 ? ' ' : ',';
    }

    /** One note on stderr: the header's line and its first names. */
    private void noteHeader(List<String> fields, long line) {
        String names = String.join(", ", fields.stream().limit(NAMES_SHOWN).map(UserText::quote).toList())
                + (fields.size() > NAMES_SHOWN ? ", ..." : "");
        if (isColumnNumbers(fields)) {
            NOTE.info("note: {}: line {} read as the header: its fields are the column numbers 0 to {}, as pandas "
                    + "writes them for integer column names (if line {} is data, write one of its numbers with a "
                    + "decimal point, such as 0.0)", UserText.escape(name), line, fields.size() - 1
                    - (fields.get(0).isEmpty() ? 1 : 0), line);
        } else {
            NOTE.info("note: {}: line {} read as the header ({} column names: {})", UserText.escape(name), line,
                    fields.size(), names);
        }
    }

    /**
     * The header rule ({@link CsvReader}): the first record is the header when none of its fields is a number (at
     * least one is a name; empty fields are allowed, as pandas writes for its index column) or when its fields are
     * the column numbers 0, 1, 2, ... that pandas writes for integer column names; it is data when every field is a
     * number or empty. A first record that mixes names and numbers is refused with its line and fields: it is a data
     * row with a typo or a header with a number among its names, and OKL does not guess which.
     *
     * @throws DataFormatException for a first record that mixes names and numbers
     */
    private boolean isHeader(List<String> fields, long line) {
        List<Integer> numbers = new ArrayList<>();
        List<Integer> names = new ArrayList<>();
        for (int j = 0; j < fields.size(); j++) {
            String f = fields.get(j);
            if (f.isEmpty()) {
                continue;
            }
            if (Numbers.isPlainNumber(f) || isNonFiniteSpelling(f)) {
                numbers.add(j);
            } else {
                names.add(j);
            }
        }
        if (names.isEmpty()) {
            return isColumnNumbers(fields);
        }
        if (numbers.isEmpty()) {
            return true;
        }
        int firstName = names.get(0);
        throw new DataFormatException(name, line, Integer.toString(firstName + 1), "line " + line + " mixes names and "
                + "numbers: field " + (firstName + 1) + " " + UserText.quote(fields.get(firstName)) + " is not a "
                + "number but field(s) " + numbers.stream().limit(8).map(j -> Integer.toString(j + 1))
                        .collect(Collectors.joining(", ")) + (numbers.size() > 8 ? ", ..." : "") + " are; OKL reads "
                + "a first line as the header when none of its fields is a number, and as data when all are: if "
                + "line " + line + " is data, correct field " + (firstName + 1) + "; if it is the header, give every "
                + "column a name that is not a number (for example y1990 rather than 1990)");
    }

    /**
     * Whether the fields are the whole numbers 0, 1, 2, ... written as such (at least two of them), after an optional
     * empty first field: the header pandas writes for integer column names (and its index column).
     */
    private static boolean isColumnNumbers(List<String> fields) {
        int start = !fields.isEmpty() && fields.get(0).isEmpty() ? 1 : 0;
        if (fields.size() - start < 2) {
            return false;
        }
        for (int j = start; j < fields.size(); j++) {
            if (!fields.get(j).equals(Integer.toString(j - start))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNonFiniteSpelling(String f) {
        String s = f.toLowerCase(Locale.ROOT);
        if (s.startsWith("+") || s.startsWith("-")) {
            s = s.substring(1);
        }
        return s.equals("nan") || s.equals("inf") || s.equals("infinity");
    }

    /** The records of the file, blank lines skipped, with the line each came from. */
    private interface Records {
        /** The next record's fields, or null at the end. */
        List<String> next() throws IOException;

        /** The line (1-based) of the record last returned. */
        long line();
    }

    /** A text followed by the rest of a reader: the first line, read once, put back in front of the others. */
    private static final class PrefixedReader extends Reader {
        private final String prefix;
        private final Reader rest;
        private int position;

        PrefixedReader(String prefix, Reader rest) {
            this.prefix = prefix;
            this.rest = rest;
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            if (position < prefix.length()) {
                int n = Math.min(length, prefix.length() - position);
                prefix.getChars(position, position + n, buffer, offset);
                position += n;
                return n;
            }
            return rest.read(buffer, offset, length);
        }

        @Override
        public void close() throws IOException {
            rest.close();
        }
    }

    /** Commons CSV records of a delimited file. */
    private static final class DelimitedRecords implements Records {
        private final CSVParser parser;
        private final Iterator<CSVRecord> iterator;
        private final String name;
        private final long skipped;
        private long lastLine;
        private long line;

        DelimitedRecords(BufferedReader reader, char delimiter, String name, long skipped) throws IOException {
            CSVFormat format = CSVFormat.DEFAULT.builder()
                    .setDelimiter(delimiter)
                    .setIgnoreSurroundingSpaces(true)
                    .setIgnoreEmptyLines(false)
                    .get();
            this.parser = format.parse(reader);
            this.iterator = parser.iterator();
            this.name = name;
            this.skipped = skipped;
        }

        @Override
        public List<String> next() {
            try {
                while (iterator.hasNext()) {
                    CSVRecord record = iterator.next();
                    line = lastLine + 1;
                    lastLine = parser.getCurrentLineNumber();
                    if (record.size() == 1 && record.get(0).isEmpty()) {
                        continue;
                    }
                    List<String> fields = new ArrayList<>(record.size());
                    record.forEach(fields::add);
                    return fields;
                }
                return null;
            } catch (UncheckedIOException e) {
                throw new DataFormatException(name + ":" + (skipped + lastLine + 1), "malformed CSV: "
                        + DataFiles.describe(e.getCause()), e);
            } catch (IllegalStateException e) {
                throw new DataFormatException(name + ":" + (skipped + lastLine + 1), "malformed CSV: "
                        + UserText.quote(String.valueOf(e.getMessage()), 200), e);
            }
        }

        @Override
        public long line() {
            return skipped + line;
        }
    }

    /** Whitespace-separated lines. */
    private static final class WhitespaceRecords implements Records {
        private final BufferedReader reader;
        private long line;

        WhitespaceRecords(BufferedReader reader, long skipped) {
            this.reader = reader;
            this.line = skipped;
        }

        @Override
        public List<String> next() throws IOException {
            String text;
            while ((text = reader.readLine()) != null) {
                line++;
                if (!text.isBlank()) {
                    return List.of(text.strip().split("[ \\t]+"));
                }
            }
            return null;
        }

        @Override
        public long line() {
            return line;
        }
    }
}
