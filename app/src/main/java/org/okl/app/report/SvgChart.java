package org.okl.app.report;

import java.util.Locale;

/**
 * One chart as inline SVG, drawn from numbers only: a plot area with fixed margins, linear x and y scales, axes with
 * ticks, and the marks the report needs (a shaded band, lines with points, the diagonal, a note above a point). Text
 * given to it (titles of marks, tick labels) is escaped ({@link HtmlText}). The pixel position of a value is
 * {@link #px}, {@link #py}: {@code px(x) = LEFT + (x - xMin) / (xMax - xMin) * (width - LEFT - RIGHT)}, y upwards.
 */
final class SvgChart {
    /** The left margin, for the y ticks and label. */
    static final int LEFT = 56;
    /** The right margin. */
    static final int RIGHT = 16;
    /** The top margin, for notes above points. */
    static final int TOP = 18;
    /** The bottom margin, for the x ticks and label. */
    static final int BOTTOM = 44;

    private final int width;
    private final int height;
    private final double xMin;
    private final double xMax;
    private final double yMin;
    private final double yMax;
    private final StringBuilder body = new StringBuilder();

    /**
     * An empty chart.
     *
     * @throws IllegalArgumentException when a range is empty or not finite, or the size leaves no plot area
     */
    SvgChart(int width, int height, double xMin, double xMax, double yMin, double yMax) {
        if (!(xMax > xMin) || !(yMax > yMin) || !Double.isFinite(xMax - xMin) || !Double.isFinite(yMax - yMin)) {
            throw new IllegalArgumentException("a chart needs finite, non-empty ranges, not [" + xMin + ", " + xMax
                    + "] x [" + yMin + ", " + yMax + "]");
        }
        if (width <= LEFT + RIGHT || height <= TOP + BOTTOM) {
            throw new IllegalArgumentException("a chart of " + width + " x " + height + " has no plot area");
        }
        this.width = width;
        this.height = height;
        this.xMin = xMin;
        this.xMax = xMax;
        this.yMin = yMin;
        this.yMax = yMax;
    }

    /** The horizontal pixel of a value. */
    double px(double x) {
        return LEFT + (x - xMin) / (xMax - xMin) * (width - LEFT - RIGHT);
    }

    /** The vertical pixel of a value (larger values higher up). */
    double py(double y) {
        return TOP + (yMax - y) / (yMax - yMin) * (height - TOP - BOTTOM);
    }

