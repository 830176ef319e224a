package org.okl.solvers.iterative;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.SpectralRadius;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

class SpectralRadiusTest {
    private final LinearAlgebra la = TestContext.active().linearAlgebra();

    /** Q diag(values) Q^T with Q a product of two Householder reflections: known eigenvalues. */
    private static Matrix withSpectrum(double[] values, long seed) {
        int n = values.length;
        Matrix q = Matrix.identity(n);
        for (long s = seed; s < seed + 2; s++) {
            Matrix v = TestMatrices.random(n, 1, s);
            double norm2 = TestMatrices.naiveMultiply(v, true, v, false).get(0, 0);
            Matrix h = Matrix.identity(n).minus(TestMatrices.naiveMultiply(v, false, v, true).times(2 / norm2));
            q = TestMatrices.naiveMultiply(q, h);
        }
        return TestMatrices.naiveMultiply(TestMatrices.naiveMultiply(q, Matrix.diagonal(values)), false, q, true);
    }

    @Test
    void lanczosFindsTheLargestEigenvalueToRelativeTenToMinusTen() {
        int n = 120;
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = 5.0 * Math.pow(0.97, i);
        }
        values[1] = 4.999;
        Matrix m = withSpectrum(values, 3);
        double found = SpectralRadius.largestEigenvalue(v -> la.multiply(m, v), n, 1, 7, la);
        assertThat(Math.abs(found - 5.0) / 5.0).isLessThan(1e-10);
    }

    @Test
    void smallOperatorsAreExactOnceTheKrylovSpaceIsExhausted() {
        Matrix m = withSpectrum(new double[] {2.0, 1.5, 0.1}, 9);
        double found = SpectralRadius.largestEigenvalue(v -> la.multiply(m, v), 3, 1, 1, la);
        assertThat(found).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void matrixShapedOperandsWork() {
        // C -> K C A has the eigenvalues s_i a_j
        Matrix k = withSpectrum(new double[] {3.0, 1.0, 0.5, 0.2}, 4);
        Matrix a = withSpectrum(new double[] {1.5, 0.5}, 6);
        double found = SpectralRadius.largestEigenvalue(c -> la.multiply(la.multiply(k, c), a), 4, 2, 2, la);
        assertThat(found).isCloseTo(4.5, org.assertj.core.data.Offset.offset(1e-9));
    }
}
