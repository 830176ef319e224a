package org.okl.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.okl.testkit.TestMatrices.assertClose;
import static org.okl.testkit.TestMatrices.naiveMultiply;
import static org.okl.testkit.TestMatrices.random;
import static org.okl.testkit.TestMatrices.randomSymmetric;

import dev.ludovic.netlib.lapack.LAPACK;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netlib.util.intW;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/**
 * The pure-Java eigendecomposition (blocked tridiagonal reduction, divide and conquer, block reflectors) against the
 * reference LAPACK's QL route (dsyev), on orders past the blocking crossover: random spectra and a Gaussian Gram,
 * whose clustered small eigenvalues exercise divide and conquer's deflation.
 */
class JavaEigenTest {
    private final LinearAlgebra la = LinearAlgebras.java();
    private final LAPACK lapack = NetlibLoader.javaLapack();

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {2, 131, 300})
    void randomSymmetricMatchesTheQlRoute(int n) {
        check(randomSymmetric(n, 70 + n));
    }

    @Test
    void gaussianGramWithClusteredEigenvaluesMatchesTheQlRoute() {
        Matrix x = random(260, 3, 71);
        Matrix k = Matrix.zeros(260, 260);
        for (int i = 0; i < 260; i++) {
            for (int j = 0; j < 260; j++) {
                double d2 = 0;
                for (int c = 0; c < 3; c++) {
                    double diff = x.get(i, c) - x.get(j, c);
                    d2 += diff * diff;
                }
                k.set(i, j, Math.exp(-d2 / 8));
            }
        }
        SymmetricEigen eigen = check(k);
        assertThat(eigen.values()[120]).as("a spectrum with a cluster near zero").isLessThan(1e-8);
    }

    @Test
    void nanInTheLowerTriangleIsAnErrorAndInTheUpperIsIgnored() {
        Matrix m = randomSymmetric(200, 72);
        Matrix upperNaN = m.copy();
        upperNaN.set(3, 150, Double.NaN);
        assertThat(la.eigenSymmetric(upperNaN).values()).containsExactly(la.eigenSymmetric(m).values());
        Matrix lowerNaN = m.copy();
        lowerNaN.set(150, 3, Double.NaN);
        assertThatThrownBy(() -> la.eigenSymmetric(lowerNaN)).isInstanceOf(ArithmeticException.class)
                .hasMessageContaining("NaN");
    }

    private SymmetricEigen check(Matrix m) {
        int n = m.rows();
        SymmetricEigen eigen = la.eigenSymmetric(m);
        double[] a = m.data().clone();
        double[] w = new double[n];
        double[] work = new double[Math.max(1, 64 * n)];
        intW info = new intW(0);
        lapack.dsyev("N", "L", n, a, n, w, work, work.length, info);
        assertThat(info.val).isZero();
        double scale = Math.max(1.0, Math.max(Math.abs(w[0]), Math.abs(w[n - 1])));
        for (int i = 0; i < n; i++) {
            assertThat(eigen.values()[i]).isCloseTo(w[n - 1 - i], Offset.offset(1e-11 * scale));
        }
        Matrix v = eigen.vectors();
        assertClose(Matrix.identity(n), naiveMultiply(v, true, v, false), 1e-12);
        assertClose(m, naiveMultiply(naiveMultiply(v, Matrix.diagonal(eigen.values())), false, v, true),
                1e-12 * scale);
        return eigen;
    }
}
