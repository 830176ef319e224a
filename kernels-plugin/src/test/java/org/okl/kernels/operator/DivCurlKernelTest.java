package org.okl.kernels.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.kernels.testing.PluginContext;
import org.okl.testkit.TestMatrices;

/**
 * The divergence-free and curl-free kernels against vector calculus: fields built from them have zero divergence or
 * zero curl (central finite differences), and the blocks equal {@code H phi - tr(H phi) I} and {@code -H phi} with
 * the Hessian of the Gaussian taken numerically.
 */
class DivCurlKernelTest {
    private static final double H = 1e-4;
    private final PluginContext context = new PluginContext();

    /** f(x) = sum_i Gamma(x, x_i) c_i through apply. */
    private double[] field(DivCurlKernel k, Matrix centres, Matrix c, double[] x) {
        Matrix point = Matrix.fromRows(new double[][] {x});
        return k.apply(point, centres, null, c, context).row(0);
    }

    /** J[r][s] = d f_r / d x_s by central differences. */
    private double[][] jacobian(DivCurlKernel k, Matrix centres, Matrix c, double[] x) {
        int d = x.length;
        double[][] j = new double[d][d];
        for (int s = 0; s < d; s++) {
            double[] plus = x.clone();
            double[] minus = x.clone();
            plus[s] += H;
            minus[s] -= H;
            double[] fp = field(k, centres, c, plus);
            double[] fm = field(k, centres, c, minus);
            for (int r = 0; r < d; r++) {
                j[r][s] = (fp[r] - fm[r]) / (2 * H);
            }
        }
        return j;
    }

    private static double maxAbs(double[][] j) {
        double m = 0;
        for (double[] row : j) {
            for (double v : row) {
                m = Math.max(m, Math.abs(v));
            }
        }
        return m;
    }

    @Test
    void divergenceFreeFieldsHaveZeroDivergenceIn2dAnd3d() {
        for (int d = 2; d <= 3; d++) {
            DivCurlKernel k = new DivCurlKernel("divergence-free", 0.8, 1.0, d);
            Matrix centres = TestMatrices.random(6, d, 20 + d);
            Matrix c = TestMatrices.random(6, d, 30 + d);
            Random random = new Random(d);
            for (int trial = 0; trial < 5; trial++) {
                double[] x = new double[d];
                for (int s = 0; s < d; s++) {
                    x[s] = 2 * random.nextDouble() - 1;
                }
                double[][] j = jacobian(k, centres, c, x);
                double divergence = 0;
                for (int s = 0; s < d; s++) {
                    divergence += j[s][s];
                }
                assertThat(maxAbs(j)).isGreaterThan(1e-2);
                assertThat(Math.abs(divergence)).isLessThan(1e-6 * maxAbs(j));
            }
        }
    }

    @Test
    void curlFreeFieldsHaveZeroCurlIn2dAnd3d() {
        for (int d = 2; d <= 3; d++) {
            DivCurlKernel k = new DivCurlKernel("curl-free", 0.8, 0.0, d);
            Matrix centres = TestMatrices.random(6, d, 40 + d);
            Matrix c = TestMatrices.random(6, d, 50 + d);
            double[] x = new double[d];
            x[0] = 0.3;
            x[1] = -0.2;
            double[][] j = jacobian(k, centres, c, x);
            assertThat(maxAbs(j)).isGreaterThan(1e-2);
            for (int r = 0; r < d; r++) {
                for (int s = r + 1; s < d; s++) {
                    assertThat(Math.abs(j[r][s] - j[s][r])).isLessThan(1e-6 * maxAbs(j));
                }
            }
        }
    }

    @Test
    void theMixedFieldSplitsIntoItsDivergenceFreeAndCurlFreeParts() {
        double gamma = 0.35;
        DivCurlKernel mixed = new DivCurlKernel("div-curl", 1.2, gamma, 2);
        DivCurlKernel df = new DivCurlKernel("divergence-free", 1.2, 1.0, 2);
        DivCurlKernel cf = new DivCurlKernel("curl-free", 1.2, 0.0, 2);
        Matrix centres = TestMatrices.random(8, 2, 60);
        Matrix c = TestMatrices.random(8, 2, 61);
        Matrix x = TestMatrices.random(5, 2, 62);
        Matrix f = mixed.apply(x, centres, null, c, context);
        Matrix parts = df.apply(x, centres, null, c, context).times(gamma)
                .plus(cf.apply(x, centres, null, c, context).times(1 - gamma));
        assertThat(f.maxAbsDifference(parts)).isLessThan(1e-14);
        // and the mixed field has neither zero divergence nor zero curl
        double[][] j = jacobian(mixed, centres, c, x.row(0));
        assertThat(Math.abs(j[0][0] + j[1][1])).isGreaterThan(1e-3);
        assertThat(Math.abs(j[0][1] - j[1][0])).isGreaterThan(1e-3);
    }

    @Test
    void blocksEqualTheHessianFormsOfTheGaussian() {
        double sigma = 0.9;
        int d = 3;
        double[] x = {0.4, -0.1, 0.7};
        double[] y = {-0.2, 0.3, 0.1};
        double h = 1e-4;
        double[][] hess = new double[d][d];
        for (int r = 0; r < d; r++) {
            for (int s = 0; s < d; s++) {
                double[] pp = x.clone();
                double[] pm = x.clone();
                double[] mp = x.clone();
                double[] mm = x.clone();
                pp[r] += h;
                pp[s] += h;
                pm[r] += h;
                pm[s] -= h;
                mp[r] -= h;
                mp[s] += h;
                mm[r] -= h;
                mm[s] -= h;
                hess[r][s] = (phi(pp, y, sigma) - phi(pm, y, sigma) - phi(mp, y, sigma) + phi(mm, y, sigma))
                        / (4 * h * h);
            }
        }
        double trace = hess[0][0] + hess[1][1] + hess[2][2];
        Matrix df = new DivCurlKernel("divergence-free", sigma, 1.0, d).value(x, y);
        Matrix cf = new DivCurlKernel("curl-free", sigma, 0.0, d).value(x, y);
        for (int r = 0; r < d; r++) {
            for (int s = 0; s < d; s++) {
                assertThat(df.get(r, s)).isCloseTo(hess[r][s] - (r == s ? trace : 0),
                        Offset.offset(1e-6));
                assertThat(cf.get(r, s)).isCloseTo(-hess[r][s], Offset.offset(1e-6));
            }
        }
        Matrix block = new DivCurlKernel("divergence-free", sigma, 1.0, d).blockGram(
                Matrix.fromRows(new double[][] {x}), Matrix.fromRows(new double[][] {y}), null, context);
        assertThat(block.maxAbsDifference(df)).isZero();
    }

    private static double phi(double[] x, double[] y, double sigma) {
        double s = 0;
        for (int k = 0; k < x.length; k++) {
            s += (x[k] - y[k]) * (x[k] - y[k]);
        }
        return Math.exp(-s / (2 * sigma * sigma));
    }
}
