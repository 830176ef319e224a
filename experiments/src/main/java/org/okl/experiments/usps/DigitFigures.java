package org.okl.experiments.usps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.okl.api.linalg.Matrix;
import org.okl.core.Provenance;
import org.okl.experiments.ExperimentResult;

/** The figures of the USPS experiments: digit completions as a heat map, validation curves, line plots. */
final class DigitFigures {
    /** Pixels per row of a USPS digit. */
    static final int WIDTH = 16;
    /** Pixel rows in each half. */
    static final int HALF_ROWS = 8;

    private DigitFigures() {
    }

    /**
     * A grid of completions: one column per example; from top to bottom the input (top half), the true bottom half
     * and the predicted bottom half, separated by a blank row.
     *
     * @param tops        top halves (k x 128)
     * @param truths      true bottom halves (k x 128)
     * @param predictions predicted bottom halves (k x 128)
     */
    static ExperimentResult.Figure completions(String name, String title, Matrix tops, Matrix truths,
            Matrix predictions) {
        int k = tops.rows();
        int cols = k * (WIDTH + 1);
        int rows = 3 * HALF_ROWS + 2;
        List<Integer> x = new ArrayList<>();
        for (int c = 0; c < cols; c++) {
            x.add(c);
        }
        List<Integer> y = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            y.add(r);
        }
        List<Number[]> cells = new ArrayList<>();
        Matrix[] panels = {tops, truths, predictions};
        for (int e = 0; e < k; e++) {
            for (int panel = 0; panel < 3; panel++) {
                for (int r = 0; r < HALF_ROWS; r++) {
                    int row = rows - 1 - (panel * (HALF_ROWS + 1) + r);
                    for (int c = 0; c < WIDTH; c++) {
                        double pixel = panels[panel].get(e, r * WIDTH + c);
                        cells.add(new Number[] {e * (WIDTH + 1) + c, row, pixel});
                    }
                }
            }
        }
        HeatMapChart chart = new HeatMapChartBuilder().width(Math.max(400, cols * 8)).height(320).title(title)
                .xAxisTitle("examples; rows: top half (input), true bottom half, predicted bottom half").build();
        chart.getStyler().setShowValue(false).setMin(-1).setMax(1).setDrawBorder(false);
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setXAxisTicksVisible(false).setYAxisTicksVisible(false);
        chart.addSeries("pixels", x, y, cells);
        return new ExperimentResult.Figure(name, chart);
    }

    /**
     * The validation curve of a fitted model: the validation error against the regularization parameter, one series
     * per grid point.
     */
    static ExperimentResult.Figure validationCurve(String name, String title, String errorLabel,
            List<Provenance.CurvePoint> curve) {
        XYChart chart = new XYChartBuilder().width(640).height(420).title(title).xAxisTitle("lambda")
                .yAxisTitle(errorLabel).build();
        chart.getStyler().setXAxisLogarithmic(true);
        Map<String, List<double[]>> series = new LinkedHashMap<>();
        for (Provenance.CurvePoint p : curve) {
            String key = p.grid().isEmpty() ? "path" : p.grid().toString();
            series.computeIfAbsent(key, s -> new ArrayList<>()).add(new double[] {p.pathValue(), p.error()});
        }
        series.forEach((key, points) -> {
            points.sort((a, b) -> Double.compare(a[0], b[0]));
            chart.addSeries(key, points.stream().mapToDouble(a -> a[0]).toArray(),
                    points.stream().mapToDouble(a -> a[1]).toArray());
        });
        return new ExperimentResult.Figure(name, chart);
    }

    /** A line plot of several series against a common x (log scale when {@code logX}). */
    static ExperimentResult.Figure lines(String name, String title, String xLabel, String yLabel, boolean logX,
            double[] x, Map<String, double[]> series) {
        XYChart chart = new XYChartBuilder().width(640).height(420).title(title).xAxisTitle(xLabel)
                .yAxisTitle(yLabel).build();
        chart.getStyler().setXAxisLogarithmic(logX);
        series.forEach((key, y) -> chart.addSeries(key, x, y));
        return new ExperimentResult.Figure(name, chart);
    }
}
