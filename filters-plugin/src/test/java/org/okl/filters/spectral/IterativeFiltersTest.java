package org.okl.filters.spectral;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.filter.GramOperator;
import org.okl.api.linalg.Matrix;
import org.okl.testkit.TestMatrices;

class IterativeFiltersTest {

    @Test
    void landweberFilterIsTheGeometricSum() {
        Landweber filter = new Landweber(30, Double.NaN);
        double sMax = 2.0;
        for (double s : new double[] {0, 1e-14, 0.3, 1.0, 2.0}) {
            for (int t : new int[] {1, 7, 30}) {
                double eta = 1 / sMax;
                double sum = 0;
                for (int i = 0; i < t; i++) {
                    sum += eta * Math.pow(1 - eta * s, i);
                }
                assertThat(filter.apply(t - 1, s, sMax)).isCloseTo(sum, offset(1e-12 * Math.max(1, sum)));
            }
        }
    }

    @Test
    void landweberRejectsADivergentStep() {
        Landweber filter = new Landweber(5, 1.0);
        assertThatThrownBy(() -> filter.apply(0, 0.5, 2.5)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("landweber: parameter 'step'");
    }

    @Test
    void nuMethodFollowsTheConventionsCoefficients() {
        NuMethod filter = new NuMethod(3, 1.0);
        double sMax = 1.5;
        double s = 0.4;
        double g1 = 6.0 / 5.0 / sMax;
        double g2 = g1 + 5.0 / 63.0 * g1 + 40.0 / 21.0 / sMax * (1 - s * g1);
        assertThat(filter.apply(0, s, sMax)).isCloseTo(g1, offset(1e-15));
        assertThat(filter.apply(1, s, sMax)).isCloseTo(g2, offset(1e-14));
    }

    @Test
    void nuMethodGainStaysBelowOnePointOneFromTheFourthIterate() {
        NuMethod filter = new NuMethod(200, 1.0);
        double worst = 0;
        for (int t = 3; t < 200; t++) {
            for (int q = 1; q <= 400; q++) {
                double s = q / 400.0;
                worst = Math.max(worst, s * filter.apply(t, s, 1.0));
            }
        }
        assertThat(worst).isLessThanOrEqualTo(1.1).isGreaterThan(1.08);
    }

    @Test
    void iteratedTikhonovWithOneSolveIsTikhonovAndStableNearZero() {
        IteratedTikhonov once = new IteratedTikhonov(List.of(0.01), 1);
        Tikhonov tikhonov = new Tikhonov(List.of(0.01));
        for (double s : new double[] {0, 1e-12, 0.2, 3}) {
            assertThat(once.apply(0, s, 1)).isCloseTo(tikhonov.apply(0, s, 1), offset(1e-9));
        }
        IteratedTikhonov many = new IteratedTikhonov(List.of(0.01), 5);
        assertThat(many.apply(0, 1e-15, 1)).isCloseTo(5 / 0.01, offset(1e-6));
        assertThat(many.apply(0, 0, 1)).isEqualTo(5 / 0.01);
    }

    /**
     * Both iterations approach the least-squares solution Gram^-1 Y of a well-conditioned system: Landweber
     * geometrically, the nu-method polynomially (its residual decays like (t² s)^-nu on a fixed eigenvalue s).
     */
    @Test
    void iterationsApproachTheLeastSquaresSolution() {
        int n = 12;
        Matrix gram = TestMatrices.randomSpd(n, 5);
        Matrix y = TestMatrices.random(n, 2, 6);
        Matrix exact = TestMatrices.naiveSolve(gram, y);
        double sMax = org.okl.testkit.TestContext.active().linearAlgebra().eigenvaluesSymmetric(gram)[0] / n;
        GramOperator operator = naive(gram);
        var filters = List.of(new Landweber(1000, Double.NaN), new NuMethod(600, 1.0));
        double[] tolerances = {1e-10, 1e-3};
        for (int f = 0; f < 2; f++) {
            var filter = filters.get(f);
            double[] errors = new double[filter.pathLength()];
            filter.run(operator, y, sMax, (index, c) -> errors[index] = c.maxAbsDifference(exact));
            int t = errors.length;
            assertThat(errors[t - 1]).as(filter.getClass().getSimpleName()).isLessThan(tolerances[f]);
            assertThat(errors[1]).isGreaterThan(errors[10]);
            assertThat(errors[10]).isGreaterThan(errors[t - 1]);
        }
    }

    /**
     * {@code path = false}: one path point, the t-th iterate, from the matrix-free run and from the spectral form
     * alike, equal to the last point of the whole path (so a selection has nothing to choose: exactly t iterations).
     */
    @Test
    void withoutAPathTheFilterIsItsLastIterateAlone() {
        int n = 10;
        Matrix gram = TestMatrices.randomSpd(n, 7);
        Matrix y = TestMatrices.random(n, 3, 8);
        double sMax = org.okl.testkit.TestContext.active().linearAlgebra().eigenvaluesSymmetric(gram)[0] / n;
        GramOperator operator = naive(gram);
        int t = 17;
        List<IterationPathFilter[]> pairs = List.of(
                new IterationPathFilter[] {new Landweber(t, Double.NaN), new Landweber(t, Double.NaN, false)},
                new IterationPathFilter[] {new NuMethod(t, 1.0), new NuMethod(t, 1.0, false)});
        for (IterationPathFilter[] pair : pairs) {
            IterationPathFilter path = pair[0];
            IterationPathFilter last = pair[1];
            assertThat(last.pathLength()).isEqualTo(1);
            assertThat(last.pathValue(0)).isEqualTo(t);
            Matrix[] whole = new Matrix[t];
            path.run(operator, y, sMax, (index, c) -> whole[index] = c.copy());
            Matrix[] alone = new Matrix[1];
            int[] points = {0};
            last.run(operator, y, sMax, (index, c) -> {
                assertThat(index).isZero();
                points[0]++;
                alone[0] = c.copy();
            });
            assertThat(points[0]).isEqualTo(1);
            assertThat(alone[0].maxAbsDifference(whole[t - 1])).isLessThan(1e-13);
            assertThat(alone[0].maxAbsDifference(whole[t - 2])).isGreaterThan(1e-8);
            for (double s : new double[] {0, 0.2, 0.9}) {
                assertThat(last.apply(0, s, sMax)).isCloseTo(path.apply(t - 1, s, sMax), offset(1e-14));
            }
        }
    }

    /** The Gram action by a naive product, independent of the back-end's BLAS. */
    private static GramOperator naive(Matrix gram) {
        return new GramOperator() {
            @Override
            public int size() {
                return gram.rows();
            }

            @Override
            public Matrix apply(Matrix c) {
                return TestMatrices.naiveMultiply(gram, c);
            }
        };
    }
}
