package org.okl.datasets.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.linalg.Matrix;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads delimited text (id {@code csv}; suffixes {@code .csv}, {@code .tsv}), parsed with Apache Commons CSV.
 *
 * <ul>
 *   <li>Delimiter: taken from the first non-blank line: a comma if it has one, else a tab, else a semicolon; a line
 *       with none of these but with blanks is read as whitespace-separated text (runs of spaces or tabs separate
 *       fields, as in scikit-learn's Linnerud files).</li>
 *   <li>Header: the first record is a header when one of its fields is not a number (an empty field or a spelling
 *       of NaN/infinity counts as a number there, so that such a first row is reported as bad data rather than
 *       silently taken as names). Without a header, columns are named {@code c0, c1, ...} and the table says they
 *       are generated ({@link Table#namedColumns()}). A header is never taken silently: one line on the
 *       {@value #NOTES} logger (the command line prints it on stderr) names the line and the column names, and warns
 *       when some of its fields are numbers (a data row with a typo would otherwise be dropped).</li>
 *   <li>Encoding: UTF-8; a leading byte-order mark is skipped (see {@link DataFiles#textReader}).</li>
 *   <li>An empty field is a missing value (NaN); literal {@code NaN} or {@code Inf} text is rejected.</li>
 *   <li>Every row must have as many fields as the first; blank lines are skipped (so a one-column file cannot
 *       mark a missing value with an empty line).</li>
 * </ul>
 * The format does not mark outputs, so {@link Table#outputColumns()} is empty.
 */
public final class CsvReader implements TableReader {
    /** The logger of notes the command line prints on stderr. */
    public static final String NOTES = "okl.note";

    private static final Logger NOTE = LoggerFactory.getLogger(NOTES);
    private static final int NAMES_SHOWN = 6;

    private final boolean noteHeaders;

    /** A reader of the files users name: it says which line it read as the header. */
    public CsvReader() {
        this(true);
    }

    private CsvReader(boolean noteHeaders) {
        this.noteHeaders = noteHeaders;
    }

    /** A reader of files whose layout is known (the bundled and downloaded data sets): no header notes. */
    public static CsvReader forKnownFiles() {
        return new CsvReader(false);
    }

    @Override
    public List<String> suffixes() {
        return List.of(".csv", ".tsv");
    }

    @Override
    public Table read(Path file) {
        try (InputStream in = DataFiles.open(file)) {
            return read(in, file.toString());
        } catch (IOException e) {
            throw DataFiles.readError(file.toString(), e);
        }
    }

    /**
     * Reads already opened (and decompressed) content.
     *
     * @param in   the content; not closed here
     * @param name the file name for error messages
     */
    public Table read(InputStream in, String name) {
        BufferedReader reader = DataFiles.textReader(in, name);
        try {
            String first = firstNonBlankLine(reader);
            if (first == null) {
                throw new DataFormatException(name, "empty file: no header and no data rows");
            }
            char delimiter = delimiterOf(first);
            TableBuilder table = new TableBuilder(name, noteHeaders);
            return delimiter == ' ' ? readWhitespace(reader, table) : readDelimited(reader, name, delimiter, table);
        } catch (IOException e) {
            throw DataFiles.readError(name, e);
        }
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

    private static char delimiterOf(String line) {
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

    private static Table readDelimited(BufferedReader reader, String name, char delimiter, TableBuilder table)
            throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder()
                .setDelimiter(delimiter)
                .setIgnoreSurroundingSpaces(true)
                .setIgnoreEmptyLines(false)
                .get();
        try (CSVParser parser = format.parse(reader)) {
            List<String> fields = new ArrayList<>();
            long lastLine = parser.getCurrentLineNumber();
            for (CSVRecord record : parser) {
                long line = lastLine + 1;
                lastLine = parser.getCurrentLineNumber();
                if (record.size() == 1 && record.get(0).isEmpty()) {
                    continue;
                }
                fields.clear();
                record.forEach(fields::add);
                table.accept(fields, line);
            }
        } catch (java.io.UncheckedIOException e) {
            throw new DataFormatException(name, "malformed CSV: " + e.getCause().getMessage(), e);
        }
        return table.build();
    }

    private static Table readWhitespace(BufferedReader reader, TableBuilder table) throws IOException {
        List<String> fields = new ArrayList<>();
        String text;
        long line = 0;
        while ((text = reader.readLine()) != null) {
            line++;
            if (text.isBlank()) {
                continue;
            }
            fields.clear();
            for (String token : text.strip().split("[ \\t]+")) {
                fields.add(token);
            }
            table.accept(fields, line);
        }
        return table.build();
    }

    /** Turns records into rows: header detection, width check, numeric parsing. */
    private static final class TableBuilder {
        private final String name;
        private final boolean noteHeader;
        private List<String> columnNames;
        private boolean header;
        private RowBuffer rows;
        private double[] row;

        TableBuilder(String name, boolean noteHeader) {
            this.name = name;
            this.noteHeader = noteHeader;
        }

        void accept(List<String> fields, long line) {
            if (rows == null) {
                rows = new RowBuffer(fields.size());
                row = new double[fields.size()];
                if (isHeader(fields)) {
                    columnNames = List.copyOf(fields);
                    header = true;
                    if (noteHeader) {
                        noteHeader(fields, line);
                    }
                    return;
                }
                columnNames = Fields.generated("c", fields.size());
            }
            if (fields.size() != rows.width()) {
                int field = Math.min(fields.size(), rows.width());
                throw new DataFormatException(name, line, Fields.name(field, columnNames),
                        "ragged row: " + fields.size() + " fields, expected " + rows.width());
            }
            for (int j = 0; j < row.length; j++) {
                String text = fields.get(j);
                row[j] = text.isEmpty() ? Double.NaN : Numbers.parse(text, name, line, Fields.name(j, columnNames));
            }
            rows.add(row);
        }

        Table build() {
            if (rows == null || rows.rows() == 0) {
                throw new DataFormatException(name, "empty file: no data rows");
            }
            Matrix values = rows.toMatrix();
            return new Table(values, columnNames, new int[0], header);
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
                NOTE.info("note: {}: line {} read as the header ({} column names: {})", name, line, fields.size(),
                        names);
            } else {
                NOTE.warn("warning: {}: line {} read as the header because field {} ('{}') is not a number, although"
                        + " field(s) {} are numbers; if line {} is data, correct field {} (the line is not used as"
                        + " data)", name, line, firstText + 1, fields.get(firstText),
                        numeric.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")), line,
                        firstText + 1);
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
    }
}
