package org.okl.core.data;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import org.okl.api.data.DataFormatException;
import org.okl.api.data.Table;
import org.okl.api.data.TableStream;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;

/**
 * The levels a model's text (nominal) input columns had at fit, to code another file's texts as the fit did. A row
 * of a text column holds its text's index among the levels of its own file (a Parquet or Arrow file's distinct texts,
 * sorted; an ARFF attribute's declared levels), so a file with other levels, or fewer, would give the same texts other
 * codes: here each code is translated by its text to the fitted one, and a text the fit never saw is an error naming
 * the file, the row and the column. Columns of numbers on either side are left as they are.
 */
public final class LevelCodes {
    private final String file;
    private final int[] columns;
    private final List<String> names;
    private final List<Map<String, Integer>> fitted;

    private LevelCodes(String file, int[] columns, List<String> names, List<Map<String, Integer>> fitted) {
        this.file = file;
        this.columns = columns.clone();
        this.names = List.copyOf(names);
        this.fitted = fitted;
    }

    /**
     * The codes of a model's text columns in a file, or empty when the model kept no levels (numeric columns, or a
     * model file written before models kept them).
     *
     * @param file    the file, as messages name it
     * @param columns the file positions of the model's input columns, in the model's order
     * @param names   the file's column names (all of them), or empty when it has none
     * @param levels  per input column the levels it had at fit (empty for a numeric column), or empty
     */
    public static Optional<LevelCodes> of(String file, int[] columns, List<String> names, List<List<String>> levels) {
        if (levels.stream().allMatch(List::isEmpty)) {
            return Optional.empty();
        }
        List<Map<String, Integer>> fitted = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        for (int k = 0; k < columns.length; k++) {
            List<String> l = levels.get(k);
            Map<String, Integer> codes = null;
            if (!l.isEmpty()) {
                codes = new HashMap<>();
                for (int c = 0; c < l.size(); c++) {
                    codes.putIfAbsent(l.get(c), c);
                }
            }
            fitted.add(codes);
            shown.add(columns[k] < names.size() ? names.get(columns[k]) : "c" + columns[k]);
        }
        return Optional.of(new LevelCodes(file, columns, shown, fitted));
    }

    /**
     * Recodes, in place, the text columns of rows read from the file.
     *
     * @param block      rows as the file's reader gives them (every column of the file, by position)
     * @param fileLevels the file's own levels of a column, by position (empty for a column of numbers)
     * @param firstRow   the 0-based number of the block's first row in the file
     * @throws DataFormatException naming the file, row and column of a text the model never saw
     */
    public void recode(Matrix block, IntFunction<List<String>> fileLevels, long firstRow) {
        int n = block.rows();
        double[] data = block.data();
        BitSet done = new BitSet();
        for (int k = 0; k < columns.length; k++) {
            Map<String, Integer> codes = fitted.get(k);
            List<String> own = codes == null ? List.of() : fileLevels.apply(columns[k]);
            if (own.isEmpty() || done.get(columns[k])) {
                continue; // a column the model takes twice (--inputs c,c) is one column of the file, coded once
            }
            done.set(columns[k]);
            int[] to = new int[own.size()];
            for (int c = 0; c < to.length; c++) {
                to[c] = codes.getOrDefault(own.get(c), -1);
            }
            int offset = columns[k] * n;
            for (int i = 0; i < n; i++) {
                double v = data[offset + i];
                if (Double.isNaN(v)) {
                    continue;
                }
                int c = (int) v;
                if (c != v || c < 0 || c >= to.length) {
                    throw new DataFormatException(file, "row " + (firstRow + i + 1) + ", column "
                            + UserText.quote(names.get(k)) + ": code " + v + " is not one of the file's "
                            + to.length + " levels");
                }
                if (to[c] < 0) {
                    throw new DataFormatException(file, "row " + (firstRow + i + 1) + ", column "
                            + UserText.quote(names.get(k)) + ": level " + UserText.quote(own.get(c))
                            + " was not seen when the model was fitted (it knows " + codes.size() + " levels)");
                }
                data[offset + i] = to[c];
            }
        }
    }

    /** Recodes, in place, a table read whole (every column of the file, by position). */
    public void recode(Table table) {
        if (!table.levels().isEmpty()) {
            recode(table.values(), table.levels()::get, 0);
        }
    }

    /** A stream over the file whose blocks come recoded. */
    public TableStream recoded(TableStream stream) {
        return new RecodedStream(stream, this);
    }
}
