package org.okl.app.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SvgChartTest {

    /**
     * A 400 x 300 chart of [0, 1] x [0, 2]: the plot area is 400 - 56 - 16 = 328 wide and 300 - 18 - 44 = 238 high,
     * so (0.5, 0.5) is at x = 56 + 0.5 * 328 = 220 and y = 18 + (2 - 0.5) / 2 * 238 = 196.5.
     */
    @Test
    void aKnownPointLandsAtItsPixel() {
        SvgChart chart = new SvgChart(400, 300, 0, 1, 0, 2);
        assertThat(chart.px(0.5)).isCloseTo(220, within(1e-12));
        assertThat(chart.py(0.5)).isCloseTo(196.5, within(1e-12));
        assertThat(chart.px(0)).isEqualTo(SvgChart.LEFT);
        assertThat(chart.py(2)).isEqualTo(SvgChart.TOP);
        assertThat(chart.py(0)).isEqualTo(300 - SvgChart.BOTTOM);
        String svg = chart.line(new double[] {0.5}, new double[] {0.5}, "#000", false, "p").toSvg("c");
        assertThat(svg).contains("<circle cx=\"220.0\" cy=\"196.5\"");
        assertThat(svg).startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"300\"")
                .endsWith("</svg>");
    }

    /** A point that is not finite breaks the line and has no dot; a y above the range is drawn at the top. */
    @Test
    void pointsThatAreNotFiniteAreSkippedAndLargeOnesClamped() {
        SvgChart chart = new SvgChart(400, 300, 0, 1, 0, 2);
        String svg = chart.line(new double[] {0, 0.5, 1}, new double[] {1, Double.POSITIVE_INFINITY, 5}, "#000",
                false, "p").toSvg("c");
        assertThat(svg).contains("d=\"M56.0 137.0M384.0 18.0\"");
        assertThat(svg.split("<circle", -1)).hasSize(3);
        assertThat(svg).contains("(1.000, 5.000)");
    }

    @Test
    void textIsEscaped() {
        SvgChart chart = new SvgChart(400, 300, 0, 1, 0, 1);
        String svg = chart.axes("a<b", "\"y\"", new double[] {0}, new double[] {0})
                .line(new double[] {0.2}, new double[] {0.3}, "#000", true, "<script>\u001b").toSvg("x&y");
        assertThat(svg).contains("a&lt;b").contains("&quot;y&quot;").contains("&lt;script&gt;\\x1b")
                .contains("aria-label=\"x&amp;y\"").doesNotContain("<script").doesNotContain("\u001b");
    }

    @Test
    void refusesAnEmptyRange() {
        assertThatThrownBy(() -> new SvgChart(400, 300, 1, 1, 0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SvgChart(400, 300, 0, 1, 0, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
