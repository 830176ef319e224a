package org.okl.api.data;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.okl.api.API;

/**
 * Reads one file format into a {@link Table}. OKL picks the reader by file-name suffix; a {@code .gz} suffix is
 * stripped first and the file decompressed transparently.
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
public interface TableReader {

    /** The file-name suffixes this reader handles, lower case, for example {@code .csv}. */
    List<String> suffixes();

    /**
     * Whether a folder of this format's files (as Spark, Dask and DuckDB write a table: part files, with names that
     * start with {@code _} or {@code .} skipped) is read as one table, the files in name order; then {@link #read}
     * and {@link #open} take the folder. Default: no.
     */
    default boolean readsFolders() {
        return false;
    }

    /**
     * Reads a file.
     *
     * @throws DataFormatException naming file, line and field for any malformed content
     */
    Table read(Path file);

    /**
     * Reads a file of which only some columns (0-based) are used: a columnar format (Parquet) decodes only those and
     * leaves the others zero, so a column it cannot read (text) is refused only when chosen. The default reads every
     * column.
     *
     * @throws DataFormatException naming file, line and field for any malformed content
     */
    default Table read(Path file, int[] columns) {
        return read(file);
    }

    /**
     * Reads content that is not a file of its own: the copy of a data file that a model stored when it was written
     * (a candidate set its decoder names), which a model reads instead of the file. The default refuses; OKL's
     * readers implement it.
     *
     * @param content the content, already decompressed; not closed here
     * @param name    the file's name for messages (it ends with one of {@link #suffixes()})
     * @throws DataFormatException naming the name, line and field for malformed content
     */
    default Table read(InputStream content, String name) {
        throw new DataFormatException(name, "this format's reader reads files only, not the copy a model stores");
    }

    /**
     * Opens a file to read it block by block in one pass (constant memory). The default reads the whole table and
     * serves it in blocks; row-oriented formats override it to stream.
     *
     * @throws DataFormatException naming file, line and field for malformed content (also from the stream's blocks)
     */
    default TableStream open(Path file) {
        return TableStream.of(read(file));
    }

    /**
     * A writer of rows in this format (predictions written to a {@code .parquet} file), or empty when OKL writes no
     * file of this format (the default: CSV is written by the caller).
     *
     * @param out         where the file's bytes go (made atomic by the caller; not closed here)
     * @param columnNames one name per column
     */
    default Optional<TableSink> sink(OutputStream out, List<String> columnNames) {
        return Optional.empty();
    }

    /**
     * Cuts a file into pieces of about {@code pieceBytes} bytes that parse in parallel, or empty when this reader
     * (the default) or this file (compressed, or laid out in a way the fast path leaves to {@link #open}) cannot
     * be split; the caller then reads it with {@link #open}.
     *
     * @throws DataFormatException when the file cannot be opened
     */
    default Optional<TableSplits> split(Path file, long pieceBytes) {
        return Optional.empty();
    }
}
