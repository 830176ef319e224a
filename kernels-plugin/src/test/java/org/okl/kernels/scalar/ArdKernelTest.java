package org.okl.kernels.scalar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;
import org.okl.kernels.testing.PluginContext;

/**
 * The ARD kernels' Gram entries against their formulas summed feature by feature, and the low-rank output matrix
 * against B B^T + diag(d) written out; wrong sizes are refused with the parameter named.
 */
class ArdKernelTest {
    private final double[] w = {0.5, 2.0, 30.0};

    private static Matrix random(int n, int p, Random r) {
        Matrix m = Matrix.zeros(n, p);
        for (int i = 0; i < m.data().length; i++) {
            m.data()[i] = r.nextGaussian();
        }
        return m;
    }

    @Test
    void gramMatchesTheFormulaPerFeature() {
        Random r = new Random(5);
        Matrix a = random(7, 3, r);
        Matrix b = random(4, 3, r);
        VectorKernel g = new PluginContext().kernel(ComponentSpec.of("ard-gaussian", "widths",
                List.of(w[0], w[1], w[2])));
        VectorKernel l = new PluginContext().kernel(ComponentSpec.of("ard-laplacian", "widths",
                List.of(w[0], w[1], w[2])));
        Matrix kg = g.gram(a, b);
        Matrix kl = l.gram(a, b);
        for (int i = 0; i < 7; i++) {
            for (int j = 0; j < 4; j++) {
                double sq = 0;
                double abs = 0;
                for (int f = 0; f < 3; f++) {
                    double d = a.get(i, f) - b.get(j, f);
                    sq += d * d / (2 * w[f] * w[f]);
                    abs += Math.abs(d) / w[f];
                }
                assertThat(kg.get(i, j)).isCloseTo(Math.exp(-sq), within(1e-12));
                assertThat(kl.get(i, j)).isCloseTo(Math.exp(-abs), within(1e-12));
            }
        }
        // a user error (OKL-E004, the parameter named), not an internal one
        assertThatThrownBy(() -> g.gram(random(2, 2, r), random(2, 2, r)))
                .isInstanceOf(org.okl.api.component.InvalidParameterException.class)
                .hasMessageContaining("parameter 'widths' has 3 widths for inputs of 2 features");
    }

    @Test
    void lowRankMatrixIsTheFactorsProductPlusTheDiagonal() {
        PluginContext context = new PluginContext();
        OutputMatrix m = context.create(OutputMatrix.class, ComponentSpec.of("low-rank", "rank", 2, "factor",
                List.of(1.0, 2.0, -1.0, 0.5, 0.0, 3.0), "diagonal", List.of(0.1, 0.2, 0.3)));
        Matrix a = m.build(Matrix.zeros(0, 3), context);
        double[][] b = {{1.0, 2.0}, {-1.0, 0.5}, {0.0, 3.0}};
        double[] d = {0.1, 0.2, 0.3};
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double e = (i == j ? d[i] : 0) + b[i][0] * b[j][0] + b[i][1] * b[j][1];
                assertThat(a.get(i, j)).isCloseTo(e, within(1e-15));
            }
        }
        assertThatThrownBy(() -> context.create(OutputMatrix.class, ComponentSpec.of("low-rank", "rank", 2,
                "factor", List.of(1.0, 2.0), "diagonal", List.of(0.1, 0.2, 0.3))))
                .hasMessageContaining("parameter 'factor' must list q x rank = 3 x 2");
    }
}
