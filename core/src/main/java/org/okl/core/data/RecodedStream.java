package org.okl.core.data;

import java.util.List;
import java.util.Optional;
import org.okl.api.linalg.InputRows;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;

/** A file's stream whose text columns are coded by a model's levels ({@link LevelCodes}); sparse rows pass as read. */
final class RecodedStream implements TableStream {
    private final TableStream stream;
    private final LevelCodes codes;
    private long rows;

    RecodedStream(TableStream stream, LevelCodes codes) {
        this.stream = stream;
        this.codes = codes;
    }

    @Override
    public List<String> columnNames() {
        return stream.columnNames();
    }

    @Override
    public boolean namedColumns() {
        return stream.namedColumns();
    }

    @Override
    public int[] outputColumns() {
        return stream.outputColumns();
    }

    @Override
    public Optional<Matrix> next(int maxRows) {
        Optional<Matrix> block = stream.next(maxRows);
        block.ifPresent(m -> {
            codes.recode(m, stream::levels, rows);
            rows += m.rows();
        });
        return block;
    }

    @Override
    public boolean sparse() {
        return stream.sparse();
    }

    @Override
    public Optional<InputRows> nextRows(int maxRows) {
        if (stream.sparse()) {
            Optional<InputRows> block = stream.nextRows(maxRows);
            block.ifPresent(b -> rows += b.rows());
            return block;
        }
        return next(maxRows).map(m -> m);
    }

    @Override
    public void project(int[] columns) {
        stream.project(columns);
    }

    @Override
    public List<String> levels(int column) {
        return stream.levels(column);
    }

    @Override
    public void close() {
        stream.close();
    }
}
