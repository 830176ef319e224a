package org.okl.core;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.okl.api.transform.ColumnSchema;

/**
 * Which columns of its data a model was fitted on, so that the same kind of file can be given again for prediction
 * without naming the columns: their positions in the table, the table's width, and their names when the table had
 * them (a header row, ARFF attributes, a data set's input names).
 *
 * @param positions 0-based positions of the input columns in the table, in the order the model uses them
 * @param width     the number of columns of the table
 * @param names     the input columns' names, one per position, or empty when the table had no column names
 * @param levels    the levels of nominal columns (ARFF's declared levels, a Parquet or Arrow text column's distinct
 *                  texts), in code order, one list per position (empty for a numeric column), or empty when no column
 *                  is nominal; input transforms read them ({@code one-hot}), and model files keep them so that a
 *                  prediction codes another file's texts as the fit did ({@code org.okl.core.data.LevelCodes})
 */
public record InputColumns(int[] positions, int width, List<String> names, List<List<String>> levels) {

    /** Validates positions against the width and copies the arrays. */
    public InputColumns {
        positions = positions.clone();
        names = List.copyOf(names);
        levels = levels.stream().map(List::copyOf).toList();
        if (!levels.isEmpty() && levels.size() != positions.length) {
            throw new IllegalArgumentException(positions.length + " input columns but " + levels.size()
                    + " lists of levels");
        }
        if (positions.length == 0) {
            throw new IllegalArgumentException("no input columns");
        }
        for (int p : positions) {
            if (p < 0 || p >= width) {
                throw new IllegalArgumentException("input column " + p + " outside a table of " + width + " columns");
            }
        }
        if (!names.isEmpty() && names.size() != positions.length) {
            throw new IllegalArgumentException(positions.length + " input columns but " + names.size() + " names");
        }
    }

    /** Numeric input columns, named or not. */
    public InputColumns(int[] positions, int width, List<String> names) {
        this(positions, width, names, List.of());
    }

    /** The input columns at their positions, without names. */
    public static InputColumns unnamed(int[] positions, int width) {
        return new InputColumns(positions, width, List.of());
    }

    /** Whether the columns have names. */
    public boolean named() {
        return !names.isEmpty();
    }

    /** What input transforms know of these columns: their names (or c0, c1, ...) and nominal levels. */
    public ColumnSchema schema() {
        List<String> n = named() ? names : ColumnSchema.unnamed(positions.length).names();
        return levels.isEmpty() ? ColumnSchema.numeric(n) : new ColumnSchema(n, levels);
    }

    /** The number of input columns. */
    public int count() {
        return positions.length;
    }

    /** The positions (a copy). */
    @Override
    public int[] positions() {
        return positions.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof InputColumns c && width == c.width && Arrays.equals(positions, c.positions)
                && names.equals(c.names);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(positions), width, names);
    }

    @Override
    public String toString() {
        return named() ? String.join(",", names) + " of " + width + " columns"
                : Arrays.toString(positions) + " of " + width + " columns";
    }
}
