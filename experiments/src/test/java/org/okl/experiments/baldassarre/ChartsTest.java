package org.okl.experiments.baldassarre;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;

/** Charts with logarithmic axes leave out the points they cannot show instead of failing the whole report. */
class ChartsTest {

    @Test
    void pointsAtOrBelowZeroAreLeftOutOfALogarithmicAxisOnly() {
        double[][] xy = {{10, 20, 40, 80}, {0.5, 0.0, -1.0, 2.0}};
        assertThat(Charts.drawable(xy, true, true)).isDeepEqualTo(new double[][] {{10, 80}, {0.5, 2.0}});
        assertThat(Charts.drawable(xy, true, false)).isDeepEqualTo(xy);
        assertThat(Charts.drawable(new double[][] {{0, 1}, {1, 1}}, true, false))
                .isDeepEqualTo(new double[][] {{1}, {1}});
    }

    @Test
    void aLogarithmicChartWithZeroTimesStillRenders() throws Exception {
        Map<String, double[][]> series = new LinkedHashMap<>();
        series.put("fast", new double[][] {{10, 40}, {0.0, 0.02}});
        series.put("all zero", new double[][] {{10, 40}, {0.0, 0.0}});
        XYChart chart = Charts.lines("t", "n", "CPU seconds", true, true, series);
        assertThat(chart.getSeriesMap()).containsOnlyKeys("fast");
        assertThat(BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG)).isNotEmpty();
        XYChart empty = Charts.lines("t", "n", "CPU seconds", true, true, Map.of("all zero", series.get("all zero")));
        assertThat(empty.getSeriesMap()).isEmpty();
        assertThat(BitmapEncoder.getBitmapBytes(empty, BitmapEncoder.BitmapFormat.PNG)).isNotEmpty();
    }
}
