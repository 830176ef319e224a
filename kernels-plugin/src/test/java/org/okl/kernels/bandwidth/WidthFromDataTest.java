package org.okl.kernels.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.DataDependentKernel;
import org.okl.api.linalg.Matrix;
import org.okl.kernels.testing.PluginContext;
import org.okl.testkit.TestMatrices;

/** Widths from the data for the Laplacian and Gaussian-Tanimoto kernels, and the factor, against naive loops. */
class WidthFromDataTest {
    private final PluginContext context = new PluginContext();

    private static double median(List<Double> values) {
        List<Double> v = new ArrayList<>(values);
        v.sort(Double::compare);
        int m = v.size();
        return m % 2 == 1 ? v.get(m / 2) : 0.5 * (v.get(m / 2 - 1) + v.get(m / 2));
    }

    private static List<Double> pairs(Matrix x, java.util.function.BiFunction<double[], double[], Double> d) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < x.rows(); i++) {
            for (int j = i + 1; j < x.rows(); j++) {
                out.add(d.apply(x.row(i), x.row(j)));
            }
        }
        return out;
    }

    private double sigma(ComponentSpec spec, Matrix x) {
        ComponentSpec resolved = ((DataDependentKernel) context.kernel(spec)).resolve(x, context);
        return (Double) resolved.parameters().get("sigma");
    }

    @Test
    void laplacianMedianIsTheMedianL1DistanceTimesTheFactor() {
        Matrix x = TestMatrices.random(37, 5, 11);
        double expected = median(pairs(x, (a, b) -> {
            double s = 0;
            for (int k = 0; k < a.length; k++) {
                s += Math.abs(a[k] - b[k]);
            }
            return s;
        }));
        assertThat(sigma(ComponentSpec.of("laplacian", "bandwidth", "median"), x)).isCloseTo(expected, within(1e-12));
        assertThat(sigma(ComponentSpec.of("laplacian", "bandwidth", "median", "factor", 0.25), x))
                .isCloseTo(0.25 * expected, within(1e-12));
        assertThat(context.kernel(ComponentSpec.of("laplacian", "bandwidth", "median")).getClass())
                .isEqualTo(DataDependentWidthKernel.class);
    }

    @Test
    void gaussianTanimotoMedianIsTheMedianFeatureSpaceDistance() {
        Matrix x = TestMatrices.random(23, 6, 5);
        double[] data = x.data();
        for (int i = 0; i < data.length; i++) {
            data[i] = data[i] > 0 ? 1.0 : 0.0;
        }
        double expected = median(pairs(x, (a, b) -> {
            double ab = 0;
            double aa = 0;
            double bb = 0;
            for (int k = 0; k < a.length; k++) {
                ab += a[k] * b[k];
                aa += a[k] * a[k];
                bb += b[k] * b[k];
            }
            double t = aa + bb - ab == 0 ? 1.0 : ab / (aa + bb - ab);
            return Math.sqrt(2 - 2 * t);
        }));
        assertThat(sigma(ComponentSpec.of("gaussian-tanimoto", "bandwidth", "median"), x))
                .isCloseTo(expected, within(1e-12));
    }

    @Test
    void theGaussianFactorScalesTheMedianWidthAndTheCacheDoesNotMixRules() {
        Matrix x = TestMatrices.random(29, 3, 2);
        double median = Bandwidths.medianPairwiseDistance(x, context.linearAlgebra());
        for (double f : new double[] {0.125, 1.0, 8.0}) {
            assertThat(sigma(ComponentSpec.of("gaussian", "bandwidth", "median", "factor", f), x))
                    .isCloseTo(f * median, within(1e-12 * median * f));
        }
        double knn = Bandwidths.meanNearestNeighbourDistance(x, Bandwidths.neighboursFromFraction(29, 0.2),
                context.linearAlgebra());
        assertThat(sigma(ComponentSpec.of("gaussian", "bandwidth", "knn"), x)).isCloseTo(knn, within(1e-12));
        Matrix changed = x.copy();
        changed.set(0, 0, changed.get(0, 0) + 10.0);
        assertThat(sigma(ComponentSpec.of("gaussian", "bandwidth", "median"), changed))
                .isCloseTo(Bandwidths.medianPairwiseDistance(changed, context.linearAlgebra()), within(1e-12));
    }

    @Test
    void aFactorNeedsAWidthFromTheData() {
        assertThatThrownBy(() -> context.kernel(ComponentSpec.of("gaussian", "sigma", 1.0, "factor", 2.0)))
                .hasMessageContaining("gaussian: parameter 'factor'").hasMessageContaining("'bandwidth'");
        assertThatThrownBy(() -> context.kernel(ComponentSpec.of("laplacian", "sigma", 1.0, "bandwidth", "median")))
                .hasMessageContaining("laplacian: parameter 'sigma'").hasMessageContaining("not both");
        assertThat(context.kernel(ComponentSpec.of("laplacian")).value(new double[] {0, 0}, new double[] {1, 1}))
                .isCloseTo(Math.exp(-2.0), within(1e-15));
    }
}
