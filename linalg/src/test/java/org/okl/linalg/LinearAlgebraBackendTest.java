package org.okl.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.okl.testkit.TestMatrices.assertClose;
import static org.okl.testkit.TestMatrices.naiveMultiply;
import static org.okl.testkit.TestMatrices.naiveSolve;
import static org.okl.testkit.TestMatrices.random;
import static org.okl.testkit.TestMatrices.randomSpd;
import static org.okl.testkit.TestMatrices.randomSymmetric;

import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ojalgo.matrix.store.R064Store;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;

/** Every back-end method against naive computations and known identities, for both back-ends. */
class LinearAlgebraBackendTest {

    private static final double TOL = 1e-11;

    static Stream<Arguments> backendsAndSizes() {
        return Stream.of("java", "native").flatMap(b -> Stream.of(1, 5, 37).map(n -> Arguments.of(b, n)));
    }

    /** The named back-end; skips the test when it is the native one and it does not load here. */
    static SolverLinearAlgebra backend(String name) {
        if (name.equals("java")) {
            return LinearAlgebras.java();
        }
        Optional<LinearAlgebra> nativeBackend = LinearAlgebras.nativeBackend();
        assumeThat(nativeBackend).as("native BLAS/LAPACK available").isPresent();
        return SolverLinearAlgebra.of(nativeBackend.get());
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("backendsAndSizes")
    void gemmMatchesNaiveProductForAllTransposes(String name, int n) {
        SolverLinearAlgebra la = backend(name);
        int m = n + 2;
        int k = n + 1;
        for (boolean transA : new boolean[] {false, true}) {
            for (boolean transB : new boolean[] {false, true}) {
                Matrix a = transA ? random(k, m, 1) : random(m, k, 1);
                Matrix b = transB ? random(n, k, 2) : random(k, n, 2);
                Matrix c0 = random(m, n, 3);
                Matrix aCopy = a.copy();
                Matrix bCopy = b.copy();
                Matrix c = c0.copy();
                la.gemm(1.5, a, transA, b, transB, -0.75, c);
                Matrix expected = naiveMultiply(a, transA, b, transB).times(1.5).plus(c0.times(-0.75));
                assertClose(expected, c, TOL);
                assertThat(a.data()).containsExactly(aCopy.data());
                assertThat(b.data()).containsExactly(bCopy.data());
                assertClose(naiveMultiply(a, transA, b, transB), la.multiply(a, transA, b, transB), TOL);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void gemmWithZeroBetaIgnoresOldValuesAndAllowsAliasedOutput(String name) {
        SolverLinearAlgebra la = backend(name);
        Matrix a = random(6, 6, 4);
        Matrix b = random(6, 6, 5);
        Matrix c = Matrix.zeros(6, 6);
        java.util.Arrays.fill(c.data(), Double.NaN);
        la.gemm(2.0, a, false, b, false, 0.0, c);
        assertClose(naiveMultiply(a, b).times(2.0), c, TOL);

        Matrix expected = naiveMultiply(a, b);
        la.gemm(1.0, a, false, b, false, 0.0, b);
        assertClose(expected, b, TOL);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void gemmRejectsMismatchedShapes(String name) {
        SolverLinearAlgebra la = backend(name);
        assertThatThrownBy(() -> la.gemm(1, random(3, 4, 1), false, random(5, 2, 2), false, 0, Matrix.zeros(3, 2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("gemm");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void gemmWithEmptyInnerDimensionScalesC(String name) {
        SolverLinearAlgebra la = backend(name);
        Matrix c = random(3, 2, 9);
        Matrix expected = c.times(0.5);
        la.gemm(1.0, Matrix.zeros(3, 0), false, Matrix.zeros(0, 2), false, 0.5, c);
        assertClose(expected, c, 0.0);
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("backendsAndSizes")
    void gramsMatchNaiveProductsAndAreExactlySymmetric(String name, int n) {
        SolverLinearAlgebra la = backend(name);
        for (Matrix a : new Matrix[] {random(n, n, 6), random(n + 4, n, 7), random(n, n + 3, 8)}) {
            Matrix outer = la.outerGram(a);
            Matrix inner = la.innerGram(a);
            assertClose(naiveMultiply(a, false, a, true), outer, TOL);
            assertClose(naiveMultiply(a, true, a, false), inner, TOL);
            assertThat(outer.data()).containsExactly(outer.transpose().data());
            assertThat(inner.data()).containsExactly(inner.transpose().data());
        }
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("backendsAndSizes")
    void symmetricRankUpdateAddsToTheLowerTriangle(String name, int n) {
        LinearAlgebra la = backend(name);
        for (int order : new int[] {n, 300}) {
            for (boolean transpose : new boolean[] {false, true}) {
                Matrix a = transpose ? random(n + 3, order, 4) : random(order, n + 3, 4);
                Matrix c0 = randomSymmetric(order, 5);
                Matrix c = c0.copy();
                la.symmetricRankUpdate(0.5, a, transpose, 2.0, c);
                Matrix product = transpose ? naiveMultiply(a, true, a, false) : naiveMultiply(a, false, a, true);
                for (int j = 0; j < order; j++) {
                    for (int i = j; i < order; i++) {
                        assertThat(c.get(i, j)).isCloseTo(0.5 * product.get(i, j) + 2.0 * c0.get(i, j),
                                org.assertj.core.data.Offset.offset(TOL * (1 + Math.abs(product.get(i, j)))));
                    }
                }
            }
        }
        assertThatThrownBy(() -> la.symmetricRankUpdate(1, random(3, 4, 1), true, 0, Matrix.zeros(3, 3)))
                .hasMessageContaining("symmetricRankUpdate");
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("backendsAndSizes")
    void eigenSymmetricReconstructsWithOrthonormalVectorsAndDecreasingValues(String name, int n) {
        SolverLinearAlgebra la = backend(name);
        Matrix m = randomSymmetric(n, 10);
        Matrix input = m.copy();
        SymmetricEigen eigen = la.eigenSymmetric(m);
        Matrix v = eigen.vectors();
        assertThat(eigen.values()).hasSize(n);
        for (int i = 1; i < n; i++) {
            assertThat(eigen.values()[i]).isLessThanOrEqualTo(eigen.values()[i - 1]);
        }
        assertClose(m, naiveMultiply(naiveMultiply(v, Matrix.diagonal(eigen.values())), false, v, true), TOL);
        assertClose(Matrix.identity(n), naiveMultiply(v, true, v, false), TOL);
        assertThat(m.data()).containsExactly(input.data());
        // The eigenvalues alone (LAPACK's dsterf) and with vectors (dstedc) are two algorithms: they agree to
        // round-off, not bit for bit.
        double scale = Math.max(Math.abs(eigen.values()[0]), Math.abs(eigen.values()[n - 1]));
        assertThat(la.eigenvaluesSymmetric(m)).containsExactly(eigen.values(), org.assertj.core.data.Offset.offset(
                1e-12 * scale));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void eigenSymmetricReadsOnlyTheLowerTriangleAndFindsKnownValues(String name) {
        SolverLinearAlgebra la = backend(name);
        // [[2, 1], [1, 2]] has eigenvalues 3 and 1 with eigenvectors (1, 1)/sqrt2 and (1, -1)/sqrt2
        Matrix m = Matrix.fromRows(new double[][] {{2, 99}, {1, 2}});
        SymmetricEigen eigen = la.eigenSymmetric(m);
        assertThat(eigen.values()).containsExactly(new double[] {3, 1}, org.assertj.core.data.Offset.offset(1e-14));
        assertThat(Math.abs(eigen.vectors().get(0, 0))).isCloseTo(Math.sqrt(0.5), org.assertj.core.data.Offset
                .offset(1e-14));
        assertThat(eigen.vectors().get(0, 0) * eigen.vectors().get(1, 0)).isPositive();
        assertThat(eigen.vectors().get(0, 1) * eigen.vectors().get(1, 1)).isNegative();
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("backendsAndSizes")
    void choleskyFactorReconstructsAndSolves(String name, int n) {
        SolverLinearAlgebra la = backend(name);
        Matrix m = randomSpd(n, 11);
        Matrix upperGarbage = m.copy();
        for (int j = 1; j < n; j++) {
            for (int i = 0; i < j; i++) {
                upperGarbage.set(i, j, 1e6);
            }
        }
        Matrix l = la.cholesky(upperGarbage).orElseThrow();
        for (int j = 1; j < n; j++) {
            for (int i = 0; i < j; i++) {
                assertThat(l.get(i, j)).isZero();
            }
        }
        assertClose(m, naiveMultiply(l, false, l, true), TOL);

        Matrix b = random(n, 3, 12);
        Matrix x = la.choleskySolve(l, b);
        assertClose(b, naiveMultiply(m, x), TOL);
        assertClose(naiveSolve(m, b), x, 1e-10);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void choleskyOfNonPositiveDefiniteMatrixIsEmpty(String name) {
        SolverLinearAlgebra la = backend(name);
        assertThat(la.cholesky(Matrix.fromRows(new double[][] {{1, 2}, {2, 1}}))).isEmpty();
        assertThat(la.cholesky(Matrix.diagonal(new double[] {1, 0, 1}))).isEmpty();
        Matrix indefinite = randomSpd(37, 13).addToDiagonal(-30.0);
        assertThat(la.cholesky(indefinite)).isEmpty();
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("backendsAndSizes")
    void triangularSolveHasSmallResidualForAllCases(String name, int n) {
        SolverLinearAlgebra la = backend(name);
        Matrix b = random(n, 4, 14);
        for (boolean lower : new boolean[] {true, false}) {
            Matrix t = random(n, n, 15).addToDiagonal(n + 1.0);
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    if (lower ? i < j : i > j) {
                        t.set(i, j, 0.0);
                    }
                }
            }
            for (boolean transpose : new boolean[] {false, true}) {
                Matrix x = la.triangularSolve(t, lower, transpose, b);
                assertClose(b, naiveMultiply(t, transpose, x, false), TOL);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void singularTriangularMatrixIsRejected(String name) {
        SolverLinearAlgebra la = backend(name);
        Matrix t = Matrix.fromRows(new double[][] {{1, 0}, {3, 0}});
        assertThatThrownBy(() -> la.triangularSolve(t, true, false, Matrix.identity(2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("singular");
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("backendsAndSizes")
    void solveMatchesGaussianElimination(String name, int n) {
        SolverLinearAlgebra la = backend(name);
        Matrix a = random(n, n, 16).addToDiagonal(2.0);
        Matrix b = random(n, 3, 17);
        Matrix aCopy = a.copy();
        Matrix bCopy = b.copy();
        Matrix x = la.solve(a, b);
        assertClose(naiveSolve(a, b), x, 1e-9);
        assertClose(b, naiveMultiply(a, x), TOL);
        assertThat(a.data()).containsExactly(aCopy.data());
        assertThat(b.data()).containsExactly(bCopy.data());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void singularSystemIsRejectedClearly(String name) {
        SolverLinearAlgebra la = backend(name);
        Matrix a = Matrix.fromRows(new double[][] {{1, 2, 3}, {2, 4, 6}, {0, 1, 1}});
        assertThatThrownBy(() -> la.solve(a, Matrix.identity(3)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("matrix is singular");
        assertThatThrownBy(() -> la.solve(Matrix.zeros(2, 2), Matrix.identity(2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("matrix is singular");
        assertThatThrownBy(() -> la.solve(random(3, 2, 1), Matrix.identity(3)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("square");
        assertThatThrownBy(() -> la.solve(Matrix.identity(3), Matrix.identity(2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rows");
    }

    /**
     * OpenBLAS's LU keeps about 4 MB on the calling thread's stack; called from a thread with a small stack it used
     * to crash the JVM. Every method must work from such a thread (a failure here kills the test JVM).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void everyMethodWorksOnThreadsWithSmallStacks(String name) throws Exception {
        SolverLinearAlgebra la = backend(name);
        Matrix[] results = new Matrix[1];
        Runnable work = () -> {
            Matrix a = random(300, 300, 22).addToDiagonal(10.0);
            Matrix b = random(300, 2, 23);
            Matrix spd = randomSpd(300, 24);
            Matrix l = la.cholesky(spd).orElseThrow();
            la.choleskySolve(l, b);
            la.triangularSolve(l, true, false, b);
            la.eigenSymmetric(spd);
            la.orthonormalBasis(a);
            la.hessenberg(a);
            la.tridiagonal(spd).multiplyQ(b, true);
            la.solveTridiagonal(new double[299], spd.diagonalValues(), new double[299], b);
            la.outerGram(a);
            results[0] = la.solve(a, b);
            assertClose(b, naiveMultiply(a, results[0]), TOL);
        };
        Thread thread = new Thread(null, work, "small-stack", 256 * 1024);
        thread.setUncaughtExceptionHandler((t, e) -> results[0] = null);
        thread.start();
        thread.join();
        assertThat(results[0]).as("solve on a 256 KiB stack").isNotNull();
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("backendsAndSizes")
    void orthonormalBasisIsOrthonormalAndSpansTheColumns(String name, int n) {
        SolverLinearAlgebra la = backend(name);
        for (Matrix a : new Matrix[] {random(n, n, 18), random(n + 5, n, 19), random(n, n + 2, 20)}) {
            Matrix aCopy = a.copy();
            Matrix q = la.orthonormalBasis(a);
            int k = Math.min(a.rows(), a.cols());
            assertThat(q.rows()).isEqualTo(a.rows());
            assertThat(q.cols()).isEqualTo(k);
            assertClose(Matrix.identity(k), naiveMultiply(q, true, q, false), TOL);
            assertClose(a, naiveMultiply(q, naiveMultiply(q, true, a, false)), TOL);
            assertThat(a.data()).containsExactly(aCopy.data());
        }
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("backendsAndSizes")
    void hessenbergFormReconstructs(String name, int n) {
        SolverLinearAlgebra la = backend(name);
        Matrix m = random(n, n, 21);
        Matrix mCopy = m.copy();
        HessenbergForm form = la.hessenberg(m);
        Matrix q = form.q();
        Matrix h = form.h();
        for (int j = 0; j < n; j++) {
            for (int i = j + 2; i < n; i++) {
                assertThat(h.get(i, j)).isZero();
            }
        }
        assertClose(Matrix.identity(n), naiveMultiply(q, true, q, false), TOL);
        assertClose(m, naiveMultiply(naiveMultiply(q, h), false, q, true), TOL);
        assertThat(m.data()).containsExactly(mCopy.data());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void emptyMatricesAreHandled(String name) {
        SolverLinearAlgebra la = backend(name);
        Matrix empty = Matrix.zeros(0, 0);
        assertThat(la.eigenSymmetric(empty).values()).isEmpty();
        assertThat(la.cholesky(empty)).map(Matrix::rows).contains(0);
        assertThat(la.solve(empty, Matrix.zeros(0, 2)).cols()).isEqualTo(2);
        assertThat(la.hessenberg(empty).h().rows()).isZero();
        assertThat(la.outerGram(Matrix.zeros(0, 3)).rows()).isZero();
        assertThat(la.innerGram(Matrix.zeros(0, 3))).satisfies(g -> assertClose(Matrix.zeros(3, 3), g, 0.0));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void nameAndDescriptionIdentifyTheBackend(String name) {
        SolverLinearAlgebra la = backend(name);
        assertThat(la.name()).isEqualTo(name);
        assertThat(la.description()).startsWith(name + " (");
    }

    @Test
    void javaBackendReportsTheOjAlgoVersionOnItsClassPath() {
        String expected = NetlibLoader.mavenVersion(R064Store.class, "org.ojalgo", "ojalgo");
        assertThat(expected).as("ojAlgo's Maven metadata").matches("\\d+\\.\\d+.*");
        assertThat(backend("java").description()).contains("ojAlgo " + expected + ";");
    }

    /** T as a dense matrix, from its three diagonals. */
    private static Matrix denseTridiagonal(double[] sub, double[] diagonal, double[] sup) {
        Matrix t = Matrix.diagonal(diagonal);
        for (int i = 0; i + 1 < diagonal.length; i++) {
            t.set(i + 1, i, sub[i]);
            t.set(i, i + 1, sup[i]);
        }
        return t;
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("backendsAndSizes")
    void tridiagonalFormReconstructsTheMatrixWithAnOrthogonalQ(String name, int n) {
        SolverLinearAlgebra la = backend(name);
        Matrix m = randomSymmetric(n, 25);
        Matrix mCopy = m.copy();
        TridiagonalForm form = la.tridiagonal(m);
        double[] e = form.offDiagonal();
        assertThat(form.diagonal()).hasSize(n);
        assertThat(e).hasSize(n - 1);
        Matrix t = denseTridiagonal(e, form.diagonal(), e);
        Matrix q = form.multiplyQ(Matrix.identity(n), false);
        assertClose(Matrix.identity(n), naiveMultiply(q, true, q, false), 1e-12);
        assertClose(m, naiveMultiply(naiveMultiply(q, t), false, q, true), 1e-12);
        Matrix b = random(n, 3, 26);
        assertClose(naiveMultiply(q, true, b, false), form.multiplyQ(b, true), 1e-12);
        assertClose(naiveMultiply(q, b), form.multiplyQ(b, false), 1e-12);
        assertThat(m.data()).containsExactly(mCopy.data());
        if (n >= 5) {
            assertThat(java.util.Arrays.stream(e).map(Math::abs).max().orElseThrow())
                    .as("a random matrix reduces to a T with non-zero off-diagonal").isGreaterThan(1e-3);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void tridiagonalFormReadsOnlyTheLowerTriangle(String name) {
        SolverLinearAlgebra la = backend(name);
        Matrix m = randomSymmetric(9, 27);
        Matrix lowerOnly = m.copy();
        Dense.zeroUpper(lowerOnly.data(), 9);
        TridiagonalForm form = la.tridiagonal(lowerOnly);
        double[] e = form.offDiagonal();
        Matrix q = form.multiplyQ(Matrix.identity(9), false);
        assertClose(m, naiveMultiply(naiveMultiply(q, denseTridiagonal(e, form.diagonal(), e)), false, q, true),
                1e-12);
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("backendsAndSizes")
    void tridiagonalSolveMatchesTheDenseSolveAndPivots(String name, int n) {
        SolverLinearAlgebra la = backend(name);
        Matrix r = random(3, n, 28);
        double[] sub = java.util.Arrays.copyOf(r.row(0), n - 1);
        double[] diagonal = r.row(1);
        double[] sup = java.util.Arrays.copyOf(r.row(2), n - 1);
        diagonal[0] = n > 1 ? 0.0 : 2.0;
        Matrix b = random(n, 4, 29);
        double[] subCopy = sub.clone();
        Matrix x = la.solveTridiagonal(sub, diagonal, sup, b);
        Matrix t = denseTridiagonal(sub, diagonal, sup);
        assertClose(naiveSolve(t, b), x, 1e-10);
        assertClose(b, naiveMultiply(t, x), 1e-11);
        assertThat(sub).containsExactly(subCopy);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"java", "native"})
    void tridiagonalSolveRejectsSingularMatricesAndWrongLengths(String name) {
        SolverLinearAlgebra la = backend(name);
        assertThatThrownBy(() -> la.solveTridiagonal(new double[] {0}, new double[] {0, 1}, new double[] {0},
                Matrix.identity(2))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("singular");
        assertThatThrownBy(() -> la.solveTridiagonal(new double[2], new double[] {1, 1}, new double[] {0},
                Matrix.identity(2))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("length");
    }
}
