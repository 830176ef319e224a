package org.okl.api.data;

import java.util.List;
import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;

/**
 * A data file read block by block in one pass, in constant memory: {@link TableReader#open} returns one. Errors in
 * the content are thrown by {@link #next} as {@link DataFormatException}s naming file, line and field.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface TableStream extends AutoCloseable {

    /** One name per column (generated as {@code c0, c1, ...} when the file has none). */
    List<String> columnNames();

    /** Whether the column names come from the file (a header row) rather than being generated. */
    default boolean namedColumns() {
        return true;
    }

    /** The columns the format marks as outputs (empty when it does not say). */
    int[] outputColumns();

    /**
     * The next rows of the file, at most {@code maxRows} of them (rows x columns), or empty at the end.
     *
     * @throws DataFormatException for malformed content
     */
    Optional<Matrix> next(int maxRows);

    /** Whether the format stores rows sparse ({@link #nextRows} then gives them as {@link SparseMatrix}). */
    default boolean sparse() {
        return false;
    }

    /**
     * The next rows as the format stores them: dense, or sparse when {@link #sparse()} (a file of 2^18 feature
     * columns read in blocks of compressed rows). The default is {@link #next}.
     *
     * @throws DataFormatException for malformed content
     */
    default Optional<InputRows> nextRows(int maxRows) {
        return next(maxRows).map(m -> m);
    }

    /**
     * Tells the stream that only these columns (0-based) will be used, before the first block is read: a columnar
     * format (Parquet) then decodes only them and leaves the others zero. The default reads every column.
     */
    default void project(int[] columns) {
    }

    /**
     * The levels of a nominal column (a columnar format's text column: its distinct texts, sorted, a row holding its
     * text's 0-based index), or empty for a column of numbers; known once the first block has been read. The default
     * has none.
     */
    default List<String> levels(int column) {
        return List.of();
    }

    /** Releases the file. */
    @Override
    void close();

    /**
     * A stream over a table already in memory (what readers that cannot stream return), with the table's levels
     * (an ARFF file's declared levels).
     */
    static TableStream of(Table table) {
        return new TableStream() {
            private int position;

            @Override
            public List<String> columnNames() {
                return table.columnNames();
            }

            @Override
            public boolean namedColumns() {
                return table.namedColumns();
            }

            @Override
            public int[] outputColumns() {
                return table.outputColumns();
            }

            @Override
            public Optional<Matrix> next(int maxRows) {
                int rows = table.values().rows();
                if (position >= rows) {
                    return Optional.empty();
                }
                int end = Math.min(rows, position + Math.max(1, maxRows));
                Matrix block = table.values().rowRange(position, end);
                position = end;
                return Optional.of(block);
            }

            @Override
            public List<String> levels(int column) {
                return table.levels().isEmpty() ? List.of() : table.levels().get(column);
            }

            @Override
            public void close() {
                position = table.values().rows();
            }
        };
    }
}
