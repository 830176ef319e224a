package org.okl.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.okl.api.text.UserText;
import org.okl.api.transform.ColumnSchema;

/**
 * The columns a transform applies to, as its {@code columns} parameter names them: {@code all}, {@code nominal}
 * (the columns with declared levels), or a comma-separated list of column names, 0-based positions and ranges
 * {@code from:to} (end excluded), as {@code --inputs} takes them.
 */
final class ColumnChoice {
    /** Every column. */
    static final String ALL = "all";
    /** The nominal columns. */
    static final String NOMINAL = "nominal";

    private ColumnChoice() {
    }

    /**
     * The chosen positions, increasing.
     *
     * @throws IllegalArgumentException naming a column that does not exist
     */
    static int[] resolve(String transform, String choice, ColumnSchema columns) {
        String text = choice.trim();
        TreeSet<Integer> chosen = new TreeSet<>();
        if (text.toLowerCase(Locale.ROOT).equals(ALL)) {
            for (int j = 0; j < columns.size(); j++) {
                chosen.add(j);
            }
        } else if (text.toLowerCase(Locale.ROOT).equals(NOMINAL)) {
            for (int j = 0; j < columns.size(); j++) {
                if (columns.nominal(j)) {
                    chosen.add(j);
                }
            }
        } else {
            for (String part : text.split(",")) {
                chosen.addAll(part(transform, part.trim(), columns));
            }
        }
        return chosen.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<Integer> part(String transform, String part, ColumnSchema columns) {
        List<Integer> out = new ArrayList<>();
        int byName = columns.names().indexOf(part);
        if (byName >= 0) {
            out.add(byName);
            return out;
        }
        int colon = part.indexOf(':');
        try {
            if (colon >= 0) {
                int from = Integer.parseInt(part.substring(0, colon).trim());
                int to = Integer.parseInt(part.substring(colon + 1).trim());
                if (from < 0 || to > columns.size() || from >= to) {
                    throw unknown(transform, part, columns);
                }
                for (int j = from; j < to; j++) {
                    out.add(j);
                }
                return out;
            }
            int j = Integer.parseInt(part);
            if (j < 0 || j >= columns.size()) {
                throw unknown(transform, part, columns);
            }
            out.add(j);
            return out;
        } catch (NumberFormatException e) {
            throw unknown(transform, part, columns);
        }
    }

    private static IllegalArgumentException unknown(String transform, String part, ColumnSchema columns) {
        List<String> names = columns.names();
        List<String> quoted = names.stream().limit(12).map(UserText::quote).toList();
        String shown = names.size() <= 12 ? String.join(", ", quoted)
                : String.join(", ", quoted) + ", ... (" + names.size() + " in all)";
        return new IllegalArgumentException(transform + ": columns: no input column " + UserText.quote(part)
                + " among "
                + columns.size() + " columns (" + shown + "); name columns, 0-based positions or ranges from:to");
    }
}
