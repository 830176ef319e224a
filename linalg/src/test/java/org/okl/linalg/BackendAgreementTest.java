package org.okl.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.okl.testkit.TestMatrices.assertClose;
import static org.okl.testkit.TestMatrices.random;
import static org.okl.testkit.TestMatrices.randomSpd;
import static org.okl.testkit.TestMatrices.randomSymmetric;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/** The native and Java back-ends give the same answers (to 1e-10 relative) wherever the answer is unique. */
class BackendAgreementTest {

    private static final double TOL = 1e-10;

    private LinearAlgebra java;
    private LinearAlgebra nat;

    @BeforeEach
    void backends() {
        java = LinearAlgebras.java();
        assumeThat(LinearAlgebras.nativeBackend()).as("native BLAS/LAPACK available").isPresent();
        nat = LinearAlgebras.nativeBackend().orElseThrow();
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 5, 37, 150})
    void productsAndGramsAgree(int n) {
        Matrix a = random(n + 3, n, 1);
        Matrix b = random(n, n + 1, 2);
        assertClose(nat.multiply(a, b), java.multiply(a, b), TOL);
        assertClose(nat.multiply(a, true, a, false), java.multiply(a, true, a, false), TOL);
        assertClose(nat.outerGram(a), java.outerGram(a), TOL);
        assertClose(nat.innerGram(a), java.innerGram(a), TOL);
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 5, 37, 150})
    void eigenvaluesAgreeAndEigenvectorsAgreeUpToSign(int n) {
        Matrix m = randomSymmetric(n, 3);
        var e1 = nat.eigenSymmetric(m);
        var e2 = java.eigenSymmetric(m);
        double scale = Math.max(1, Math.abs(e1.values()[0]));
        for (int i = 0; i < n; i++) {
            assertThat(e2.values()[i]).isCloseTo(e1.values()[i], org.assertj.core.data.Offset.offset(TOL * scale));
        }
        Matrix v1 = e1.vectors();
        Matrix v2 = e2.vectors();
        for (int j = 0; j < n; j++) {
            double dot = 0;
            for (int i = 0; i < n; i++) {
                dot += v1.get(i, j) * v2.get(i, j);
            }
            assertThat(Math.abs(dot)).as("|<v_%d native, v_%d java>|", j, j).isCloseTo(1.0,
                    org.assertj.core.data.Offset.offset(1e-8));
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 5, 37, 150})
    void factorsAndSolutionsAgree(int n) {
        Matrix spd = randomSpd(n, 4);
        Matrix l = nat.cholesky(spd).orElseThrow();
        assertClose(l, java.cholesky(spd).orElseThrow(), TOL);
        Matrix b = random(n, 2, 5);
        assertClose(nat.choleskySolve(l, b), java.choleskySolve(l, b), TOL);
        assertClose(nat.triangularSolve(l, true, true, b), java.triangularSolve(l, true, true, b), TOL);
        Matrix a = random(n, n, 6).addToDiagonal(3.0);
        assertClose(nat.solve(a, b), java.solve(a, b), TOL);
    }
}
