package org.okl.kernels.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.DataDependentKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.kernels.testing.PluginContext;
import org.okl.testkit.TestMatrices;

/** The bandwidth heuristics on hand examples and against sorting every distance. */
class BandwidthsTest {
    private final PluginContext context = new PluginContext();
    private final LinearAlgebra la = context.linearAlgebra();

    private static Matrix line(double... xs) {
        Matrix m = Matrix.zeros(xs.length, 1);
        for (int i = 0; i < xs.length; i++) {
            m.set(i, 0, xs[i]);
        }
        return m;
    }

    @Test
    void medianPairwiseDistanceOnHandExamples() {
        // distances 1, 3, 2: median 2
        assertThat(Bandwidths.medianPairwiseDistance(line(0, 1, 3), la)).isCloseTo(2.0, within(1e-12));
        // distances 1, 3, 7, 2, 6, 4: sorted 1 2 3 4 6 7, median (3 + 4) / 2
        assertThat(Bandwidths.medianPairwiseDistance(line(0, 1, 3, 7), la)).isCloseTo(3.5, within(1e-12));
        // a 3-4-5 right triangle in the plane: distances 3, 4, 5, median 4
        Matrix plane = Matrix.fromRows(new double[][] {{0, 0}, {3, 0}, {0, 4}});
        assertThat(Bandwidths.medianPairwiseDistance(plane, la)).isCloseTo(4.0, within(1e-12));
    }

    @Test
    void meanNearestNeighbourDistanceOnAHandExample() {
        // nearest: 0->1 (1), 1->0 (1), 3->1 (2), 7->3 (4): mean 2
        assertThat(Bandwidths.meanNearestNeighbourDistance(line(0, 1, 3, 7), 1, la)).isCloseTo(2.0, within(1e-12));
        // two nearest: 0: (1+3)/2, 1: (1+2)/2, 3: (2+3)/2, 7: (4+6)/2 -> mean 2.75
        assertThat(Bandwidths.meanNearestNeighbourDistance(line(0, 1, 3, 7), 2, la)).isCloseTo(2.75, within(1e-12));
        assertThatThrownBy(() -> Bandwidths.meanNearestNeighbourDistance(line(0, 1), 2, la))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void heuristicsEqualSortingEveryDistance() {
        Matrix x = TestMatrices.random(61, 4, 3);
        int n = x.rows();
        List<Double> all = new ArrayList<>();
        double knnTotal = 0;
        int k = 12;
        for (int i = 0; i < n; i++) {
            double[] row = new double[n - 1];
            int t = 0;
            for (int j = 0; j < n; j++) {
                if (j != i) {
                    double s = 0;
                    for (int c = 0; c < 4; c++) {
                        s += Math.pow(x.get(i, c) - x.get(j, c), 2);
                    }
                    row[t++] = Math.sqrt(s);
                    if (j > i) {
                        all.add(Math.sqrt(s));
                    }
                }
            }
            Arrays.sort(row);
            knnTotal += Arrays.stream(row, 0, k).sum() / k;
        }
        all.sort(Double::compare);
        double median = all.size() % 2 == 1 ? all.get(all.size() / 2)
                : 0.5 * (all.get(all.size() / 2 - 1) + all.get(all.size() / 2));
        assertThat(Bandwidths.medianPairwiseDistance(x, la)).isCloseTo(median, within(1e-12));
        assertThat(Bandwidths.meanNearestNeighbourDistance(x, k, la)).isCloseTo(knnTotal / n, within(1e-12));
        assertThat(Bandwidths.neighboursFromFraction(61, 0.2)).isEqualTo(12);
        assertThat(Bandwidths.neighboursFromFraction(3, 0.01)).isEqualTo(1);
        assertThat(Bandwidths.neighboursFromFraction(3, 1.0)).isEqualTo(2);
    }

    @Test
    void dataDependentGaussianResolvesToAFixedWidth() {
        VectorKernel k = context.kernel(ComponentSpec.of("gaussian", "bandwidth", "median"));
        assertThat(k).isInstanceOf(DataDependentKernel.class);
        ComponentSpec resolved = ((DataDependentKernel) k).resolve(line(0, 1, 3), context);
        assertThat(resolved.name()).isEqualTo("gaussian");
        assertThat((Double) resolved.parameters().get("sigma")).isCloseTo(2.0, within(1e-12));
        assertThatThrownBy(() -> k.gram(line(0, 1))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("resolve");
        VectorKernel knn = context.kernel(ComponentSpec.of("gaussian", "bandwidth", "knn", "neighbours-fraction", 0.5));
        ComponentSpec knnSpec = ((DataDependentKernel) knn).resolve(line(0, 1, 3, 7), context);
        assertThat((Double) knnSpec.parameters().get("sigma")).isCloseTo(2.75, within(1e-12));
    }

    @Test
    void combinationsWithADataDependentPartResolveThatPart() {
        ComponentSpec spec = ComponentSpec.of("sum", "kernels",
                List.of(ComponentSpec.of("linear"), ComponentSpec.of("gaussian", "bandwidth", "median")));
        VectorKernel k = context.kernel(spec);
        ComponentSpec resolved = ((DataDependentKernel) k).resolve(line(0, 1, 3), context);
        assertThat(resolved).isEqualTo(ComponentSpec.of("sum", "kernels",
                List.of(ComponentSpec.of("linear"), ComponentSpec.of("gaussian", "sigma", 2.0))));
        Matrix x = TestMatrices.random(10, 1, 4);
        Matrix expected = context.kernel(ComponentSpec.of("sum", "kernels",
                List.of(ComponentSpec.of("linear"), ComponentSpec.of("gaussian", "sigma", 2.0)))).gram(x);
        assertThat(context.kernel(resolved).gram(x).maxAbsDifference(expected)).isZero();
    }

    @Test
    void coincidentPointsHaveNoWidth() {
        DataDependentKernel k =
                (DataDependentKernel) context.kernel(ComponentSpec.of("gaussian", "bandwidth", "median"));
        assertThatThrownBy(() -> k.resolve(line(2, 2, 2), context)).hasMessageContaining("'sigma'");
    }
}
