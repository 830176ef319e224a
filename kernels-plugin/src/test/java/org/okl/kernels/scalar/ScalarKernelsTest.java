package org.okl.kernels.scalar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.component.ParameterSpec;
import org.okl.api.kernel.ShiftInvariantKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.kernels.testing.PluginContext;
import org.okl.kernels.testing.Ranges;
import org.okl.kernels.testing.SpecParameters;
import org.okl.testkit.TestMatrices;

/** Scalar kernels against their definitions computed naively, closed forms and hand examples. */
class ScalarKernelsTest {
    private final PluginContext context = new PluginContext();

    private static Matrix naiveGram(Matrix a, Matrix b, BiFunction<double[], double[], Double> k) {
        Matrix g = Matrix.zeros(a.rows(), b.rows());
        for (int i = 0; i < a.rows(); i++) {
            for (int j = 0; j < b.rows(); j++) {
                g.set(i, j, k.apply(a.row(i), b.row(j)));
            }
        }
        return g;
    }

    private static double squaredDistance(double[] x, double[] y) {
        double s = 0;
        for (int k = 0; k < x.length; k++) {
            s += (x[k] - y[k]) * (x[k] - y[k]);
        }
        return s;
    }

    private static double dot(double[] x, double[] y) {
        double s = 0;
        for (int k = 0; k < x.length; k++) {
            s += x[k] * y[k];
        }
        return s;
    }

    @Test
    void gaussianGramOfAManyTileSampleEqualsTheDefinitionAndIsExactlySymmetric() {
        Matrix a = TestMatrices.random(300, 7, 1).times(2.0);
        VectorKernel k = context.kernel(ComponentSpec.of("gaussian", "sigma", 1.7));
        Matrix g = k.gram(a);
        Matrix expected = naiveGram(a, a, (x, y) -> Math.exp(-squaredDistance(x, y) / (2 * 1.7 * 1.7)));
        assertThat(g.maxAbsDifference(expected)).isLessThan(1e-12);
        assertThat(g.maxAbsDifference(g.transpose())).isZero();
        for (int i = 0; i < 300; i++) {
            assertThat(g.get(i, i)).isEqualTo(1.0);
        }
        Matrix b = TestMatrices.random(130, 7, 2);
        Matrix cross = naiveGram(a, b, (x, y) -> Math.exp(-squaredDistance(x, y) / (2 * 1.7 * 1.7)));
        assertThat(k.gram(a, b).maxAbsDifference(cross)).isLessThan(1e-12);
    }

    @Test
    void gaussianWithGammaGivesTheSameGramAsTheEquivalentSigma() {
        Matrix a = TestMatrices.random(40, 4, 3);
        double sigma = 0.8;
        Matrix bySigma = context.kernel(ComponentSpec.of("gaussian", "sigma", sigma)).gram(a);
        Matrix byGamma = context.kernel(ComponentSpec.of("gaussian", "gamma", 1.0 / (2 * sigma * sigma))).gram(a);
        assertThat(bySigma.maxAbsDifference(byGamma)).isLessThan(1e-14);
    }

    @Test
    void linearAndPolynomialGramsEqualTheDefinitions() {
        Matrix a = TestMatrices.random(90, 5, 4);
        Matrix b = TestMatrices.random(70, 5, 5);
        Matrix linear = naiveGram(a, b, ScalarKernelsTest::dot);
        assertThat(context.kernel(ComponentSpec.of("linear")).gram(a, b).maxAbsDifference(linear)).isLessThan(1e-13);
        Matrix poly = naiveGram(a, a, (x, y) -> Math.pow(dot(x, y) + 2.0, 4));
        Matrix g = context.kernel(ComponentSpec.of("polynomial", "degree", 4, "offset", 2.0)).gram(a);
        assertThat(g.maxAbsDifference(poly)).isLessThan(1e-10 * 1e3);
        assertThat(context.kernel(ComponentSpec.of("polynomial")).value(new double[] {1, 2}, new double[] {3, -1}))
                .isEqualTo(8.0);
    }

