package org.okl.experiments.baldassarre;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** XChart line plots for experiment reports. */
public final class Charts {
    private Charts() {
    }

    /**
     * A line chart with one series per entry (x values, y values), markers on the points. A logarithmic axis cannot
     * show values at or below zero (a CPU time too short for the clock to register, say): those points are left out
     * of the chart (the report's tables keep them), and a series left with no points is omitted.
     *
     * @param logX whether the x axis is logarithmic
     * @param logY whether the y axis is logarithmic
     */
    public static XYChart lines(String title, String xTitle, String yTitle, boolean logX, boolean logY,
            Map<String, double[][]> series) {
        XYChart chart = new XYChartBuilder().width(640).height(440).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLogarithmic(logX);
        chart.getStyler().setYAxisLogarithmic(logY);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        series.forEach((name, xy) -> {
            double[][] drawable = drawable(xy, logX, logY);
            if (drawable[0].length > 0) {
                chart.addSeries(name, drawable[0], drawable[1]).setMarker(SeriesMarkers.CIRCLE);
            }
        });
        return chart;
    }

    /** A scatter plot of (x, y) points, with the line y = x for reference. */
    public static XYChart scatter(String title, String xTitle, String yTitle, List<double[]> points) {
        XYChart chart = new XYChartBuilder().width(640).height(440).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        List<double[]> kept = points.stream().filter(p -> Double.isFinite(p[0]) && Double.isFinite(p[1])).toList();
        if (!kept.isEmpty()) {
            double[] x = kept.stream().mapToDouble(p -> p[0]).toArray();
            double[] y = kept.stream().mapToDouble(p -> p[1]).toArray();
            chart.addSeries("points", x, y).setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            double lo = Math.min(Arrays.stream(x).min().orElse(0), Arrays.stream(y).min().orElse(0));
            double hi = Math.max(Arrays.stream(x).max().orElse(1), Arrays.stream(y).max().orElse(1));
            chart.addSeries("y = x", new double[] {lo, hi}, new double[] {lo, hi}).setMarker(SeriesMarkers.NONE);
        }
        return chart;
    }

    /** The points a chart with these axes can show. */
    static double[][] drawable(double[][] xy, boolean logX, boolean logY) {
        int[] keep = IntStream.range(0, xy[0].length)
                .filter(i -> (!logX || xy[0][i] > 0) && (!logY || xy[1][i] > 0))
                .toArray();
        return new double[][] {
            Arrays.stream(keep).mapToDouble(i -> xy[0][i]).toArray(),
            Arrays.stream(keep).mapToDouble(i -> xy[1][i]).toArray()};
    }
}
