package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.LinearAlgebras;

class TestSupportTest {

    @Test
    void contextHandsOutTheGivenBackendAndFixedSeed() {
        TestContext context = TestContext.of(LinearAlgebras.java());
        assertThat(context.linearAlgebra()).isSameAs(LinearAlgebras.java());
        assertThat(context.seed()).isEqualTo(42L);
        assertThat(TestContext.active().linearAlgebra()).isSameAs(LinearAlgebras.active());
        // core's own tests have no plugins on the class path: creating by name reports what is missing
        assertThatThrownBy(() -> context.create(VectorKernel.class, ComponentSpec.of("gaussian")))
                .hasMessageContaining("[OKL-E001] unknown kernel 'gaussian'");
        context.dataDirectory().ifPresent(dir -> assertThat(dir).isDirectory());
    }

    @Test
    void naiveOraclesAgreeWithHandComputedValues() {
        Matrix a = Matrix.fromRows(new double[][] {{1, 2}, {3, 4}});
        Matrix b = Matrix.fromRows(new double[][] {{5, 6}, {7, 8}});
        TestMatrices.assertClose(Matrix.fromRows(new double[][] {{19, 22}, {43, 50}}),
                TestMatrices.naiveMultiply(a, b), 0.0);
        TestMatrices.assertClose(Matrix.fromRows(new double[][] {{26, 30}, {38, 44}}),
                TestMatrices.naiveMultiply(a, true, b, false), 0.0);
        // [[1, 2], [3, 4]] x = [5, 6] has the solution x = (-4, 4.5)
        TestMatrices.assertClose(Matrix.column(new double[] {-4, 4.5}),
                TestMatrices.naiveSolve(a, Matrix.column(new double[] {5, 6})), 1e-15);
    }

    @Test
    void randomMatricesAreSeededAndSpdIsSymmetricPositiveDefinite() {
        assertThat(TestMatrices.random(3, 4, 7).data()).containsExactly(TestMatrices.random(3, 4, 7).data());
        Matrix spd = TestMatrices.randomSpd(6, 1);
        assertThat(spd.data()).containsExactly(spd.transpose().data());
        assertThat(LinearAlgebras.java().eigenvaluesSymmetric(spd)[5]).isGreaterThanOrEqualTo(1.0 - 1e-12);
    }

    @Test
    void assertCloseReportsTheWorstElement() {
        Matrix expected = Matrix.fromRows(new double[][] {{1, 2}, {3, 4}});
        Matrix actual = Matrix.fromRows(new double[][] {{1, 2}, {3.5, 4}});
        assertThatThrownBy(() -> TestMatrices.assertClose(expected, actual, 1e-3))
                .isInstanceOf(AssertionError.class).hasMessageContaining("element (1, 0)")
                .hasMessageContaining("expected 3.0");
        assertThatThrownBy(() -> TestMatrices.assertClose(expected, Matrix.zeros(2, 3), 1))
                .isInstanceOf(AssertionError.class).hasMessageContaining("2 x 3");
        actual.set(1, 0, Double.NaN);
        assertThatThrownBy(() -> TestMatrices.assertClose(expected, actual, 1))
                .isInstanceOf(AssertionError.class);
        TestMatrices.assertClose(expected, expected.plus(Matrix.identity(2).times(1e-9)), 1e-9);
    }
}
