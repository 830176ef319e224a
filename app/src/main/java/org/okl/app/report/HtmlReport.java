package org.okl.app.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.core.UncertaintyTally;
import org.okl.core.conformal.BinomialBand;
import org.okl.core.conformal.ClassSetTally;
import org.okl.core.conformal.CoverageTally;
import org.okl.core.conformal.ReliabilityTally;

/**
 * The evaluation report as one self-contained HTML page ({@code index.html}): inline CSS, inline SVG charts drawn by
 * {@link SvgChart}, no script and nothing fetched. It shows a header (pipeline, data, rows, OKL version), the
 * calibration of the intervals (nominal level against held-out coverage per output and jointly, with the binomial
 * band), the mean interval widths per output, a table of the same numbers, for a model of classes the coverage and
 * mean size of its class sets, the reliability diagram of label probabilities (calibrated and raw, with their ECE)
 * and the metrics; each chart says in one sentence what it means.
 * Every piece of text from the data or the user is escaped ({@link HtmlText}).
 */
final class HtmlReport {
    /** The most outputs drawn one by one (the joint coverage is always drawn; report.json has every output). */
    static final int MAX_DRAWN = 24;
    private static final String[] PALETTE = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
    private static final String JOINT = "#222222";
    private static final String RAW = "#e15759";
    private static final String CALIBRATED = "#4e79a7";
    private static final double[] LEVEL_TICKS = {0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
    private static final String STYLE = "body{font-family:system-ui,sans-serif;max-width:64em;margin:1em auto;"
            + "padding:0 1em;color:#222}h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em}"
            + "table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ccc;padding:.2em .5em;"
            + "text-align:left;vertical-align:top}td.n{text-align:right;font-variant-numeric:tabular-nums}"
            + "th{background:#f2f2f2}code{font-size:.85em;word-break:break-all}p.means{color:#444;max-width:52em}"
            + "svg{background:#fff}svg .grid{stroke:#e6e6e6}svg .axis{stroke:#444;fill:none}"
            + "svg .tick{font-size:11px;fill:#444}svg .label{font-size:12px;fill:#222}"
            + "svg .diagonal{stroke:#888;stroke-dasharray:4 3}svg .band{fill:#d9d9d9;fill-opacity:.7}"
            + "svg .series{fill:none}svg .note{font-size:13px;fill:#b00}"
            + "ul.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.3em 1.2em;margin:.3em 0}"
            + ".sw{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:-.1em}"
            + "div.multiples{display:flex;flex-wrap:wrap;gap:.5em}div.multiples figure{margin:0}"
            + "figcaption{font-size:.85em;max-width:260px;overflow-wrap:anywhere}";

    private HtmlReport() {
    }

    /** The page. */
    static String render(ReportHeader header, UncertaintyTally tally) {
        StringBuilder html = new StringBuilder(1 << 14);
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<title>OKL evaluation report</title><style>").append(STYLE).append("</style></head><body>\n");
        html.append("<h1>OKL evaluation report</h1>\n");
        header(html, header, tally);
        tally.coverage().ifPresent(c -> {
            List<String> names = OutputLabels.of(tally.outputNames(), c.outputs());
            calibration(html, c, names);
            widths(html, c, names);
            table(html, c, names);
        });
        tally.classSets().ifPresent(c -> classSets(html, c));
        if (tally.calibrated().isPresent() && tally.raw().isPresent()) {
            reliability(html, tally.calibrated().get(), tally.raw().get());
        }
        metrics(html, header);
        html.append("<p class=\"means\">report.json beside this page holds the same numbers.</p>\n</body></html>\n");
        return html.toString();
    }

    private static void header(StringBuilder html, ReportHeader h, UncertaintyTally tally) {
        html.append("<table class=\"header\">");
        row(html, "pipeline", "<code>" + HtmlText.escape(h.pipeline()) + "</code>");
        h.chosen().ifPresent(c -> row(html, "chosen", "<code>" + HtmlText.escape(c) + "</code>"));
        row(html, "data", HtmlText.escape(h.data()));
        String rows = tally.coverage().map(c -> c.rows() + " held-out rows")
                .or(() -> tally.classSets().map(c -> c.rows() + " held-out rows"))
                .or(() -> tally.calibrated().map(r -> r.total() + " held-out (row, label) pairs")).orElse("");
        row(html, "rows", HtmlText.escape(rows + (rows.isEmpty() ? "" : ", ") + h.protocol()));
        tally.intervalMethod().ifPresent(m -> row(html, "intervals", HtmlText.escape(m)));
        row(html, "OKL", HtmlText.escape(h.version()));
        html.append("</table>\n");
    }

    private static void row(StringBuilder html, String name, String escapedValue) {
        html.append("<tr><th>").append(name).append("</th><td>").append(escapedValue).append("</td></tr>");
    }

    /** (a) nominal level against held-out coverage, per output and jointly, with the band around the diagonal. */
    private static void calibration(StringBuilder html, CoverageTally c, List<String> names) {
        double[] levels = c.levels();
        int drawn = Math.min(c.outputs(), MAX_DRAWN);
        double low = 0.45;
        for (int l = 0; l < levels.length; l++) {
            low = minFinite(low, c.jointCoverage(l));
            for (int k = 0; k < drawn; k++) {
                low = minFinite(low, c.coverage(l, k));
            }
        }
        low = Math.floor(low * 10) / 10 - 0.02;
        double[] lower = new double[levels.length];
        double[] upper = new double[levels.length];
        for (int l = 0; l < levels.length; l++) {
            double[] b = BinomialBand.of(Math.max(1, c.rows()), levels[l], BinomialBand.CONFIDENCE);
            lower[l] = b[0];
            upper[l] = b[1];
        }
        SvgChart chart = new SvgChart(560, 420, 0.45, 1.0, low, 1.0);
        chart.axes("nominal level", "held-out coverage", LEVEL_TICKS, ticks(Math.ceil((low + 0.02) * 10) / 10, 1.0,
                0.1));
        chart.band(levels, lower, upper, String.format(Locale.ROOT, "%.0f %%", 100 * BinomialBand.CONFIDENCE)
                + " binomial band for " + c.rows()
                + " held-out rows");
        chart.diagonal();
        StringBuilder legend = new StringBuilder("<ul class=\"legend\">");
        for (int k = 0; k < drawn; k++) {
            double[] cov = new double[levels.length];
            for (int l = 0; l < levels.length; l++) {
                cov[l] = c.coverage(l, k);
            }
            chart.line(levels, cov, color(k), false, names.get(k));
            swatch(legend, color(k), HtmlText.name(names.get(k)));
        }
        double[] joint = new double[levels.length];
        for (int l = 0; l < levels.length; l++) {
            joint[l] = c.jointCoverage(l);
        }
        chart.line(levels, joint, JOINT, true, "joint (whole output vector)");
        swatch(legend, JOINT, "<b>joint</b> (whole output vector in the box)");
        swatch(legend, "#d9d9d9", percent(BinomialBand.CONFIDENCE) + " binomial band");
        legend.append("</ul>");
        html.append("<h2 id=\"calibration\">Calibration of the intervals</h2>\n<p class=\"means\">Each point is the "
                + "share of held-out values inside their interval at a nominal level (joint: rows whose whole output "
                + "vector is inside the joint box); calibrated intervals lie on the dashed diagonal, and the grey band "
                + "is where ").append(percent(BinomialBand.CONFIDENCE)).append(" of the coverages of exactly "
                + "calibrated intervals fall for ").append(c.rows()).append(" held-out rows.</p>\n");
        omitted(html, c.outputs(), drawn);
        html.append(chart.toSvg("Calibration: nominal level against held-out coverage")).append('\n')
                .append(legend).append('\n');
    }

    /** (b) the mean width per output at each level, one small chart per output. */
    private static void widths(StringBuilder html, CoverageTally c, List<String> names) {
        double[] levels = c.levels();
        int drawn = Math.min(c.outputs(), MAX_DRAWN);
        html.append("<h2 id=\"widths\">Interval widths</h2>\n<p class=\"means\">The mean width (upper minus lower, on "
                + "the output's own scale) of each output's interval (coloured) and of the joint box along it (black) "
                + "at each nominal level: at the same coverage, narrower is better; &infin; marks a level too high "
                + "for the training rows, where the interval is the whole line.</p>\n");
        omitted(html, c.outputs(), drawn);
        html.append("<div class=\"multiples\">");
        for (int k = 0; k < drawn; k++) {
            double[] w = new double[levels.length];
            double[] jw = new double[levels.length];
            double top = 0;
            for (int l = 0; l < levels.length; l++) {
                w[l] = c.meanWidth(l, k);
                jw[l] = c.jointMeanWidth(l, k);
                top = Math.max(top, Double.isFinite(w[l]) ? w[l] : 0);
                top = Math.max(top, Double.isFinite(jw[l]) ? jw[l] : 0);
            }
            top = top > 0 ? top * 1.08 : 1;
            SvgChart chart = new SvgChart(260, 200, 0.45, 1.0, 0, top);
            chart.axes("nominal level", "mean width", new double[] {0.5, 0.75, 1.0}, ticks(0, top, niceStep(top)));
            chart.line(levels, w, color(k), false, names.get(k) + " interval");
            chart.line(levels, jw, JOINT, false, names.get(k) + " joint box");
            for (int l = 0; l < levels.length; l++) {
                if (Double.isInfinite(w[l]) || Double.isInfinite(jw[l])) {
                    chart.noteAbove(levels[l], "\u221e", "infinite width at " + levels[l]);
                }
            }
            html.append("<figure>").append(chart.toSvg("Mean interval width by level")).append("<figcaption>")
                    .append("<span class=\"sw\" style=\"background:").append(color(k)).append("\"></span>")
                    .append(HtmlText.name(names.get(k))).append("</figcaption></figure>");
        }
        html.append("</div>\n");
    }

    /** The numbers of (a) and (b) as a table: coverage and mean width per output and level. */
    private static void table(StringBuilder html, CoverageTally c, List<String> names) {
        double[] levels = c.levels();
        html.append("<h2 id=\"numbers\">Coverage and width by level</h2>\n<table><tr><th>output</th><th>held out"
                + "</th>");
        for (double l : levels) {
            html.append("<th>").append(SvgChart.tick(l)).append("</th>");
        }
        html.append("</tr>");
        for (int k = 0; k < Math.min(c.outputs(), MAX_DRAWN); k++) {
            html.append("<tr><td>").append(HtmlText.name(names.get(k))).append("</td><td class=\"n\">")
                    .append(c.values(k)).append("</td>");
            for (int l = 0; l < levels.length; l++) {
                html.append("<td class=\"n\">").append(fixed(c.coverage(l, k))).append("<br>&plusmn;")
                        .append(SvgChart.value(c.meanWidth(l, k) / 2)).append("</td>");
            }
            html.append("</tr>");
        }
        html.append("<tr><td><b>joint</b></td><td class=\"n\">").append(c.rows()).append("</td>");
        for (int l = 0; l < levels.length; l++) {
            double[] b = BinomialBand.of(Math.max(1, c.rows()), levels[l], BinomialBand.CONFIDENCE);
            html.append("<td class=\"n\">").append(fixed(c.jointCoverage(l))).append("<br>band ").append(fixed(b[0]))
                    .append("&ndash;").append(fixed(b[1])).append("</td>");
        }
        html.append("</tr></table>\n<p class=\"means\">Per output: the held-out coverage and, below it, half the mean "
                + "interval width; joint: the coverage of the whole output vector and the ")
                .append(percent(BinomialBand.CONFIDENCE)).append(" binomial band around the level.</p>\n");
    }

    /** For a model of classes: the class sets' coverage against the level with the band, and their mean size. */
    private static void classSets(StringBuilder html, ClassSetTally c) {
        double[] levels = c.levels();
        double[] coverage = new double[levels.length];
        double[] size = new double[levels.length];
        double[] lower = new double[levels.length];
        double[] upper = new double[levels.length];
        double low = 0.45;
        double top = 1;
        for (int l = 0; l < levels.length; l++) {
            coverage[l] = c.coverage(l);
            size[l] = c.meanSize(l);
            double[] b = BinomialBand.of(Math.max(1, c.rows()), levels[l], BinomialBand.CONFIDENCE);
            lower[l] = b[0];
            upper[l] = b[1];
            low = minFinite(low, coverage[l]);
            top = Math.max(top, Double.isFinite(size[l]) ? size[l] : 0);
        }
        low = Math.floor(low * 10) / 10 - 0.02;
        SvgChart chart = new SvgChart(560, 420, 0.45, 1.0, low, 1.0);
        chart.axes("nominal level", "held-out coverage", LEVEL_TICKS, ticks(Math.ceil((low + 0.02) * 10) / 10, 1.0,
                0.1));
        chart.band(levels, lower, upper, String.format(Locale.ROOT, "%.0f %%", 100 * BinomialBand.CONFIDENCE)
                + " binomial band for " + c.rows() + " held-out rows");
        chart.diagonal();
        chart.line(levels, coverage, JOINT, true, "class sets");
        html.append("<h2 id=\"calibration\">Calibration of the class sets</h2>\n<p class=\"means\">Each point is the "
                + "share of held-out rows whose true class is in their conformal class set at a nominal level; "
                + "calibrated sets lie on the dashed diagonal, and the grey band is where ")
                .append(percent(BinomialBand.CONFIDENCE)).append(" of the coverages of exactly calibrated sets fall "
                + "for ").append(c.rows()).append(" held-out rows.</p>\n")
                .append(chart.toSvg("Calibration: nominal level against held-out coverage of the class sets"))
                .append('\n');
        top *= 1.08;
        SvgChart sizes = new SvgChart(360, 260, 0.45, 1.0, 0, top);
        sizes.axes("nominal level", "mean set size", LEVEL_TICKS, ticks(0, top, niceStep(top)));
        sizes.line(levels, size, CALIBRATED, true, "mean set size");
        html.append("<h2 id=\"widths\">Size of the class sets</h2>\n<p class=\"means\">The mean number of classes "
                + "in a set at each nominal level: at the same coverage, smaller sets are better, and a set of one "
                + "class is a sure prediction.</p>\n").append(sizes.toSvg("Mean class-set size by level"))
                .append('\n');
    }

    /** (c) the reliability diagram of calibrated and raw label probabilities, with their ECE. */
    private static void reliability(StringBuilder html, ReliabilityTally calibrated, ReliabilityTally raw) {
        SvgChart chart = new SvgChart(480, 420, 0, 1, 0, 1);
        double[] ticks = ticks(0, 1, 0.2);
        chart.axes("predicted probability (bin mean)", "observed frequency of 1", ticks, ticks);
        chart.diagonal();
        series(chart, raw, RAW, "raw scores");
        series(chart, calibrated, CALIBRATED, "calibrated");
        html.append("<h2 id=\"reliability\">Reliability of the label probabilities</h2>\n<p class=\"means\">The "
                + "held-out (row, label) pairs are binned by predicted probability; each point is a bin's mean "
                + "probability against the share of its labels that are 1, so calibrated probabilities lie on the "
                + "diagonal, and the expected calibration error (ECE) is the pair-weighted mean distance from it "
                + "(raw: the regression scores clipped to [0, 1]).</p>\n");
        html.append(chart.toSvg("Reliability diagram of label probabilities")).append("\n<ul class=\"legend\">");
        swatch(html, CALIBRATED, "calibrated, ECE " + fixed(calibrated.expectedCalibrationError()));
        swatch(html, RAW, "raw scores, ECE " + fixed(raw.expectedCalibrationError()));
        html.append("</ul>\n<p class=\"means\">").append(calibrated.total()).append(" held-out pairs in ")
                .append(calibrated.bins()).append(" bins of equal width.</p>\n");
    }

    private static void series(SvgChart chart, ReliabilityTally t, String color, String title) {
        List<double[]> points = new ArrayList<>();
        for (int b = 0; b < t.bins(); b++) {
            if (t.count(b) > 0) {
                points.add(new double[] {t.meanProbability(b), t.observedFrequency(b)});
            }
        }
        double[] xs = points.stream().mapToDouble(p -> p[0]).toArray();
        double[] ys = points.stream().mapToDouble(p -> p[1]).toArray();
        chart.line(xs, ys, color, true, title);
    }

    private static void metrics(StringBuilder html, ReportHeader h) {
        if (h.metrics().isEmpty()) {
            return;
        }
        html.append("<h2 id=\"metrics\">Metrics</h2>\n<table><tr><th>metric</th><th>value</th>");
        if (!h.spread().isEmpty()) {
            html.append("<th>std over folds</th>");
        }
        html.append("</tr>");
        for (Map.Entry<String, Double> e : h.metrics().entrySet()) {
            html.append("<tr><td>").append(HtmlText.escape(e.getKey())).append("</td><td class=\"n\">")
                    .append(SvgChart.value(e.getValue())).append("</td>");
            if (!h.spread().isEmpty()) {
                Double s = h.spread().get(e.getKey());
                html.append("<td class=\"n\">").append(s == null ? "" : SvgChart.value(s)).append("</td>");
            }
            html.append("</tr>");
        }
        html.append("</table>\n");
    }

    private static void omitted(StringBuilder html, int outputs, int drawn) {
        if (drawn < outputs) {
            html.append("<p class=\"means\">The first ").append(drawn).append(" of ").append(outputs)
                    .append(" outputs are drawn; report.json has every one.</p>\n");
        }
    }

    private static void swatch(StringBuilder html, String color, String escapedText) {
        html.append("<li><span class=\"sw\" style=\"background:").append(color).append("\"></span>")
                .append(escapedText).append("</li>");
    }

    private static String color(int k) {
        return PALETTE[k % PALETTE.length];
    }

    /** Ticks from {@code from} to {@code to} in steps (inclusive, with a little slack for rounding). */
    static double[] ticks(double from, double to, double step) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; from + i * step <= to + step * 1e-9; i++) {
            out.add(Math.round((from + i * step) / step * 1e6) / 1e6 * step);
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** A step of 1, 2 or 5 times a power of ten giving 3 to 6 ticks up to {@code top}. */
    static double niceStep(double top) {
        double raw = top / 4;
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / power;
        return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * power;
    }

    /** The smaller of the two, ignoring a value that is not finite (an output with no held-out value). */
    private static double minFinite(double low, double v) {
        return Double.isFinite(v) ? Math.min(low, v) : low;
    }

    private static String fixed(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "&ndash;";
    }

    private static String percent(double v) {
        return String.format(Locale.ROOT, "%.0f&nbsp;%%", 100 * v);
    }
}
