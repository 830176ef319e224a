package org.okl.experiments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.okl.core.io.AtomicFiles;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.verdict.Claim;
import org.okl.experiments.verdict.VerdictTables;

/**
 * One experiment's share of RESULTS.md and of the HTML report, rendered: its rows of the verdict summary, its
 * Markdown section, its HTML section and the names of its figure files. Parts let experiments run in separate
 * processes ({@code okl experiment NAME --part DIR}) and be assembled into one document later
 * ({@code okl experiment all --assemble DIR}), which gives the same document as one {@code all} run.
 *
 * <p>A part file is UTF-8 text, one field a line: a key, a tab, and tab-separated values in which backslash, tab,
 * carriage return and newline are escaped. It is read only as text to be copied into the document.
 *
 * @param experiment  the experiment name
 * @param run         how the part was produced: command, wall time and load average
 * @param verdictRows the experiment's rows of the verdict summary table
 * @param markdown    the experiment's section of RESULTS.md
 * @param html        the experiment's section of the HTML report
 * @param figures     the file names of its figures, written beside the report page
 * @param ran         whether the experiment ran (false for {@link #missing})
 */
public record ReportPart(String experiment, String run, List<List<String>> verdictRows, String markdown,
        String html, List<String> figures, boolean ran) {
    private static final String MAGIC = "okl-experiment-part\t1";
    private static final Pattern FIGURE = Pattern.compile("[a-z0-9-]+-[A-Za-z0-9_-]+\\.png");

    /** Copies the lists. */
    public ReportPart {
        verdictRows = verdictRows.stream().map(List::copyOf).toList();
        figures = List.copyOf(figures);
    }

    /** Renders a result; {@code run} says how it was produced (empty within one {@code all} run). */
    public static ReportPart of(ExperimentResult r, String run) {
        List<List<String>> rows = VerdictTables.summary(Map.of(r.experiment(), r.claims())).rows();
        StringBuilder md = new StringBuilder("## ").append(r.experiment()).append("\n\n").append(r.protocol())
                .append("\n\n");
        r.tables().forEach(t -> md.append(t.toMarkdown()).append('\n'));
        if (!r.claims().isEmpty()) {
            md.append(VerdictTables.comparisons(r.claims()).toMarkdown()).append('\n');
        }
        r.notes().forEach(n -> md.append("- ").append(n).append('\n'));
        md.append('\n');
        StringBuilder html = new StringBuilder("<h2>").append(ReportWriter.escape(r.experiment()))
                .append("</h2>\n<p>").append(ReportWriter.escape(r.protocol())).append("</p>\n");
        List<ResultTable> tables = new ArrayList<>(r.tables());
        if (!r.claims().isEmpty()) {
            tables.add(VerdictTables.comparisons(r.claims()));
        }
        tables.forEach(t -> ReportWriter.table(html, t));
        List<String> figures = new ArrayList<>();
        for (ExperimentResult.Figure f : r.figures()) {
            String file = figureFile(r, f);
            figures.add(file);
            html.append("<img src=\"").append(file).append("\" alt=\"").append(ReportWriter.escape(f.name()))
                    .append("\">\n");
        }
        if (!r.notes().isEmpty()) {
            html.append("<ul>\n");
            r.notes().forEach(n -> html.append("<li>").append(ReportWriter.escape(n)).append("</li>\n"));
            html.append("</ul>\n");
        }
        return new ReportPart(r.experiment(), run, rows, md.toString(), html.toString(), figures, true);
    }

    /**
     * The part of an experiment that has not run yet: one verdict row and a section saying so, with the command that
     * runs it.
     */
    public static ReportPart missing(String experiment, String command) {
        String why = "its part is not here yet: `" + command + "`, then assemble again";
        List<List<String>> rows = VerdictTables.summary(Map.of(experiment, List.of(Claim.notRun("-",
                "every claim of this experiment", why)))).rows();
        return new ReportPart(experiment, "", rows, "## " + experiment + "\n\nNot run in this file: " + why + ".\n\n",
                "<h2>" + ReportWriter.escape(experiment) + "</h2>\n<p>Not run in this file: " + ReportWriter.escape(why)
                        + ".</p>\n", List.of(), false);
    }

    /** The file name of a figure of a result, beside the report page. */
    static String figureFile(ExperimentResult r, ExperimentResult.Figure f) {
        return r.experiment() + "-" + f.name() + ".png";
    }

    /** Writes the part to {@code dir/EXPERIMENT.part}, replacing an earlier one in one step. */
    public void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        StringBuilder s = new StringBuilder(MAGIC).append('\n');
        line(s, "experiment", List.of(experiment));
        line(s, "run", List.of(run));
        verdictRows.forEach(row -> line(s, "verdict", row));
        line(s, "markdown", List.of(markdown));
        line(s, "html", List.of(html));
        figures.forEach(f -> line(s, "figure", List.of(f)));
        AtomicFiles.writeString(dir.resolve(experiment + ".part"), s.toString());
    }

    /**
     * Reads {@code dir/EXPERIMENT.part}.
     *
     * @throws IllegalArgumentException naming the file and line where the file is not a part of that experiment
     */
    public static ReportPart read(Path dir, String experiment) throws IOException {
        Path file = dir.resolve(experiment + ".part");
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).equals(MAGIC)) {
            throw new IllegalArgumentException(file + ", line 1: not an okl experiment part (expected the line "
                    + "'okl-experiment-part<TAB>1')");
        }
        String name = null;
        String run = "";
        String markdown = null;
        String html = null;
        List<List<String>> rows = new ArrayList<>();
        List<String> figures = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] cells = lines.get(i).split("\t", -1);
            List<String> values = new ArrayList<>();
            for (int c = 1; c < cells.length; c++) {
                values.add(unescape(cells[c]));
            }
            String where = file + ", line " + (i + 1) + ", field '" + cells[0] + "'";
            switch (cells[0]) {
                case "experiment" -> name = single(values, where);
                case "run" -> run = single(values, where);
                case "verdict" -> rows.add(values);
                case "markdown" -> markdown = single(values, where);
                case "html" -> html = single(values, where);
                case "figure" -> {
                    String f = single(values, where);
                    if (!FIGURE.matcher(f).matches() || !f.startsWith(experiment + "-")) {
                        throw new IllegalArgumentException(where + ": a figure must be a file name "
                                + experiment + "-NAME.png");
                    }
                    figures.add(f);
                }
                default -> throw new IllegalArgumentException(where + ": unknown field");
            }
        }
        if (!experiment.equals(name) || markdown == null || html == null) {
            throw new IllegalArgumentException(file + ": not a complete part of experiment " + experiment
                    + " (needs the fields experiment, markdown and html)");
        }
        return new ReportPart(name, run, rows, markdown, html, figures, true);
    }

    private static String single(List<String> values, String where) {
        if (values.size() != 1) {
            throw new IllegalArgumentException(where + ": expected one value, found " + values.size());
        }
        return values.get(0);
    }

    private static void line(StringBuilder s, String key, List<String> values) {
        s.append(key);
        values.forEach(v -> s.append('\t').append(escape(v)));
        s.append('\n');
    }

    private static String escape(String v) {
        return v.replace("\\", "\\\\").replace("\t", "\\t").replace("\r", "\\r").replace("\n", "\\n");
    }

    private static String unescape(String v) {
        StringBuilder out = new StringBuilder(v.length());
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c != '\\' || i + 1 == v.length()) {
                out.append(c);
                continue;
            }
            char n = v.charAt(++i);
            out.append(switch (n) {
                case 't' -> '\t';
                case 'r' -> '\r';
                case 'n' -> '\n';
                default -> n;
            });
        }
        return out.toString();
    }
}
