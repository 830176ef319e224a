package org.okl.kernels.scalar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.DistanceKernel;
import org.okl.api.linalg.Matrix;
import org.okl.kernels.testing.PluginContext;
import org.okl.testkit.TestMatrices;

/**
 * The distance form of the Gaussian, Laplacian and Gaussian-Tanimoto kernels: the distances match a naive loop, a
 * sample's distances are exactly symmetric with a zero diagonal, and the Gram from the distances is the kernel's own.
 */
class DistanceKernelsTest {
    private final PluginContext context = new PluginContext();

    @Test
    void gramOfDistancesIsTheGram() {
        Matrix a = TestMatrices.random(17, 4, 1);
        Matrix b = TestMatrices.random(9, 4, 2);
        for (ComponentSpec spec : List.of(ComponentSpec.of("gaussian", "sigma", 1.3),
                ComponentSpec.of("laplacian", "sigma", 2.1), ComponentSpec.of("gaussian-tanimoto", "sigma", 0.7))) {
            DistanceKernel k = (DistanceKernel) context.kernel(spec);
            assertThat(k.gramOfDistances(k.distances(a, b)).maxAbsDifference(k.gram(a, b))).isLessThan(1e-13);
            Matrix self = k.distances(a, a);
            assertThat(k.gramOfDistances(self).maxAbsDifference(k.gram(a))).isLessThan(1e-13);
            for (int i = 0; i < a.rows(); i++) {
                assertThat(self.get(i, i)).isZero();
                for (int j = 0; j < a.rows(); j++) {
                    assertThat(self.get(i, j)).isEqualTo(self.get(j, i));
                }
            }
        }
    }

    @Test
    void distancesMatchNaiveLoops() {
        Matrix a = TestMatrices.random(8, 3, 3);
        Matrix b = TestMatrices.random(5, 3, 4);
        DistanceKernel gaussian = (DistanceKernel) context.kernel(ComponentSpec.of("gaussian", "sigma", 1.0));
        DistanceKernel laplacian = (DistanceKernel) context.kernel(ComponentSpec.of("laplacian", "sigma", 1.0));
        Matrix d2 = gaussian.distances(a, b);
        Matrix d1 = laplacian.distances(a, b);
        for (int i = 0; i < a.rows(); i++) {
            for (int j = 0; j < b.rows(); j++) {
                double s2 = 0;
                double s1 = 0;
                for (int k = 0; k < 3; k++) {
                    double t = a.get(i, k) - b.get(j, k);
                    s2 += t * t;
                    s1 += Math.abs(t);
                }
                assertThat(d2.get(i, j)).isCloseTo(s2, org.assertj.core.api.Assertions.within(1e-12));
                assertThat(d1.get(i, j)).isCloseTo(s1, org.assertj.core.api.Assertions.within(1e-12));
            }
        }
        assertThat(gaussian.distance()).isEqualTo("squared-euclidean");
        assertThat(laplacian.distance()).isEqualTo("manhattan");
    }
}
