package org.okl.core.data;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.data.Table;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;

/**
 * A choice of table columns as written on the command line: comma-separated items, each
 * <ul>
 *   <li>a 0-based index: {@code 3}; negative counts from the end, {@code -1} is the last column;</li>
 *   <li>a half-open range {@code from:to} of indices, either end optional: {@code 0:128} (columns 0..127),
 *       {@code 128:} (128 to the last), {@code :-1} (all but the last);</li>
 *   <li>a column name: {@code Chins}. An item that reads as a whole number is always an index, so columns named
 *       with numbers (such as enron's word attributes) are chosen by index.</li>
 * </ul>
 * Items keep their order and may repeat: {@code 0:10,12} gives 11 columns. Selections are parsed once and resolved
 * against each table; an out-of-range index, an empty range or an unknown name is an
 * {@link IllegalArgumentException} naming the item and the table's columns.
 */
public final class ColumnSelection {
    private final String text;
    private final List<Item> items;

    private ColumnSelection(String text, List<Item> items) {
        this.text = text;
        this.items = items;
    }

    /** One item: a name, or a range whose ends are null when omitted (a single index is a range of one). */
    private record Item(String text, String name, Integer from, Integer to, boolean single) {
    }

    /**
     * Parses a selection.
     *
     * @throws IllegalArgumentException for empty items or malformed ranges
     */
    public static ColumnSelection parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("column selection is empty");
        }
        List<Item> items = new ArrayList<>();
        for (String raw : text.split(",", -1)) {
            String item = raw.strip();
            if (item.isEmpty()) {
                throw new IllegalArgumentException("column selection " + UserText.quote(text) + " has an empty item");
            }
            int colon = item.indexOf(':');
            if (colon >= 0) {
                if (item.indexOf(':', colon + 1) >= 0) {
                    throw new IllegalArgumentException("column selection " + UserText.quote(text) + ": range "
                            + UserText.quote(item)
                            + " has more than one ':' (steps are not supported)");
                }
                items.add(new Item(item, null, bound(item.substring(0, colon), item, text),
                        bound(item.substring(colon + 1), item, text), false));
            } else if (isInteger(item)) {
                int index = Integer.parseInt(item);
                items.add(new Item(item, null, index, null, true));
            } else {
                items.add(new Item(item, item, null, null, false));
            }
        }
        return new ColumnSelection(text, List.copyOf(items));
    }

    /**
     * The 0-based column indices chosen among the given column names.
     *
     * @throws IllegalArgumentException for an index out of range, an empty range or an unknown name
     */
    public int[] resolve(List<String> columnNames) {
        int p = columnNames.size();
        List<Integer> out = new ArrayList<>();
        for (Item item : items) {
            if (item.name() != null) {
                int j = columnNames.indexOf(item.name());
                if (j < 0) {
                    throw new IllegalArgumentException("column selection " + UserText.quote(text)
                            + ": no column named " + UserText.quote(item.name()) + "; columns are "
                            + preview(columnNames));
                }
                out.add(j);
            } else if (item.single()) {
                out.add(index(item.from(), p, item));
            } else {
                int from = item.from() == null ? 0 : boundIndex(item.from(), p, item);
                int to = item.to() == null ? p : boundIndex(item.to(), p, item);
                if (from >= to) {
                    throw new IllegalArgumentException("column selection " + UserText.quote(text) + ": range "
                            + UserText.quote(item.text()) + " is empty for a table of " + p + " columns (from " + from
                            + " to " + to + ")");
                }
                for (int j = from; j < to; j++) {
                    out.add(j);
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The chosen columns of a table, as a new matrix. */
    public Matrix apply(Table table) {
        return table.values().selectColumns(resolve(table.columnNames()));
    }

    /** The chosen column names of a table, in order. */
    public List<String> names(Table table) {
        List<String> names = new ArrayList<>();
        for (int j : resolve(table.columnNames())) {
            names.add(table.columnNames().get(j));
        }
        return names;
    }

    /** The selection as written. */
    @Override
    public String toString() {
        return text;
    }

    private int index(int written, int p, Item item) {
        int j = written < 0 ? p + written : written;
        if (j < 0 || j >= p) {
            throw new IllegalArgumentException("column selection " + UserText.quote(text) + ": column "
                    + item.text() + " is out of range for a table of " + p + " columns (valid 0.." + (p - 1)
                    + " or -" + p + "..-1)");
        }
        return j;
    }

    private int boundIndex(int written, int p, Item item) {
        int j = written < 0 ? p + written : written;
        if (j < 0 || j > p) {
            throw new IllegalArgumentException("column selection " + UserText.quote(text) + ": range "
                    + UserText.quote(item.text()) + " has an end out of range for a table of " + p
                    + " columns (valid 0.." + p + " or -" + p + "..-1)");
        }
        return j;
    }

    private static Integer bound(String s, String item, String text) {
        String t = s.strip();
        if (t.isEmpty()) {
            return null;
        }
        if (!isInteger(t)) {
            throw new IllegalArgumentException("column selection " + UserText.quote(text) + ": range "
                    + UserText.quote(item) + " needs whole-number ends, got " + UserText.quote(t));
        }
        return Integer.parseInt(t);
    }

    private static boolean isInteger(String s) {
        int start = s.startsWith("-") || s.startsWith("+") ? 1 : 0;
        if (start == s.length() || s.length() - start > 9) {
            return false;
        }
        for (int i = start; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static String preview(List<String> names) {
        List<String> quoted = names.stream().limit(names.size() <= 12 ? 12 : 10).map(UserText::quote).toList();
        return "[" + String.join(", ", quoted) + (names.size() <= 12 ? "]" : ", ... and " + (names.size() - 10)
                + " more]");
    }
}
