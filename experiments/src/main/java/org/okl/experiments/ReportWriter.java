package org.okl.experiments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.knowm.xchart.BitmapEncoder;
import org.okl.core.io.AtomicFiles;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.verdict.Claim;
import org.okl.experiments.verdict.PaperItems;
import org.okl.experiments.verdict.VerdictTables;

/**
 * Writes RESULTS.md and the HTML report (every experiment's protocol, tables and notes, its figures as PNG files
 * beside the page), from results or from the parts experiments left in separate runs ({@link ReportPart}).
 */
public final class ReportWriter {
    private ReportWriter() {
    }

    /**
     * Writes {@code index.html} into {@code dir} from parts, copying their figures from {@code partDir} (no copy
     * when {@code partDir} is null: the figures are already there).
     */
    public static void writeHtml(List<ReportPart> parts, String header, Path dir, Path partDir) throws IOException {
        Files.createDirectories(dir);
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                + "<title>OKL experiments</title><style>body{font-family:sans-serif;max-width:70em;margin:auto}"
                + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em;"
                + "text-align:right}th{background:#eee}img{max-width:48%;margin:.5em}</style></head><body>\n")
                .append("<h1>OKL experiments</h1>\n<p>").append(escape(header)).append("</p>\n");
        html.append("<h2>How a verdict is decided</h2>\n<p>").append(escape(Claim.RULE)).append("</p>\n");
        summary(parts).forEach(t -> table(html, t));
        table(html, PaperItems.table(ran(parts)));
        for (ReportPart p : parts) {
            html.append(p.html());
            if (partDir != null) {
                for (String f : p.figures()) {
                    Files.copy(partDir.resolve(f), dir.resolve(f), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        html.append("</body></html>\n");
        AtomicFiles.writeString(dir.resolve("index.html"), html.toString());
    }

    /** Writes the figures of the results as PNG files into {@code dir}. */
    public static void writeFigures(List<ExperimentResult> results, Path dir) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(dir);
        for (ExperimentResult r : results) {
            for (ExperimentResult.Figure f : r.figures()) {
                AtomicFiles.write(dir.resolve(ReportPart.figureFile(r, f)),
                        out -> BitmapEncoder.saveBitmap(f.chart(), out, BitmapEncoder.BitmapFormat.PNG));
            }
        }
    }

    /**
     * The results as Markdown (RESULTS.md): the header, the verdict rule, the verdict of every claim, every table and
     * figure of the papers with its status, then each experiment's protocol, tables, claims and notes.
     */
    public static String markdownOf(List<ReportPart> parts, String header) {
        StringBuilder md = new StringBuilder("# OKL experiment results\n\n").append(header).append("\n\n");
        md.append("## How a verdict is decided\n\n").append(Claim.RULE).append("\n\n");
        md.append("## Verdicts\n\n");
        summary(parts).forEach(t -> md.append(t.toMarkdown()).append('\n'));
        md.append("## Every table and figure of the papers\n\n").append(PaperItems.table(ran(parts)).toMarkdown())
                .append('\n');
        parts.forEach(p -> md.append(p.markdown()));
        return md.toString();
    }

    /** The verdict summary over all parts, in order: the papers' own data, then the substitutes apart. */
    private static List<ResultTable> summary(List<ReportPart> parts) {
        List<List<String>> rows = new ArrayList<>();
        parts.forEach(p -> rows.addAll(p.verdictRows()));
        return VerdictTables.summaries(rows);
    }

    private static Set<String> ran(List<ReportPart> parts) {
        return parts.stream().filter(ReportPart::ran).map(ReportPart::experiment).collect(Collectors.toSet());
    }

    static void table(StringBuilder html, ResultTable t) {
        html.append("<table><caption>").append(escape(t.title())).append("</caption><tr>");
        t.columns().forEach(c -> html.append("<th>").append(escape(c)).append("</th>"));
        html.append("</tr>\n");
        for (List<String> row : t.rows()) {
            html.append("<tr>");
            row.forEach(c -> html.append("<td>").append(escape(c)).append("</td>"));
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
