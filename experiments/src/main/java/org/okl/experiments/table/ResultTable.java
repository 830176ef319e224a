package org.okl.experiments.table;

import java.util.ArrayList;
import java.util.List;

/**
 * A table of results, printed as aligned text on the terminal and as Markdown in RESULTS.md and reports.
 *
 * @param title   what the table shows
 * @param columns column headers
 * @param rows    cells, one list per row
 */
public record ResultTable(String title, List<String> columns, List<List<String>> rows) {

    /** Copies the lists. */
    public ResultTable {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<String> r : rows) {
            if (r.size() != columns.size()) {
                throw new IllegalArgumentException("row " + r + " has " + r.size() + " cells, expected "
                        + columns.size());
            }
        }
    }

    /** A builder-style helper: a table to which rows are added. */
    public static Builder builder(String title, String... columns) {
        return new Builder(title, List.of(columns));
    }

    /** The table as aligned plain text. */
    public String toText() {
        int[] width = new int[columns.size()];
        for (int j = 0; j < width.length; j++) {
            width[j] = columns.get(j).length();
            for (List<String> r : rows) {
                width[j] = Math.max(width[j], r.get(j).length());
            }
        }
        StringBuilder sb = new StringBuilder(title).append('\n');
        appendRow(sb, columns, width);
        for (List<String> r : rows) {
            appendRow(sb, r, width);
        }
        return sb.toString();
    }

    private static void appendRow(StringBuilder sb, List<String> cells, int[] width) {
        for (int j = 0; j < cells.size(); j++) {
            sb.append(j == 0 ? "  " : "  ").append(String.format("%-" + width[j] + "s", cells.get(j)));
        }
        sb.append('\n');
    }

    /** The table as Markdown. */
    public String toMarkdown() {
        StringBuilder sb = new StringBuilder("**").append(title).append("**\n\n| ")
                .append(String.join(" | ", columns)).append(" |\n|");
        columns.forEach(c -> sb.append(" --- |"));
        sb.append('\n');
        for (List<String> r : rows) {
            sb.append("| ").append(String.join(" | ", r.stream().map(c -> c.replace("|", "\\|")).toList()))
                    .append(" |\n");
        }
        return sb.toString();
    }

    /** Collects rows. */
    public static final class Builder {
        private final String title;
        private final List<String> columns;
        private final List<List<String>> rows = new ArrayList<>();

        private Builder(String title, List<String> columns) {
            this.title = title;
            this.columns = columns;
        }

        /** Adds a row. */
        public Builder row(String... cells) {
            rows.add(List.of(cells));
            return this;
        }

        /** The table. */
        public ResultTable build() {
            return new ResultTable(title, columns, rows);
        }
    }
}
