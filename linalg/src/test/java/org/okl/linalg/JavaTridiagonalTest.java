package org.okl.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.okl.testkit.TestMatrices.assertClose;
import static org.okl.testkit.TestMatrices.naiveMultiply;
import static org.okl.testkit.TestMatrices.random;
import static org.okl.testkit.TestMatrices.randomSymmetric;

import dev.ludovic.netlib.lapack.LAPACK;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netlib.util.intW;
import org.okl.api.linalg.Matrix;

/**
 * The pure-Java blocked tridiagonal reduction and block-reflector application of Q against the reference LAPACK's
 * own dsytrd and dormtr (netlib's Java translation, unblocked BLAS), on orders that cross the blocking crossover
 * and leave partial blocks.
 */
class JavaTridiagonalTest {
    private final LAPACK lapack = NetlibLoader.javaLapack();
    private final ParallelBlas gemm = new ParallelBlas(NetlibLoader.javaBlas(), 2);

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {2, 129, 300, 451})
    void equalsLapacksDsytrdAndDormtr(int n) {
        assertThat(451 - JavaTridiagonal.CROSSOVER).as("451 runs several panels and a partial Q block")
                .isGreaterThan(4 * JavaTridiagonal.BLOCK);
        Matrix m = randomSymmetric(n, 40 + n);
        TridiagonalForm form = JavaTridiagonal.reduce(lapack, gemm, m);

        double[] a = m.data().clone();
        double[] d = new double[n];
        double[] e = new double[Math.max(1, n - 1)];
        double[] tau = new double[Math.max(1, n - 1)];
        double[] work = new double[Math.max(1, n * 64)];
        intW info = new intW(0);
        lapack.dsytrd("L", n, a, n, d, e, tau, work, work.length, info);
        assertThat(info.val).isZero();
        double scale = Math.max(1.0, java.util.Arrays.stream(d).map(Math::abs).max().orElse(1.0));
        assertThat(form.diagonal()).containsExactly(d, org.assertj.core.data.Offset.offset(1e-11 * scale));
        assertThat(form.offDiagonal())
                .containsExactly(java.util.Arrays.copyOf(e, n - 1), org.assertj.core.data.Offset.offset(1e-11 * scale));

        for (int cols : new int[] {3, 150}) {
            Matrix b = random(n, cols, 50 + cols);
            for (boolean transpose : new boolean[] {false, true}) {
                Matrix expected = b.copy();
                double[] w = new double[Math.max(1, cols * 64)];
                lapack.dormtr("L", "L", transpose ? "T" : "N", n, cols, a, n, tau, expected.data(), n, w, w.length,
                        info);
                assertThat(info.val).isZero();
                assertClose(expected, form.multiplyQ(b, transpose), 1e-11);
            }
        }
        Matrix q = form.multiplyQ(Matrix.identity(n), false);
        assertClose(Matrix.identity(n), naiveMultiply(q, true, q, false), 1e-12);
        Matrix t = Matrix.diagonal(form.diagonal());
        double[] off = form.offDiagonal();
        for (int i = 0; i + 1 < n; i++) {
            t.set(i + 1, i, off[i]);
            t.set(i, i + 1, off[i]);
        }
        assertClose(m, naiveMultiply(naiveMultiply(q, t), false, q, true), 1e-11);
    }

    @ParameterizedTest(name = "triangle {0}")
    @ValueSource(strings = {"U", "L"})
    void readsOnlyTheLowerTriangleWhicheverTriangleTheProductsRead(String triangle) {
        Matrix m = randomSymmetric(300, 60);
        Matrix lowerOnly = m.copy();
        Dense.zeroUpper(lowerOnly.data(), 300);
        TridiagonalForm full = JavaTridiagonal.reduce(lapack, gemm, m);
        TridiagonalForm lower = JavaTridiagonal.reduce(lapack, gemm, triangle, lowerOnly);
        assertThat(lower.diagonal()).containsExactly(full.diagonal(), org.assertj.core.data.Offset.offset(1e-11));
        assertThat(lower.offDiagonal())
                .containsExactly(full.offDiagonal(), org.assertj.core.data.Offset.offset(1e-11));
        Matrix b = random(300, 4, 61);
        assertClose(full.multiplyQ(b, false), lower.multiplyQ(b, false), 1e-11);
    }
}
