package org.okl.core.conformal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;

class CoverageTallyTest {
    private static final double NAN = Double.NaN;

    private static PredictionIntervals intervals(double level, double[][] lower, double[][] upper,
            double[][] jointLower, double[][] jointUpper) {
        Matrix lo = Matrix.fromRows(lower);
        return new PredictionIntervals(lo, lo, Matrix.fromRows(upper), Matrix.fromRows(jointLower),
                Matrix.fromRows(jointUpper), level, "hand-made");
    }

    /**
     * 4 rows, 2 outputs, 2 levels, one missing value (row 3, output 1). Counted by hand: at 0.5, output 0 covers rows
     * 0 and 2 (row 1 is below, row 3 above), output 1 covers rows 0 and 1 (row 2 is outside, row 3 missing); the
     * joint boxes hold rows 0 and 3 (row 3 only needs output 0). At 0.9 every interval covers, and the joint box
     * misses row 1 in output 1.
     */
    @Test
    void countsEqualAHandCount() {
        Matrix y = Matrix.fromRows(new double[][] {{0.0, 1.0}, {-2.0, 1.5}, {0.5, 3.0}, {2.0, NAN}});
        PredictionIntervals half = intervals(0.5,
                new double[][] {{-1, 0}, {-1, 1}, {0, 0}, {0, 0}},
                new double[][] {{1, 2}, {1, 2}, {1, 2}, {1, 2}},
                new double[][] {{-2, 0}, {-3, 0}, {-1, 0}, {1, 9}},
                new double[][] {{2, 2}, {2, 1}, {1, 2}, {3, 9}});
        PredictionIntervals most = intervals(0.9,
                new double[][] {{-3, -1}, {-3, 0}, {-3, 0}, {-3, 0}},
                new double[][] {{3, 4}, {3, 4}, {3, 4}, {3, 4}},
                new double[][] {{-4, -1}, {-4, 0}, {-4, -4}, {-4, -4}},
                new double[][] {{4, 4}, {4, 1}, {4, 4}, {4, 4}});
        CoverageTally t = new CoverageTally(new double[] {0.5, 0.9}, 2);
        t.add(List.of(half, most), y);
        assertThat(t.rows()).isEqualTo(4);
        assertThat(t.values(0)).isEqualTo(4);
        assertThat(t.values(1)).isEqualTo(3);
        assertThat(t.covered(0, 0)).isEqualTo(2);
        assertThat(t.covered(0, 1)).isEqualTo(2);
        assertThat(t.jointCovered(0)).isEqualTo(2);
        assertThat(t.covered(1, 0)).isEqualTo(4);
        assertThat(t.covered(1, 1)).isEqualTo(3);
        assertThat(t.jointCovered(1)).isEqualTo(3);
        assertThat(t.coverage(0, 1)).isEqualTo(2 / 3.0);
        assertThat(t.jointCoverage(1)).isEqualTo(0.75);
        // widths over the values that are there: output 1 at 0.5 has widths 2, 1, 2 (row 3 missing)
        assertThat(t.meanWidth(0, 0)).isCloseTo((2 + 2 + 1 + 1) / 4.0, within(1e-15));
        assertThat(t.meanWidth(0, 1)).isCloseTo((2 + 1 + 2) / 3.0, within(1e-15));
        assertThat(t.jointMeanWidth(0, 0)).isCloseTo((4 + 5 + 2 + 2) / 4.0, within(1e-15));
        assertThat(t.jointMeanWidth(1, 1)).isCloseTo((5 + 1 + 8) / 3.0, within(1e-15));
    }

    /** Adding rows part by part gives the counts of adding them at once, and both equal a direct count. */
    @Test
    void partsAddUpToTheWholeAndToADirectCount() {
        Random r = new Random(7);
        int n = 50;
        int q = 3;
        double[] levels = {0.5, 0.8, 0.95};
        Matrix y = Matrix.zeros(n, q);
        Matrix[][] bounds = new Matrix[levels.length][4];
        for (int l = 0; l < levels.length; l++) {
            for (int b = 0; b < 4; b++) {
                bounds[l][b] = Matrix.zeros(n, q);
            }
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < q; c++) {
                    double h = levels[l] * (1 + r.nextDouble());
                    bounds[l][0].set(i, c, -h);
                    bounds[l][1].set(i, c, h);
                    bounds[l][2].set(i, c, -1.5 * h);
                    bounds[l][3].set(i, c, 1.5 * h);
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < q; c++) {
                y.set(i, c, i == 7 && c == 2 ? NAN : 1.5 * r.nextGaussian());
            }
        }
        CoverageTally whole = new CoverageTally(levels, q);
        whole.add(at(levels, bounds, 0, n), y);
        CoverageTally parts = new CoverageTally(levels, q);
        parts.add(at(levels, bounds, 0, 20), y.rowRange(0, 20));
        parts.add(at(levels, bounds, 20, n), y.rowRange(20, n));
        for (int l = 0; l < levels.length; l++) {
            long joint = 0;
            for (int i = 0; i < n; i++) {
                boolean all = true;
                for (int c = 0; c < q; c++) {
                    double v = y.get(i, c);
                    all &= Double.isNaN(v) || Math.abs(v) <= bounds[l][3].get(i, c);
                }
                joint += all ? 1 : 0;
            }
            assertThat(whole.jointCovered(l)).isEqualTo(joint).isEqualTo(parts.jointCovered(l));
            for (int c = 0; c < q; c++) {
                long covered = 0;
                long values = 0;
                double width = 0;
                for (int i = 0; i < n; i++) {
                    double v = y.get(i, c);
                    if (!Double.isNaN(v)) {
                        values++;
                        covered += Math.abs(v) <= bounds[l][1].get(i, c) ? 1 : 0;
                        width += 2 * bounds[l][1].get(i, c);
                    }
                }
                assertThat(whole.covered(l, c)).isEqualTo(covered).isEqualTo(parts.covered(l, c));
                assertThat(whole.values(c)).isEqualTo(values).isEqualTo(parts.values(c));
                assertThat(whole.meanWidth(l, c)).isCloseTo(width / values, within(1e-12))
                        .isCloseTo(parts.meanWidth(l, c), within(1e-12));
            }
        }
        assertThat(whole.values(2)).isEqualTo(n - 1);
    }

    private static List<PredictionIntervals> at(double[] levels, Matrix[][] bounds, int from, int to) {
        PredictionIntervals[] out = new PredictionIntervals[levels.length];
        for (int l = 0; l < levels.length; l++) {
            Matrix lo = bounds[l][0].rowRange(from, to);
            out[l] = new PredictionIntervals(lo, lo, bounds[l][1].rowRange(from, to), bounds[l][2].rowRange(from, to),
                    bounds[l][3].rowRange(from, to), levels[l], "random");
        }
        return List.of(out);
    }

    @Test
    void refusesIntervalsAtOtherLevelsOrShapes() {
        CoverageTally t = new CoverageTally(new double[] {0.5, 0.9}, 1);
        Matrix one = Matrix.fromRows(new double[][] {{0}});
        PredictionIntervals p = new PredictionIntervals(one, one, one, one, one, 0.8, "x");
        assertThatThrownBy(() -> t.add(List.of(p, p), one)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0.8");
        assertThatThrownBy(() -> t.add(List.of(p), one)).isInstanceOf(IllegalArgumentException.class);
        assertThat(t.coverage(0, 0)).isNaN();
        assertThat(t.jointCoverage(0)).isNaN();
    }
}
