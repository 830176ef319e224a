package org.okl.core.conformal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.core.select.TikhonovLeaveOneOut;
import org.okl.testkit.SolveFixtures;
import org.okl.testkit.SolveFixtures.Gaussian;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

class JackknifeTest {
    private static final int N = 17;
    private static final int D = 3;
    private static final double LAMBDA = 3e-3;
    private final Gaussian kernel = new Gaussian(0.7);
    private final Matrix x = TestMatrices.random(N, 2, 51);
    private final Matrix y = SolveFixtures.targets(x, D, 52);
    private final Matrix xNew = TestMatrices.random(4, 2, 53);
    private final Matrix a = SolveFixtures.randomOutputMatrix(D, 54);

    /** The fit on all rows but i (ridge N·lambda, dense block solve), evaluated at the given points (m x D). */
    private Matrix refit(int left, Matrix at) {
        int[] rows = IntStream.range(0, N).filter(r -> r != left).toArray();
        Matrix xs = x.selectRows(rows);
        Matrix system = SolveFixtures.kronecker(kernel.gram(xs), a).addToDiagonal(N * LAMBDA);
        Matrix c = SolveFixtures.fromPointMajor(TestMatrices.naiveSolve(system,
                SolveFixtures.pointMajor(y.selectRows(rows))), N - 1, D);
        return TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(kernel.gram(at, xs), c), a);
    }

    @Test
    void closedFormResidualsEqualExplicitRefits() {
        Matrix closed = TikhonovLeaveOneOut.residuals(kernel.gram(x), a, y, LAMBDA,
                TestContext.active().linearAlgebra());
        for (int i = 0; i < N; i++) {
            Matrix f = refit(i, x.selectRows(new int[] {i}));
            for (int c = 0; c < D; c++) {
                assertThat(closed.get(i, c)).isCloseTo(y.get(i, c) - f.get(0, c), within(1e-8));
            }
        }
    }

    @Test
    void closedFormLeaveOneOutPredictionsAndJackknifePlusEqualExplicitRefits() {
        var la = TestContext.active().linearAlgebra();
        Matrix[] closed = TikhonovLeaveOneOut.predictions(kernel.gram(x), a, y, kernel.gram(xNew, x), LAMBDA, la);
        Matrix residuals = TikhonovLeaveOneOut.residuals(kernel.gram(x), a, y, LAMBDA, la);
        Matrix[] refits = new Matrix[N];
        for (int i = 0; i < N; i++) {
            refits[i] = refit(i, xNew);
            for (int t = 0; t < xNew.rows(); t++) {
                for (int c = 0; c < D; c++) {
                    assertThat(closed[c].get(i, t)).isCloseTo(refits[i].get(t, c), within(1e-8));
                }
            }
        }
        double alpha = 0.2;
        for (int t = 0; t < xNew.rows(); t++) {
            for (int c = 0; c < D; c++) {
                double[] mu = new double[N];
                double[] fromClosed = new double[N];
                double[] r = new double[N];
                for (int i = 0; i < N; i++) {
                    mu[i] = refits[i].get(t, c);
                    fromClosed[i] = closed[c].get(i, t);
                    r[i] = Math.abs(y.get(i, c) - refit(i, x.selectRows(new int[] {i})).get(0, c));
                }
                double[] expected = Jackknife.plus(mu, r, alpha);
                double[] actual = Jackknife.plus(fromClosed, column(residuals, c), alpha);
                assertThat(actual[0]).isCloseTo(expected[0], within(1e-8));
                assertThat(actual[1]).isCloseTo(expected[1], within(1e-8));
                assertThat(actual[0]).isLessThan(actual[1]);
            }
        }
    }

    /** n = 19, alpha = 0.1: (1-alpha)(n+1) = 18 exactly, so q+ is the 18th smallest and q- the 2nd smallest. */
    @Test
    void quantilesTakeTheFiniteSampleRanks() {
        double[] v = IntStream.rangeClosed(1, 19).mapToDouble(i -> 20 - i).toArray();
        assertThat(ConformalQuantiles.upper(v, 0.1)).isEqualTo(18.0);
        assertThat(ConformalQuantiles.lower(v, 0.1)).isEqualTo(2.0);
        double[] nine = IntStream.rangeClosed(1, 9).mapToDouble(i -> i).toArray();
        assertThat(ConformalQuantiles.upper(nine, 0.05)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(ConformalQuantiles.upper(nine, 0.1)).isEqualTo(9.0);
        assertThat(ConformalQuantiles.upper(nine, 0.2)).isEqualTo(8.0);
        assertThat(ConformalQuantiles.lower(nine, 0.05)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(ConformalQuantiles.upperRank(99, 0.05)).isEqualTo(95);
    }

    @Test
    void jointWidthsCoverEveryOutputAtOnce() {
        Matrix r = Matrix.fromRows(new double[][] {{1, 0}, {0, 2}, {3, 0}, {0, 4}});
        ResidualScores scores = new ResidualScores(r);
        double s0 = Math.sqrt(10 / 4.0);
        double s1 = Math.sqrt(20 / 4.0);
        double[] joint = scores.jointHalfWidths(0.2);
        double top = Math.max(3 / s0, 4 / s1);
        assertThat(joint[0]).isCloseTo(top * s0, within(1e-12));
        assertThat(joint[1]).isCloseTo(top * s1, within(1e-12));
        assertThat(scores.halfWidths(0.2)).containsExactly(3.0, 4.0);
    }

    private static double[] column(Matrix m, int c) {
        double[] v = new double[m.rows()];
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.abs(m.get(i, c));
        }
        return v;
    }
}
