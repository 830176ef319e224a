package org.okl.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.okl.testkit.TestMatrices.assertClose;
import static org.okl.testkit.TestMatrices.naiveMultiply;
import static org.okl.testkit.TestMatrices.naiveSolve;
import static org.okl.testkit.TestMatrices.random;
import static org.okl.testkit.TestMatrices.randomSpd;

import dev.ludovic.netlib.lapack.LAPACK;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netlib.util.intW;
import org.okl.api.linalg.Matrix;

/**
 * The blocked pure-Java Cholesky and LU against the reference LAPACK's dpotrf and dgesv and against naive dense
 * computations, on orders with several panels and a partial last one.
 */
class JavaFactorizationsTest {
    private final LAPACK lapack = NetlibLoader.javaLapack();
    private final ParallelBlas blas = new ParallelBlas(NetlibLoader.javaBlas(), 2);

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 64, 65, 300})
    void choleskyEqualsTheReferenceAndReadsOnlyTheLowerTriangle(int n) {
        Matrix m = randomSpd(n, 80 + n);
        Matrix upperGarbage = m.copy();
        for (int j = 1; j < n; j++) {
            for (int i = 0; i < j; i++) {
                upperGarbage.set(i, j, -1e6);
            }
        }
        Matrix l = JavaFactorizations.cholesky(lapack, blas, upperGarbage).orElseThrow();
        double[] reference = m.data().clone();
        intW info = new intW(0);
        lapack.dpotrf("L", n, reference, n, info);
        assertThat(info.val).isZero();
        Dense.zeroUpper(reference, n);
        assertClose(new Matrix(n, n, reference), l, 1e-11);
        assertClose(m, naiveMultiply(l, false, l, true), 1e-10);
        assertThat(l.data()).hasSize(n * n);
    }

    @Test
    void choleskyOfAnIndefiniteMatrixIsEmptyEvenWhenOnlyALatePanelFails() {
        Matrix m = randomSpd(200, 90);
        m.set(170, 170, -1.0);
        assertThat(JavaFactorizations.cholesky(lapack, blas, m)).isEqualTo(Optional.empty());
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 63, 300})
    void luSolveEqualsTheDenseSolveWithPivoting(int n) {
        Matrix a = random(n, n, 91 + n);
        if (n > 1) {
            a.set(0, 0, 0.0);
        }
        if (n > 100) {
            a.set(100, 100, 0.0);
        }
        Matrix b = random(n, 3, 92);
        Matrix x = JavaFactorizations.solve(lapack, blas, a, b);
        assertClose(naiveSolve(a, b), x, 1e-9);
        assertClose(b, naiveMultiply(a, x), 1e-10);
    }

    @Test
    void luOfASingularMatrixNamesTheZeroPivot() {
        Matrix a = random(150, 150, 93);
        for (int i = 0; i < 150; i++) {
            a.set(i, 120, 0.0);
        }
        assertThatThrownBy(() -> JavaFactorizations.solve(lapack, blas, a, random(150, 1, 94)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("matrix is singular: LU pivot 120 is exactly zero");
    }
}
