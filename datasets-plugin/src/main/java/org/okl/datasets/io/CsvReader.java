package org.okl.datasets.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.okl.api.data.ColumnNames;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableReader;
import org.okl.api.data.TableSplits;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;

/**
 * Reads delimited text (id {@code csv}; suffixes {@code .csv}, {@code .tsv}), parsed with Apache Commons CSV.
 *
 * <ul>
 *   <li>Delimiter: taken from the first non-blank line: a comma if it has one, else a tab, else a semicolon; a line
 *       with none of these but with blanks is read as whitespace-separated text (runs of spaces or tabs separate
 *       fields, as in scikit-learn's Linnerud files).</li>
 *   <li>Header: the first non-blank line is the header when none of its fields is a number (each is a name, or
 *       empty as pandas' index column is) or when its fields are the column numbers 0, 1, 2, ... that pandas writes
 *       for integer column names; it is data when every field is a number or empty (a spelling of NaN or infinity
 *       counts as a number, so that such a row is reported as bad data rather than taken as names). A first line
 *       that mixes names and numbers is refused with its line and fields: a data row with a typo and a header with a
 *       number among its names look the same, and OKL does not guess. Without a header, columns are named
 *       {@code c0, c1, ...} and the table says they are generated ({@link Table#namedColumns()}). A header is never
 *       taken silently: one line on the {@value #NOTES} logger (the command line prints it on stderr) names the line
 *       and the column names. Two columns of one name are refused ({@link ColumnNames}).</li>
 *   <li>Encoding: UTF-8; a leading byte-order mark is skipped, and a byte that is not UTF-8 is an error naming its
 *       line (see {@link DataFiles#textReader}).</li>
 *   <li>An empty field is a missing value (NaN); literal {@code NaN} or {@code Inf} text is rejected.</li>
 *   <li>Every row must have as many fields as the first; blank lines are skipped (so a one-column file cannot
 *       mark a missing value with an empty line).</li>
 * </ul>
 * The format does not mark outputs, so {@link Table#outputColumns()} is empty.
 */
public final class CsvReader implements TableReader {
    /** The logger of notes the command line prints on stderr. */
    public static final String NOTES = "okl.note";

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
        CsvStream stream = new CsvStream(new java.io.FilterInputStream(in) {
            @Override
            public void close() {
                // the caller closes the content
            }
        }, name, noteHeaders);
        RowBuffer rows = null;
        for (Optional<Matrix> block = stream.next(4096); block.isPresent(); block = stream.next(4096)) {
            Matrix m = block.get();
            if (rows == null) {
                rows = new RowBuffer(m.cols(), name);
            }
            for (int i = 0; i < m.rows(); i++) {
                rows.add(m.row(i));
            }
        }
        if (rows == null) {
            throw new DataFormatException(name, "empty file: no data rows");
        }
        return new Table(rows.toMatrix(), stream.columnNames(), new int[0], stream.namedColumns());
    }

    /** Streams the file block by block (constant memory). */
    @Override
    public TableStream open(Path file) {
        return new CsvStream(DataFiles.open(file), file.toString(), noteHeaders);
    }

    /**
     * Cuts an uncompressed file into byte ranges that parse in parallel ({@link CsvSplits}: the same values as
     * {@link #open}; anything unusual is left to it).
     */
    @Override
    public Optional<TableSplits> split(Path file, long pieceBytes) {
        if (file.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".gz")) {
            return Optional.empty();
        }
        try (TableStream stream = open(file)) {
            return CsvSplits.of(file, stream, pieceBytes);
        }
    }
}
