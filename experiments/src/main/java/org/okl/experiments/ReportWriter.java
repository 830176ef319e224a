package org.okl.experiments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.knowm.xchart.BitmapEncoder;
import org.okl.core.io.AtomicFiles;
import org.okl.experiments.verdict.Claim;
import org.okl.experiments.verdict.PaperItems;
import org.okl.experiments.verdict.VerdictTables;

/**
 * Writes an HTML report: every experiment's protocol, tables and notes, and its figures as PNG files beside the
 * page.
 */
public final class ReportWriter {
    private ReportWriter() {
    }

    /** Writes {@code index.html} and the PNG figures into {@code dir}. */
    public static void write(List<ExperimentResult> results, String header, Path dir) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(dir);
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                + "<title>OKL experiments</title><style>body{font-family:sans-serif;max-width:70em;margin:auto}"
                + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em;"
                + "text-align:right}th{background:#eee}img{max-width:48%;margin:.5em}</style></head><body>\n")
                .append("<h1>OKL experiments</h1>\n<p>").append(escape(header)).append("</p>\n");
        html.append("<h2>How a verdict is decided</h2>\n<p>").append(escape(Claim.RULE)).append("</p>\n");
        table(html, VerdictTables.summary(claims(results)));
        table(html, PaperItems.table(ran(results)));
        for (ExperimentResult r : results) {
            html.append("<h2>").append(escape(r.experiment())).append("</h2>\n<p>").append(escape(r.protocol()))
                    .append("</p>\n");
            List<ResultTable> tables = new java.util.ArrayList<>(r.tables());
            if (!r.claims().isEmpty()) {
                tables.add(VerdictTables.comparisons(r.claims()));
            }
            for (ResultTable t : tables) {
                table(html, t);
            }
            for (ExperimentResult.Figure f : r.figures()) {
                String file = r.experiment() + "-" + f.name() + ".png";
                AtomicFiles.write(dir.resolve(file),
                        out -> BitmapEncoder.saveBitmap(f.chart(), out, BitmapEncoder.BitmapFormat.PNG));
                html.append("<img src=\"").append(file).append("\" alt=\"").append(escape(f.name())).append("\">\n");
            }
            if (!r.notes().isEmpty()) {
                html.append("<ul>\n");
                r.notes().forEach(n -> html.append("<li>").append(escape(n)).append("</li>\n"));
                html.append("</ul>\n");
            }
        }
        html.append("</body></html>\n");
        AtomicFiles.writeString(dir.resolve("index.html"), html.toString());
    }

    /**
     * The results as Markdown (RESULTS.md): the header, the verdict rule, the verdict of every claim, every table and
     * figure of the papers with its status, then each experiment's protocol, tables, claims and notes.
     */
    public static String markdown(List<ExperimentResult> results, String header) {
        StringBuilder md = new StringBuilder("# OKL experiment results\n\n").append(header).append("\n\n");
        md.append("## How a verdict is decided\n\n").append(Claim.RULE).append("\n\n");
        md.append("## Verdicts\n\n").append(VerdictTables.summary(claims(results)).toMarkdown()).append('\n');
        md.append("## Every table and figure of the papers\n\n").append(PaperItems.table(ran(results)).toMarkdown())
                .append('\n');
        for (ExperimentResult r : results) {
            md.append("## ").append(r.experiment()).append("\n\n").append(r.protocol()).append("\n\n");
            r.tables().forEach(t -> md.append(t.toMarkdown()).append('\n'));
            if (!r.claims().isEmpty()) {
                md.append(VerdictTables.comparisons(r.claims()).toMarkdown()).append('\n');
            }
            r.notes().forEach(n -> md.append("- ").append(n).append('\n'));
            md.append('\n');
        }
        return md.toString();
    }

    /** The claims of every experiment, in order. */
    static Map<String, List<Claim>> claims(List<ExperimentResult> results) {
        Map<String, List<Claim>> out = new LinkedHashMap<>();
        results.forEach(r -> out.put(r.experiment(), r.claims()));
        return out;
    }

    private static Set<String> ran(List<ExperimentResult> results) {
        return results.stream().map(ExperimentResult::experiment).collect(Collectors.toSet());
    }

    private static void table(StringBuilder html, ResultTable t) {
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

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
