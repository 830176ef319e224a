package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;

/**
 * The contract every {@link VectorKernel} must meet, as an abstract JUnit 5 class: a plugin author extends it, says
 * which kernel to test (and, if needed, which inputs suit it) and inherits the tests. Gram matrices are symmetric
 * and positive semi-definite on random inputs, the batch Gram equals the pairwise {@link VectorKernel#value},
 * {@code gram(a)} equals {@code gram(a, a)}, and {@link VectorKernel#diagonal} equals the Gram diagonal.
 *
 * <pre>{@code
 * class GaussianKernelTest extends KernelContract {
 *     protected VectorKernel kernel(ComponentContext context) {
 *         return new GaussianKernel(1.5, context.linearAlgebra());
 *     }
 * }
 * }</pre>
 */
public abstract class KernelContract {

    /** The kernel under test, created with the given context. */
    protected abstract VectorKernel kernel(ComponentContext context);

    /** The input dimension p of the random inputs (default 3). */
    protected int dimension() {
        return 3;
    }

    /**
     * Random inputs (n x {@link #dimension()}) from the kernel's domain; the default draws independent standard
     * normal entries. Override for kernels on non-negative vectors, sequences, and so on.
     */
    protected Matrix inputs(int n, Random random) {
        Matrix m = Matrix.zeros(n, dimension());
        double[] d = m.data();
        for (int i = 0; i < d.length; i++) {
            d[i] = random.nextGaussian();
        }
        return m;
    }

    /** The context the kernel is created with (default: the active back-end). */
    protected ComponentContext context() {
        return TestContext.active();
    }

    /** Relative tolerance of the equality checks (default 1e-10). */
    protected double tolerance() {
        return 1e-10;
    }

    private VectorKernel kernel() {
        return kernel(context());
    }

    @Test
    void gramIsSymmetric() {
        Matrix g = kernel().gram(inputs(30, new Random(1)));
        assertThat(g.rows()).isEqualTo(30);
        assertThat(g.cols()).isEqualTo(30);
        assertThat(g.maxAbsDifference(g.transpose())).isLessThanOrEqualTo(tolerance() * scale(g));
    }

    @Test
    void gramIsPositiveSemiDefinite() {
        Matrix g = kernel().gram(inputs(40, new Random(2))).copy().symmetrize();
        double[] eig = context().linearAlgebra().eigenvaluesSymmetric(g);
        double largest = eig[0];
        assertThat(largest).isGreaterThanOrEqualTo(0.0);
        assertThat(eig[eig.length - 1]).isGreaterThanOrEqualTo(-1e-8 * largest);
    }

    @Test
    void batchGramEqualsPairwiseValues() {
        Random random = new Random(3);
        Matrix a = inputs(17, random);
        Matrix b = inputs(11, random);
        VectorKernel k = kernel();
        Matrix g = k.gram(a, b);
        assertThat(g.rows()).isEqualTo(17);
        assertThat(g.cols()).isEqualTo(11);
        Matrix pairwise = Matrix.zeros(17, 11);
        for (int i = 0; i < 17; i++) {
            for (int j = 0; j < 11; j++) {
                pairwise.set(i, j, k.value(a.row(i), b.row(j)));
            }
        }
        assertThat(g.maxAbsDifference(pairwise)).isLessThanOrEqualTo(tolerance() * scale(pairwise));
    }

    @Test
    void gramOfOneSampleEqualsGramOfTheSampleWithACopy() {
        Matrix a = inputs(25, new Random(4));
        VectorKernel k = kernel();
        Matrix self = k.gram(a);
        Matrix pair = k.gram(a, a.copy());
        assertThat(self.maxAbsDifference(pair)).isLessThanOrEqualTo(tolerance() * scale(pair));
    }

    @Test
    void diagonalEqualsGramDiagonal() {
        Matrix a = inputs(20, new Random(5));
        VectorKernel k = kernel();
        double[] diagonal = k.diagonal(a);
        double[] expected = k.gram(a).diagonalValues();
        assertThat(diagonal).hasSize(20);
        for (int i = 0; i < 20; i++) {
            assertThat(diagonal[i]).isCloseTo(expected[i],
                    Offset.offset(tolerance() * Math.max(1.0, Math.abs(expected[i]))));
        }
    }

    /**
     * {@link VectorKernel#gram(Matrix, Matrix, Matrix)} writes the very values of {@code gram(a, b)} over whatever
     * the array held (a reused array holds the previous block), and refuses an array of another shape.
     */
    @Test
    void gramWrittenIntoAReusedArrayEqualsTheGramBitForBit() {
        Random random = new Random(6);
        Matrix a = inputs(17, random);
        Matrix b = inputs(9, random);
        VectorKernel k = kernel();
        Matrix into = Matrix.zeros(17, 9);
        java.util.Arrays.fill(into.data(), 3.5);
        k.gram(a, b, into);
        assertThat(into.data()).containsExactly(k.gram(a, b).data());
        assertThatThrownBy(() -> k.gram(a, b, Matrix.zeros(9, 17)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static double scale(Matrix m) {
        double s = 1.0;
        for (double v : m.data()) {
            s = Math.max(s, Math.abs(v));
        }
        return s;
    }
}
