package org.okl.datasets.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
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
import org.okl.api.data.DataFormatException;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delimited text read block by block in one pass ({@link CsvReader} documents the format): the first non-blank line
 * decides the delimiter, the first record is a header when a field is not a number, and every following record is
 * a row of numbers (an empty field is NaN); a UTF-8 byte-order mark is skipped and a header line is announced.
 * Memory: one block of rows, whatever the file's length.
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
        this.reader = DataFiles.textReader(in, name);
        try {
            String first = firstNonBlankLine(reader);
            if (first == null) {
                throw new DataFormatException(name, "empty file: no header and no data rows");
            }
            char delimiter = delimiterOf(first);
            records = delimiter == ' ' ? new WhitespaceRecords(reader) : new DelimitedRecords(reader, delimiter, name);
            List<String> fields = records.next();
            if (fields == null) {
                throw new DataFormatException(name, "empty file: no data rows");
            }
            width = fields.size();
            header = isHeader(fields);
            if (header) {
                columnNames = List.copyOf(fields);
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
        int limit = Math.max(1, maxRows);
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
        double[] data = new double[t * width];
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

    private static String firstNonBlankLine(BufferedReader reader) throws IOException {
        reader.mark(1 << 24);
        String line;
        while ((line = reader.readLine()) != null) {
            if (!line.isBlank()) {
                reader.reset();
                return line;
            }
            reader.mark(1 << 24);
        }
        return null;
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

    /** One line on stderr: the header's line and names, and a warning when some of its fields are numbers. */
    private void noteHeader(List<String> fields, long line) {
        List<Integer> numeric = new ArrayList<>();
        int firstText = -1;
        for (int j = 0; j < fields.size(); j++) {
            String f = fields.get(j);
            if (f.isEmpty() || Numbers.isPlainNumber(f) || isNonFiniteSpelling(f)) {
                numeric.add(j + 1);
            } else if (firstText < 0) {
                firstText = j;
            }
        }
        if (numeric.isEmpty()) {
            String names = fields.size() <= NAMES_SHOWN ? String.join(", ", fields)
                    : String.join(", ", fields.subList(0, NAMES_SHOWN)) + ", ...";
            NOTE.info("note: {}: line {} read as the header ({} column names: {})", name, line, fields.size(), names);
        } else {
            NOTE.warn("warning: {}: line {} read as the header because field {} ('{}') is not a number, although"
                    + " field(s) {} are numbers; if line {} is data, correct field {} (the line is not used as data)",
                    name, line, firstText + 1, fields.get(firstText),
                    numeric.stream().map(String::valueOf).collect(Collectors.joining(", ")), line, firstText + 1);
        }
    }

    private static boolean isHeader(List<String> fields) {
        for (String f : fields) {
            if (!f.isEmpty() && !Numbers.isPlainNumber(f) && !isNonFiniteSpelling(f)) {
                return true;
            }
        }
        return false;
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

    /** Commons CSV records of a delimited file. */
    private static final class DelimitedRecords implements Records {
        private final CSVParser parser;
        private final Iterator<CSVRecord> iterator;
        private final String name;
        private long lastLine;
        private long line;

        DelimitedRecords(BufferedReader reader, char delimiter, String name) throws IOException {
            CSVFormat format = CSVFormat.DEFAULT.builder()
                    .setDelimiter(delimiter)
                    .setIgnoreSurroundingSpaces(true)
                    .setIgnoreEmptyLines(false)
                    .get();
            this.parser = format.parse(reader);
            this.iterator = parser.iterator();
            this.name = name;
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
                throw new DataFormatException(name, "malformed CSV: " + e.getCause().getMessage(), e);
            }
        }

        @Override
        public long line() {
            return line;
        }
    }

    /** Whitespace-separated lines. */
    private static final class WhitespaceRecords implements Records {
        private final BufferedReader reader;
        private long line;

        WhitespaceRecords(BufferedReader reader) {
            this.reader = reader;
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