    @Test
    void tanimotoMatchesAHandExampleAndDefinesTheZeroPair() {
        VectorKernel t = context.kernel(ComponentSpec.of("tanimoto"));
        double[] y1 = {1, 1, 0, 1};
        double[] y2 = {1, 0, 1, 1};
        assertThat(t.value(y1, y2)).isCloseTo(2.0 / (3 + 3 - 2), within(1e-15));
        assertThat(t.value(new double[4], new double[4])).isEqualTo(1.0);
        assertThat(t.value(new double[4], y1)).isEqualTo(0.0);
        Matrix y = Matrix.fromRows(new double[][] {y1, y2, new double[4]});
        Matrix expected = Matrix.fromRows(new double[][] {{1, 0.5, 0}, {0.5, 1, 0}, {0, 0, 1}});
        assertThat(t.gram(y).maxAbsDifference(expected)).isLessThan(1e-15);
        VectorKernel gt = context.kernel(ComponentSpec.of("gaussian-tanimoto", "sigma", 2.0));
        assertThat(gt.value(y1, y2)).isCloseTo(Math.exp(-(2 - 2 * 0.5) / (2 * 4.0)), within(1e-15));
        assertThat(gt.gram(y).get(2, 2)).isEqualTo(1.0);
    }

    @Test
    void laplacianUsesTheL1Norm() {
        Matrix a = TestMatrices.random(120, 3, 6);
        Matrix b = TestMatrices.random(50, 3, 7);
        BiFunction<double[], double[], Double> l1 = (x, y) -> Math.exp(
                -(Math.abs(x[0] - y[0]) + Math.abs(x[1] - y[1]) + Math.abs(x[2] - y[2])) / 0.9);
        VectorKernel k = context.kernel(ComponentSpec.of("laplacian", "sigma", 0.9));
        assertThat(k.gram(a, b).maxAbsDifference(naiveGram(a, b, l1))).isLessThan(1e-14);
        assertThat(k.gram(a).maxAbsDifference(naiveGram(a, a, l1))).isLessThan(1e-14);
    }

    @Test
    void normalizationDividesByTheFeatureNormsAndMapsZeroFeaturesToOneDirection() {
        VectorKernel n = context.kernel(ComponentSpec.of("normalized", "kernel", ComponentSpec.of("linear")));
        double[] x = {3, 4};
        double[] y = {1, 0};
        assertThat(n.value(x, y)).isCloseTo(0.6, within(1e-15));
        Matrix a = Matrix.fromRows(new double[][] {x, y, {0, 0}, {0, 0}});
        Matrix expected = Matrix.fromRows(new double[][] {{1, 0.6, 0, 0}, {0.6, 1, 0, 0}, {0, 0, 1, 1}, {0, 0, 1, 1}});
        assertThat(n.gram(a).maxAbsDifference(expected)).isLessThan(1e-15);
        assertThat(n.gram(a, a.copy()).maxAbsDifference(expected)).isLessThan(1e-15);
    }

    @Test
    void sumProductAndScaledCombineTheParts() {
        Matrix a = TestMatrices.random(20, 3, 8);
        BiFunction<double[], double[], Double> gauss = (x, y) -> Math.exp(-squaredDistance(x, y) / 2.0);
        ComponentSpec g = ComponentSpec.of("gaussian", "sigma", 1.0);
        ComponentSpec lin = ComponentSpec.of("linear");
        Matrix sum = context.kernel(ComponentSpec.of("sum", "kernels", List.of(g, lin))).gram(a);
        Matrix product = context.kernel(ComponentSpec.of("product", "kernels", List.of(g, lin))).gram(a);
        Matrix scaled = context.kernel(ComponentSpec.of("scaled", "factor", 3.0, "kernel", g)).gram(a);
        assertThat(sum.maxAbsDifference(naiveGram(a, a, (x, y) -> gauss.apply(x, y) + dot(x, y)))).isLessThan(1e-13);
        assertThat(product.maxAbsDifference(naiveGram(a, a, (x, y) -> gauss.apply(x, y) * dot(x, y))))
                .isLessThan(1e-13);
        assertThat(scaled.maxAbsDifference(naiveGram(a, a, (x, y) -> 3.0 * gauss.apply(x, y)))).isLessThan(1e-13);
    }

