package org.okl.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.okl.testkit.TestMatrices.assertClose;
import static org.okl.testkit.TestMatrices.naiveMultiply;
import static org.okl.testkit.TestMatrices.random;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.okl.api.linalg.Matrix;

/** The pure-Java back-end's panelled, multithreaded gemm against the naive triple loop. */
class ParallelBlasTest {
    private final ParallelBlas gemm = new ParallelBlas(NetlibLoader.javaBlas(), 3);

    @ParameterizedTest(name = "{0}x{1}x{2} transA={3} transB={4}")
    @CsvSource({
        "7, 5, 3, false, false",
        "300, 40, 600, false, false",
        "300, 40, 600, true, false",
        "300, 40, 600, false, true",
        "257, 33, 513, true, true",
        "1, 900, 700, false, false"})
    void matchesTheNaiveProductOnSubMatricesWithBeta(int m, int n, int k, boolean transA, boolean transB) {
        assertThat(2.0 * 300 * 40 * 600).as("the large cases are split across threads")
                .isGreaterThan(ParallelBlas.PARALLEL_FLOPS);
        Matrix a = transA ? random(k, m, 1) : random(m, k, 1);
        Matrix b = transB ? random(n, k, 2) : random(k, n, 2);
        Matrix c0 = random(m, n, 3);
        // the operands sit inside larger arrays: offset 5 and leading dimension rows + 3
        double[] ad = embed(a, 5, 3);
        double[] bd = embed(b, 5, 3);
        double[] cd = embed(c0, 5, 3);
        gemm.gemm(transA, transB, m, n, k, -0.5, ad, 5, a.rows() + 3, bd, 5, b.rows() + 3, 2.0, cd, 5, m + 3);
        Matrix expected = naiveMultiply(a, transA, b, transB).times(-0.5).plus(c0.times(2.0));
        assertClose(expected, extract(cd, 5, m + 3, m, n), 1e-11 * k);
        assertThat(cd[4]).as("nothing before the offset is touched").isEqualTo(0.0);
        assertThat(cd[5 + m]).as("the padding rows are not touched").isEqualTo(0.0);
    }

    @Test
    void betaZeroClearsNaNInTheOutput() {
        Matrix a = random(300, 600, 4);
        Matrix b = random(600, 40, 5);
        double[] c = new double[300 * 40];
        java.util.Arrays.fill(c, Double.NaN);
        gemm.gemm(false, false, 300, 40, 600, 1.0, a.data(), 0, 300, b.data(), 0, 600, 0.0, c, 0, 300);
        assertClose(naiveMultiply(a, b), new Matrix(300, 40, c), 1e-10);
    }

    @Test
    void productsRequestedFromManyThreadsAtOnceAreCorrect() throws Exception {
        Matrix a = random(400, 300, 6);
        Matrix b = random(300, 50, 7);
        Matrix expected = naiveMultiply(a, b);
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            CompletableFuture<?>[] runs = new CompletableFuture<?>[8];
            for (int r = 0; r < runs.length; r++) {
                runs[r] = CompletableFuture.runAsync(() -> {
                    double[] c = new double[400 * 50];
                    gemm.gemm(false, false, 400, 50, 300, 1.0, a.data(), 0, 400, b.data(), 0, 300, 0.0, c, 0, 400);
                    assertClose(expected, new Matrix(400, 50, c), 1e-10);
                }, callers);
            }
            CompletableFuture.allOf(runs).get();
        } finally {
            callers.shutdown();
        }
    }

    @Test
    void lowerRankUpdateUpdatesTheLowerTriangleAndLeavesTheUpperOutsideItsStrips() {
        int m = 600;
        Matrix x = random(m, 7, 8);
        Matrix y = random(m, 7, 9);
        Matrix c0 = random(m, m, 10);
        double[] c = c0.data().clone();
        gemm.lowerRankUpdate(m, 7, -2.0, x.data(), 0, m, y.data(), 0, m, c, 0, m);
        Matrix expected = c0.plus(naiveMultiply(x, false, y, true).times(-2.0));
        for (int j = 0; j < m; j++) {
            for (int i = 0; i < m; i++) {
                double want = i >= j ? expected.get(i, j)
                        : i / ParallelBlas.LOWER_STRIP < j / ParallelBlas.LOWER_STRIP ? c0.get(i, j) : Double.NaN;
                if (!Double.isNaN(want)) {
                    assertThat(c[i + j * m]).as("(%d, %d)", i, j).isCloseTo(want,
                            org.assertj.core.data.Offset.offset(1e-12));
                }
            }
        }
    }

    @Test
    void rejectsAnEmptyInnerDimension() {
        assertThatThrownBy(() -> gemm.gemm(false, false, 2, 2, 0, 1.0, new double[0], 0, 2, new double[0], 0, 1, 0.0,
                new double[4], 0, 2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("inner");
    }

    private static double[] embed(Matrix m, int offset, int padding) {
        int ld = m.rows() + padding;
        double[] out = new double[offset + ld * m.cols()];
        for (int j = 0; j < m.cols(); j++) {
            for (int i = 0; i < m.rows(); i++) {
                out[offset + i + j * ld] = m.get(i, j);
            }
        }
        return out;
    }

    private static Matrix extract(double[] data, int offset, int ld, int rows, int cols) {
        Matrix out = Matrix.zeros(rows, cols);
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                out.set(i, j, data[offset + i + j * ld]);
            }
        }
        return out;
    }
}
