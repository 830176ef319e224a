package org.okl.experiments.baldassarre;

import java.util.Arrays;
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