    @Test
    void sequenceOneHotCountsSharedSymbolsAndEqualsTheLinearKernelOnTheOneHotMap() {
        VectorKernel k = context.kernel(ComponentSpec.of("sequence-one-hot"));
        assertThat(k.value(new double[] {3, 1, 20, 0, 0}, new double[] {3, 2, 20, 5, 0})).isEqualTo(2.0);
        Random random = new Random(9);
        int alphabet = 26;
        int q = 6;
        Matrix seq = Matrix.zeros(25, q);
        for (int i = 0; i < 25; i++) {
            int length = 1 + random.nextInt(q);
            for (int t = 0; t < length; t++) {
                seq.set(i, t, 1 + random.nextInt(4));
            }
        }
        Matrix oneHot = Matrix.zeros(25, q * alphabet);
        for (int i = 0; i < 25; i++) {
            for (int t = 0; t < q; t++) {
                int s = (int) seq.get(i, t);
                if (s > 0) {
                    oneHot.set(i, t * alphabet + s - 1, 1.0);
                }
            }
        }
        Matrix expected = TestMatrices.naiveMultiply(oneHot, false, oneHot, true);
        assertThat(k.gram(seq).maxAbsDifference(expected)).isZero();
        assertThatThrownBy(() -> k.gram(Matrix.fromRows(new double[][] {{27}}))).hasMessageContaining("27");
    }

    @Test
    void spectralSamplesReproduceTheKernelByMonteCarlo() {
        Random random = new Random(10);
        double[] u = {0.7, -0.4, 0.3};
        assertMonteCarlo((ShiftInvariantKernel) context.kernel(ComponentSpec.of("gaussian", "sigma", 1.2)), u, random);
        assertMonteCarlo((ShiftInvariantKernel) context.kernel(ComponentSpec.of("laplacian", "sigma", 1.5)), u, random);
    }

    private static void assertMonteCarlo(ShiftInvariantKernel k, double[] u, Random random) {
        int samples = 200_000;
        double mean = 0;
        for (int s = 0; s < samples; s++) {
            double[] w = k.sampleFrequency(u.length, random);
            mean += Math.cos(dot(w, u));
        }
        mean /= samples;
        assertThat(mean).isCloseTo(k.value(u, new double[u.length]), within(0.008));
    }

    @Test
    void invalidParametersFailWithMessagesNamingTheParameter() {
        assertThatThrownBy(() -> context.kernel(ComponentSpec.of("gaussian", "sigma", 1.0, "gamma", 2.0)))
                .hasMessageContaining("gaussian: parameter 'sigma'");
        assertThatThrownBy(() -> context.kernel(ComponentSpec.of("gaussian")))
                .hasMessageContaining("'sigma'");
        assertThatThrownBy(() -> context.kernel(ComponentSpec.of("gaussian", "sigma", -1.0)))
                .hasMessageContaining("'sigma'");
        assertThatThrownBy(() -> context.kernel(ComponentSpec.of("laplacian", "sigma", 0.0)))
                .hasMessageContaining("laplacian: parameter 'sigma'");
        assertThatThrownBy(() -> context.kernel(ComponentSpec.of("scaled", "factor", -2.0, "kernel",
                ComponentSpec.of("linear")))).hasMessageContaining("'factor'");
        assertThatThrownBy(() -> context.kernel(ComponentSpec.of("sum", "kernels", List.of())))
                .hasMessageContaining("sum: parameter 'kernels'");
    }

    @Test
    void factoriesCheckWidthsEvenWhenCalledDirectly() {
        assertThatThrownBy(() -> ScalarKernelFactories.gaussian()
                .create(new SpecParameters(ComponentSpec.of("gaussian", "sigma", -1.0)), context))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("gaussian: parameter 'sigma'");
    }

    @Test
    void declaredParameterSpecsCarryTheirRanges() {
        assertRange(ScalarKernelFactories.gaussian().parameters(), "sigma", "(0, inf]");
        assertRange(ScalarKernelFactories.gaussian().parameters(), "gamma", "(0, inf]");
        assertRange(ScalarKernelFactories.gaussian().parameters(), "neighbours-fraction", "(0, 1]");
        assertRange(ScalarKernelFactories.polynomial().parameters(), "degree", "[1, inf]");
        assertRange(ScalarKernelFactories.polynomial().parameters(), "offset", "[0, inf]");
        assertRange(ScalarKernelFactories.laplacian().parameters(), "sigma", "(0, inf]");
        assertRange(ScalarKernelFactories.scaled().parameters(), "factor", "(0, inf]");
        assertThat(ScalarKernelFactories.gaussian().parameters().stream()
                .filter(p -> p.name().equals("bandwidth")).findFirst().orElseThrow().choices())
                .containsExactly("median", "knn");
    }

    private static void assertRange(List<ParameterSpec> specs, String name, String range) {
        assertThat(Ranges.of(specs, name)).isEqualTo(range);
    }
}
