package org.okl.api.data;

import java.util.List;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * A numeric table read from a file: rows are samples.
 *
 * @param values        the numbers (rows x columns)
 * @param columnNames   one name per column (generated as {@code c0, c1, ...} when the file has none)
 * @param outputColumns the columns the format itself marks as outputs (Mulan labels, MEKA {@code -C}, LIBSVM
 *                      labels), empty when the format does not say
 * @param namedColumns  whether the names come from the file (a header row, ARFF attributes) rather than being
 *                      generated; OKL checks such names when a model is applied to another file
 * @param levels        the declared levels of every nominal column (ARFF {@code {v1, v2, ...}} attributes: the column
 *                      holds the level itself when every level is a number, else the level's 0-based index), one list
 *                      per column (empty for a numeric column), or an empty list when no column is nominal
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
public record Table(Matrix values, List<String> columnNames, int[] outputColumns, boolean namedColumns,
        List<List<String>> levels) {

    /** Validates that there is one name (and one list of levels, when there are levels) per column. */
    public Table {
        columnNames = List.copyOf(columnNames);
        if (columnNames.size() != values.cols()) {
            throw new IllegalArgumentException(values.cols() + " columns but " + columnNames.size() + " names");
        }
        outputColumns = outputColumns.clone();
        levels = levels.stream().map(List::copyOf).toList();
        if (!levels.isEmpty() && levels.size() != values.cols()) {
            throw new IllegalArgumentException(values.cols() + " columns but " + levels.size() + " lists of levels");
        }
    }

    /** A table without nominal columns. */
    public Table(Matrix values, List<String> columnNames, int[] outputColumns, boolean namedColumns) {
        this(values, columnNames, outputColumns, namedColumns, List.of());
    }

    /** A table whose column names come from the file. */
    public Table(Matrix values, List<String> columnNames, int[] outputColumns) {
        this(values, columnNames, outputColumns, true);
    }
}