    /** Axes along the bottom and left of the plot area, with ticks, grid lines and the axes' labels. */
    SvgChart axes(String xLabel, String yLabel, double[] xTicks, double[] yTicks) {
        double x0 = px(xMin);
        double x1 = px(xMax);
        double y0 = py(yMin);
        double y1 = py(yMax);
        for (double t : yTicks) {
            body.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                    + "y2=\"%.1f\"/>", x0, py(t), x1, py(t)));
            body.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" "
                    + "text-anchor=\"end\">%s</text>", x0 - 4, py(t) + 4, tick(t)));
        }
        for (double t : xTicks) {
            body.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                    + "y2=\"%.1f\"/>", px(t), y0, px(t), y1));
            body.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" "
                    + "text-anchor=\"middle\">%s</text>", px(t), y0 + 16, tick(t)));
        }
        body.append(String.format(Locale.ROOT, "<path class=\"axis\" d=\"M%.1f %.1fV%.1fH%.1f\"/>", x0, y1, y0, x1));
        body.append(String.format(Locale.ROOT, "<text class=\"label\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s"
                + "</text>", (x0 + x1) / 2, height - 6, HtmlText.escape(xLabel)));
        body.append(String.format(Locale.ROOT, "<text class=\"label\" transform=\"translate(14 %.1f) rotate(-90)\" "
                + "text-anchor=\"middle\">%s</text>", (y0 + y1) / 2, HtmlText.escape(yLabel)));
        return this;
    }

    /** The line y = x across the plot area, clipped to both ranges. */
    SvgChart diagonal() {
        double from = Math.max(xMin, yMin);
        double to = Math.min(xMax, yMax);
        if (to > from) {
            body.append(String.format(Locale.ROOT, "<line class=\"diagonal\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                    + "y2=\"%.1f\"/>", px(from), py(from), px(to), py(to)));
        }
        return this;
    }

    /** A shaded band between two curves over the same x values (points that are not finite are skipped). */
    SvgChart band(double[] xs, double[] lower, double[] upper, String title) {
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            if (finite(xs[i], upper[i])) {
                d.append(d.length() == 0 ? "M" : "L").append(String.format(Locale.ROOT, "%.1f %.1f", px(xs[i]),
                        py(clampY(upper[i]))));
            }
        }
        for (int i = xs.length - 1; i >= 0; i--) {
            if (finite(xs[i], lower[i])) {
                d.append(d.length() == 0 ? "M" : "L").append(String.format(Locale.ROOT, "%.1f %.1f", px(xs[i]),
                        py(clampY(lower[i]))));
            }
        }
        if (d.length() > 0) {
            body.append("<path class=\"band\" d=\"").append(d).append("Z\"><title>").append(HtmlText.escape(title))
                    .append("</title></path>");
        }
        return this;
    }

    /**
     * A line through the points with a dot at each (a point whose x or y is not finite is skipped and breaks the
     * line); each dot's tooltip is the title with the point's values.
     *
     * @param color a CSS color from the report's palette (never user text)
     */
    SvgChart line(double[] xs, double[] ys, String color, boolean thick, String title) {
        StringBuilder d = new StringBuilder();
        boolean pen = false;
        StringBuilder dots = new StringBuilder();
        String escaped = HtmlText.escape(title);
        for (int i = 0; i < xs.length; i++) {
            if (!finite(xs[i], ys[i])) {
                pen = false;
                continue;
            }
            double x = px(xs[i]);
            double y = py(clampY(ys[i]));
            d.append(pen ? "L" : "M").append(String.format(Locale.ROOT, "%.1f %.1f", x, y));
            pen = true;
            dots.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\"><title>%s: "
                    + "(%s, %s)</title></circle>", x, y, thick ? "4" : "3", color, escaped, value(xs[i]),
                    value(ys[i])));
        }
        if (d.length() > 0) {
            body.append(String.format(Locale.ROOT, "<path class=\"series\" d=\"%s\" stroke=\"%s\" "
                    + "stroke-width=\"%s\"/>", d, color, thick ? "2.5" : "1.5"));
        }
        body.append(dots);
        return this;
    }

    /** A short note above the plot area at x (for example the sign of an infinite value there). */
    SvgChart noteAbove(double x, String note, String title) {
        body.append(String.format(Locale.ROOT, "<text class=\"note\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s"
                + "<title>%s</title></text>", px(x), TOP - 5, HtmlText.escape(note), HtmlText.escape(title)));
        return this;
    }

    /** The chart as an {@code <svg>} element with an accessible name. */
    String toSvg(String label) {
        return String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">", width, height, width, height,
                HtmlText.escape(label)) + body + "</svg>";
    }

    /** y values outside the range are drawn at its edge (the tooltip keeps the value). */
    private double clampY(double y) {
        return Math.max(yMin, Math.min(yMax, y));
    }

    private static boolean finite(double x, double y) {
        return Double.isFinite(x) && Double.isFinite(y);
    }

    /** A tick label: up to 3 significant digits, no trailing zeros. */
    static String tick(double v) {
        if (v == 0) {
            return "0";
        }
        String s = String.format(Locale.ROOT, "%.3g", v);
        if (s.contains("e")) {
            return s;
        }
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }

    /** A value in a tooltip: 4 significant digits. */
    static String value(double v) {
        if (Double.isNaN(v)) {
            return "\u2013";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "\u221e" : "-\u221e";
        }
        return String.format(Locale.ROOT, "%.4g", v);
    }
}
