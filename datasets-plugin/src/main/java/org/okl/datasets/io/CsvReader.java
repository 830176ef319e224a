package org.okl.datasets.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
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
 *       are generated ({@link Table#namedColumns()}).</li>
 *   <li>An empty field is a missing value (NaN); literal {@code NaN} or {@code Inf} text is rejected.</li>
 *   <li>Every row must have as many fields as the first; blank lines are skipped (so a one-column file cannot
 *       mark a missing value with an empty line).</li>
 * </ul>
 * The format does not mark outputs, so {@link Table#outputColumns()} is empty.
 */
public final class CsvReader implements TableReader {

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
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        try {
            String first = firstNonBlankLine(reader);
            if (first == null) {
                throw new DataFormatException(name, "empty file: no header and no data rows");
            }
            char delimiter = delimiterOf(first);
            return delimiter == ' ' ? readWhitespace(reader, name) : readDelimited(reader, name, delimiter);
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

    private static Table readDelimited(BufferedReader reader, String name, char delimiter) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder()
                .setDelimiter(delimiter)
                .setIgnoreSurroundingSpaces(true)
                .setIgnoreEmptyLines(false)
                .get();
        TableBuilder table = new TableBuilder(name);
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

    private static Table readWhitespace(BufferedReader reader, String name) throws IOException {
        TableBuilder table = new TableBuilder(name);
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
        private List<String> columnNames;
        private boolean header;
        private RowBuffer rows;
        private double[] row;

        TableBuilder(String name) {
            this.name = name;
        }

        void accept(List<String> fields, long line) {
            if (rows == null) {
                rows = new RowBuffer(fields.size());
                row = new double[fields.size()];
                if (isHeader(fields)) {
                    columnNames = List.copyOf(fields);
                    header = true;
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
