package org.okl.api.transform;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.okl.api.API;

/**
 * What a transform knows of the columns it is fitted on: one name per column and, for a nominal column (an ARFF
 * attribute declared as {@code {v1, v2, ...}}), its declared levels. A nominal column holds the level itself when
 * every level is a number (Mulan's {@code {0,1}}), else the 0-based index of the level in its declaration.
 *
 * @param names  one name per column ({@code c0, c1, ...} when the data named none)
 * @param levels one list per column: the declared levels of a nominal column, empty for a numeric one
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record ColumnSchema(List<String> names, List<List<String>> levels) {

    /** Validates one list of levels per name and copies both. */
    public ColumnSchema {
        names = List.copyOf(names);
        List<List<String>> copy = new ArrayList<>();
        levels.forEach(l -> copy.add(List.copyOf(l)));
        levels = Collections.unmodifiableList(copy);
        if (levels.size() != names.size()) {
            throw new IllegalArgumentException(names.size() + " column names but " + levels.size() + " level lists");
        }
    }

    /** Numeric columns with the given names. */
    public static ColumnSchema numeric(List<String> names) {
        return new ColumnSchema(names, Collections.nCopies(names.size(), List.of()));
    }

    /** {@code count} numeric columns named {@code c0, c1, ...}. */
    public static ColumnSchema unnamed(int count) {
        List<String> names = new ArrayList<>(count);
        for (int j = 0; j < count; j++) {
            names.add("c" + j);
        }
        return numeric(names);
    }

    /** The number of columns. */
    public int size() {
        return names.size();
    }

    /** Whether column j is nominal (has declared levels). */
    public boolean nominal(int j) {
        return !levels.get(j).isEmpty();
    }

    /**
     * The number a nominal column holds for each of its declared levels: the level itself when every level is a
     * number, else its 0-based index.
     */
    public double[] levelCodes(int j) {
        List<String> l = levels.get(j);
        double[] codes = new double[l.size()];
        try {
            for (int k = 0; k < codes.length; k++) {
                codes[k] = Double.parseDouble(l.get(k).trim());
            }
            return codes;
        } catch (NumberFormatException e) {
            for (int k = 0; k < codes.length; k++) {
                codes[k] = k;
            }
            return codes;
        }
    }
}
