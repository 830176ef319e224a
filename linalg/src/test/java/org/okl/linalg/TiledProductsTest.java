package org.okl.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.okl.testkit.TestMatrices.naiveMultiply;
import static org.okl.testkit.TestMatrices.random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.parallel.Workers;

/**
 * The tiled products of the streamed sums against the naive triple loop, on the native, the pure-Java and a
 * foreign back-end (its gemm on copies), and the same bits on one thread and on three.
 */
class TiledProductsTest {

    private static LinearAlgebra backend(String name) {
        return switch (name) {
            case "native" -> LinearAlgebraBackendTest.backend("native");
            case "java" -> LinearAlgebras.java();
            default -> foreign();
        };
    }

    /** A back-end OKL does not know: only the api's methods. */
    private static LinearAlgebra foreign() {
        LinearAlgebra java = LinearAlgebras.java();
        return new LinearAlgebra() {
            @Override
            public String name() {
                return "foreign";
            }

            @Override
            public String description() {
                return "foreign";
            }

            @Override
            public void gemm(double alpha, Matrix a, boolean transA, Matrix b, boolean transB, double beta,
                    Matrix c) {
                java.gemm(alpha, a, transA, b, transB, beta, c);
            }

            @Override
            public Matrix outerGram(Matrix a) {
                return java.outerGram(a);
            }

            @Override
            public Matrix innerGram(Matrix a) {
                return java.innerGram(a);
            }

            @Override
            public org.okl.api.linalg.SymmetricEigen eigenSymmetric(Matrix symmetric) {
                return java.eigenSymmetric(symmetric);
            }

            @Override
            public java.util.Optional<Matrix> cholesky(Matrix spd) {
                return java.cholesky(spd);
            }

            @Override
            public Matrix choleskySolve(Matrix lower, Matrix b) {
                return java.choleskySolve(lower, b);
            }

            @Override
            public Matrix triangularSolve(Matrix t, boolean lower, boolean transpose, Matrix b) {
                return java.triangularSolve(t, lower, transpose, b);
            }

            @Override
            public Matrix solve(Matrix a, Matrix b) {
                return java.solve(a, b);
            }

            @Override
            public Matrix orthonormalBasis(Matrix a) {
                return java.orthonormalBasis(a);
            }
        };
    }

    @ParameterizedTest(name = "{0}: {1} x {2}, n = {3}")
    @CsvSource({
        "native, 1, 1, 1", "native, 300, 257, 3", "native, 129, 600, 5", "native, 40, 256, 2",
        "java, 300, 257, 3", "java, 129, 600, 5",
        "foreign, 300, 257, 3", "foreign, 17, 513, 1"})
    void sumsEqualTheNaiveProductsAndDoNotDependOnTheThreads(String name, int k, int m, int n) {
        LinearAlgebra la = backend(name);
        TiledProducts products = TiledProducts.of(la);
        Matrix a = random(k, m, 1);
        Matrix b = random(k, n, 2);
        Matrix c0 = random(m, m, 3).symmetrize();
        Matrix r0 = random(m, n, 4);
        Matrix[] grams = new Matrix[2];
        Matrix[] cross = new Matrix[2];
        int[] threads = {1, 3};
        for (int t = 0; t < 2; t++) {
            Workers workers = Workers.of(threads[t]);
            grams[t] = c0.copy();
            products.addInnerGramLower(a, grams[t], workers);
            cross[t] = r0.copy();
            products.addTransposedProduct(a, b, cross[t], workers);
        }
        Matrix gram = c0.plus(naiveMultiply(a, true, a, false));
        Matrix crossExpected = r0.plus(naiveMultiply(a, true, b, false));
        for (int j = 0; j < m; j++) {
            for (int i = j; i < m; i++) {
                assertThat(grams[0].get(i, j)).as("(%d, %d)", i, j).isCloseTo(gram.get(i, j),
                        org.assertj.core.data.Offset.offset(1e-12 * k));
            }
        }
        org.okl.testkit.TestMatrices.assertClose(crossExpected, cross[0], 1e-12 * k);
        assertThat(java.util.Arrays.equals(grams[1].data(), grams[0].data())).as("bit for bit on 3 threads").isTrue();
        assertThat(java.util.Arrays.equals(cross[1].data(), cross[0].data())).isTrue();
        Matrix product = products.multiply(a, random(m, n, 5));
        org.okl.testkit.TestMatrices.assertClose(naiveMultiply(a, random(m, n, 5)), product, 1e-12 * m);
    }

