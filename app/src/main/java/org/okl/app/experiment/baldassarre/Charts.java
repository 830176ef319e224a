package org.okl.app.experiment.baldassarre;

import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** XChart line plots for experiment reports. */
public final class Charts {
    private Charts() {
    }

    /**
     * A line chart with one series per entry (x values, y values), markers on the points.
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
        series.forEach((name, xy) -> chart.addSeries(name, xy[0], xy[1]).setMarker(SeriesMarkers.CIRCLE));
        return chart;
    }
}
