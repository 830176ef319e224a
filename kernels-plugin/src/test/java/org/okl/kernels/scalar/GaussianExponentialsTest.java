package org.okl.kernels.scalar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The Gaussian pass on SIMD lanes (these tests run with the Vector API module): its exponential against
 * {@link StrictMath#exp}, and the lanes against the scalar twin, bit for bit.
 */
class GaussianExponentialsTest {

    @Test
    void theExponentialIsWithinTwoUlpsOfStrictMathDownToTheSubnormals() {
        Random random = new Random(1);
        for (int i = 0; i < 200_000; i++) {
            double x = i < 100_000 ? -random.nextDouble() * 750 : -random.nextDouble() * 2;
            double exact = StrictMath.exp(x);
            double mine = GaussianExponentials.exp(x);
            double ulp = Math.ulp(exact);
            assertThat(Math.abs(mine - exact)).as("exp(%s)", x).isLessThanOrEqualTo(exact < Double.MIN_NORMAL
                    ? Double.MIN_VALUE : 2 * ulp);
        }
        assertThat(GaussianExponentials.exp(0.0)).isEqualTo(1.0);
        assertThat(GaussianExponentials.exp(-0.0)).isEqualTo(1.0);
        assertThat(GaussianExponentials.exp(-800)).isZero();
        assertThat(GaussianExponentials.exp(Double.NEGATIVE_INFINITY)).isZero();
        assertThat(GaussianExponentials.exp(Double.NaN)).isNaN();
    }

    @Test
    void theLanesGiveTheScalarTwinsBitsAndAreCloseToMathExp() {
        assertThat(GaussianExponentials.vectorised()).as("the tests run with --add-modules jdk.incubator.vector")
                .isTrue();
        Random random = new Random(3);
        int n = 1001;
        double[] norms = new double[n];
        double[] inner = new double[n + 7];
        for (int i = 0; i < n; i++) {
            norms[i] = 30 * random.nextDouble();
            inner[i + 7] = (random.nextDouble() - 0.5) * 40;
        }
        inner[7 + 5] = 1e300;
        inner[7 + 9] = -1e300;
        inner[7 + 10] = Double.NaN;
        for (int repeat = 0; repeat < 2000; repeat++) {
            double[] lanes = inner.clone();
            double[] twin = inner.clone();
            double[] math = inner.clone();
            GaussianExponentials.apply(lanes, 7, 0, n, norms, 12.5, 0.025);
            GaussianExponentials.polynomial(twin, 7, 0, n, norms, 12.5, 0.025);
            if (repeat % 500 == 0) {
                for (int i = 0; i < n; i++) {
                    double d2 = norms[i] + 12.5 - 2.0 * math[7 + i];
                    math[7 + i] = Math.exp(-Math.max(d2, 0.0) * 0.025);
                }
                for (int i = 7; i < n + 7; i++) {
                    assertThat(Double.doubleToRawLongBits(lanes[i])).as("element %d, interpreted or compiled", i)
                            .isEqualTo(Double.doubleToRawLongBits(twin[i]));
                    if (!Double.isNaN(math[i])) {
                        assertThat(Math.abs(lanes[i] - math[i])).isLessThanOrEqualTo(3 * Math.ulp(math[i]));
                    }
                }
                assertThat(lanes[7 + 5]).as("a negative squared distance is taken as 0").isEqualTo(1.0);
                assertThat(lanes[7 + 9]).isZero();
                assertThat(lanes[7 + 10]).isNaN();
                assertThat(lanes[0]).as("nothing before the offset").isZero();
            }
        }
    }

    @Test
    void aGaussianGramIsTheNaiveOneAndExactlySymmetricWithOnesOnTheDiagonal() {
        org.okl.api.linalg.Matrix x = org.okl.testkit.TestMatrices.random(70, 3, 5);
        GaussianKernel kernel = new GaussianKernel(1.3, org.okl.testkit.TestContext.active().linearAlgebra());
        org.okl.api.linalg.Matrix g = kernel.gram(x);
        org.okl.api.linalg.Matrix cross = kernel.gram(x.rowRange(0, 33), x);
        for (int i = 0; i < 70; i++) {
            assertThat(g.get(i, i)).isEqualTo(1.0);
            for (int j = 0; j < 70; j++) {
                assertThat(g.get(i, j)).isEqualTo(g.get(j, i));
                assertThat(g.get(i, j)).isCloseTo(kernel.value(x.row(i), x.row(j)),
                        org.assertj.core.data.Offset.offset(1e-14));
                if (i < 33) {
                    assertThat(cross.get(i, j)).isCloseTo(g.get(i, j), org.assertj.core.data.Offset.offset(1e-14));
                }
            }
        }
    }
}