    /**
     * Sums over a run of rows of a larger array (a group's rows of a features buffer: offset and leading dimension
     * read in place), up to the array's last entry, against the naive products of the copied rows.
     */
    @ParameterizedTest(name = "{0}: rows {1}..{1}+{2} of {3}, m = {4}")
    @CsvSource({"native, 0, 37, 90, 300", "native, 53, 37, 90, 300", "native, 89, 1, 90, 257",
        "java, 20, 45, 70, 260", "foreign, 11, 30, 41, 259"})
    void sumsOverABlockOfALargerArrayEqualTheNaiveProductsOfItsRows(String name, int from, int k, int t, int m) {
        TiledProducts products = TiledProducts.of(backend(name));
        Matrix whole = random(t, m, 9);
        double[] buffer = java.util.Arrays.copyOf(whole.data(), t * (m + 1));
        ColumnBlock block = new ColumnBlock(buffer, from, k, m, t);
        Matrix rows = whole.rowRange(from, from + k);
        Matrix b = random(k, 3, 10);
        Matrix gram = Matrix.zeros(m, m);
        Matrix cross = Matrix.zeros(m, 3);
        TiledProducts.run(products.innerGramLowerTasks(block, gram, null, null), Workers.of(2));
        TiledProducts.run(products.transposedProductTasks(block, ColumnBlock.of(b), cross), Workers.of(2));
        Matrix expected = naiveMultiply(rows, true, rows, false);
        for (int j = 0; j < m; j++) {
            for (int i = j; i < m; i++) {
                assertThat(gram.get(i, j)).as("(%d, %d)", i, j).isCloseTo(expected.get(i, j),
                        org.assertj.core.data.Offset.offset(1e-12 * k));
            }
        }
        org.okl.testkit.TestMatrices.assertClose(naiveMultiply(rows, true, b, false), cross, 1e-12 * k);
        Matrix fusedGram = Matrix.zeros(m, m);
        Matrix fusedCross = Matrix.zeros(m, 3);
        TiledProducts.run(products.innerGramLowerTasks(block, fusedGram, ColumnBlock.of(b), fusedCross),
                Workers.of(3));
        for (int j = 0; j < m; j++) {
            for (int i = j; i < m; i++) {
                assertThat(fusedGram.get(i, j)).as("fused (%d, %d)", i, j).isEqualTo(gram.get(i, j));
            }
        }
        assertThat(fusedCross.data()).as("the strips' cross rows, bit for bit").containsExactly(cross.data());
    }

    @ParameterizedTest(name = "{0}: {1} x {2} x {3}, transA {4}, transB {5}")
    @CsvSource({"native, 600, 700, 500, false, false", "native, 600, 700, 500, true, true",
        "java, 520, 530, 510, true, false", "java, 520, 530, 510, false, true"})
    void largeProductsOnTheWorkersEqualTheNaiveOnesOnAnyNumberOfThreads(String name, int m, int n, int k,
            boolean transA, boolean transB) {
        LinearAlgebra base = backend(name);
        Matrix a = transA ? random(k, m, 6) : random(m, k, 6);
        Matrix b = transB ? random(n, k, 7) : random(k, n, 7);
        Matrix c0 = random(m, n, 8);
        Matrix expected = naiveMultiply(a, transA, b, transB).times(0.5).plus(c0.times(-2.0));
        Matrix[] c = new Matrix[2];
        int[] threads = {1, 3};
        for (int t = 0; t < 2; t++) {
            LinearAlgebra la = TiledProducts.of(base).onWorkers(base, Workers.of(threads[t]));
            assertThat(la).isNotSameAs(base);
            c[t] = c0.copy();
            la.gemm(0.5, a, transA, b, transB, -2.0, c[t]);
        }
        org.okl.testkit.TestMatrices.assertClose(expected, c[0], 1e-11 * k);
        assertThat(java.util.Arrays.equals(c[1].data(), c[0].data())).isTrue();
        assertThat(TiledProducts.of(foreign()).onWorkers(foreign(), Workers.of(2))).as("a foreign back-end as is")
                .isNotInstanceOf(WorkerProducts.class);
    }
}
