package org.okl.api.data;

import java.util.List;
import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * A data file cut into pieces of whole records that parse independently, so that every core reads a part of one
 * file at once: {@link TableReader#split} returns one. The pieces follow each other in the file; the rows of piece
 * k come after those of every piece before it.
 *
 * <p>A split reader parses the files it accepts exactly as {@link TableReader#open} would, value for value. It does
 * not report malformed content: a piece that holds anything its fast path does not take (a damaged line, a
 * construct it leaves to the full parser) parses to empty, and the caller reads the file with {@link
 * TableReader#open} instead, whose errors name file, line and field.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface TableSplits extends AutoCloseable {

    /** The column names, as {@link TableStream#columnNames()} gives them. */
    List<String> columnNames();

    /** Whether the names come from the file, as {@link TableStream#namedColumns()} says. */
    boolean namedColumns();

    /** The number of pieces. */
    int pieces();

    /**
     * The rows of one piece for the given columns (rows x columns.length, in file order; a piece may hold no row),
     * or empty when the piece must be read by {@link TableReader#open}. Safe to call from several threads at once.
     *
     * @param piece   0..{@link #pieces()}-1
     * @param columns the columns wanted, 0-based, each below the number of columns; every field of a record is
     *                checked, wanted or not
     */
    Optional<Matrix> parse(int piece, int[] columns);

    /** Releases the file. */
    @Override
    void close();
}
