package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.BlockOperatorKernel;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.SeparableOperatorKernel;

/**
 * The contract of {@link OperatorKernel}s, as an abstract JUnit 5 class a plugin author extends. For a
 * {@link SeparableOperatorKernel}: A is a symmetric positive semi-definite d x d matrix. For a
 * {@link BlockOperatorKernel}: the block Gram is symmetric positive semi-definite, laid out point-major (entry
 * {@code (i d + r, j d + s)} is {@code Gamma(a_i, b_j)[r][s]}), {@code blockGram(b, a)} is the transpose of
 * {@code blockGram(a, b)}, and {@code apply} equals the block Gram times the point-major coefficient vector. Tests
 * that do not concern the kernel's sub-type are skipped.
 */
public abstract class OperatorKernelContract {

    /** The kernel under test, created with the given context. */
    protected abstract OperatorKernel kernel(ComponentContext context);

    /** The input dimension p (default 2). */
    protected int inputDimension() {
        return 2;
    }

    /** The output dimension d of the targets given to a separable kernel (default 3). */
    protected int targetDimension() {
        return 3;
    }

    /** Random inputs (n x {@link #inputDimension()}), standard normal by default. */
    protected Matrix inputs(int n, Random random) {
        return gaussian(n, inputDimension(), random);
    }

    /** Random training targets (n x {@link #targetDimension()}) for a separable kernel, standard normal by default. */
    protected Matrix targets(int n, Random random) {
        return gaussian(n, targetDimension(), random);
    }

    /**
     * The scalar input-kernel Gram handed to block kernels that use the pipeline's kernel (ignored by the others):
     * by default a Gaussian of width 1, computed naively.
     */
    protected Matrix inputKernelGram(Matrix a, Matrix b) {
        Matrix k = Matrix.zeros(a.rows(), b.rows());
        for (int i = 0; i < a.rows(); i++) {
            for (int j = 0; j < b.rows(); j++) {
                double d2 = 0;
                for (int c = 0; c < a.cols(); c++) {
                    double t = a.get(i, c) - b.get(j, c);
                    d2 += t * t;
                }
                k.set(i, j, Math.exp(-d2 / 2.0));
            }
        }
        return k;
    }

    /** The context the kernel is created with (default: the active back-end). */
    protected ComponentContext context() {
        return TestContext.active();
    }

    /** Relative tolerance of the equality checks (default 1e-10). */
    protected double tolerance() {
        return 1e-10;
    }

    @Test
    void separableMatrixIsSymmetricPositiveSemiDefinite() {
        OperatorKernel kernel = kernel(context());
        assumeTrue(kernel instanceof SeparableOperatorKernel);
        Matrix a = ((SeparableOperatorKernel) kernel).outputMatrix(targets(25, new Random(11)), context());
        assertThat(a.rows()).isEqualTo(targetDimension());
        assertThat(a.cols()).isEqualTo(targetDimension());
        assertSymmetricPsd(a);
    }

    @Test
    void blockGramIsSymmetricPositiveSemiDefinite() {
        BlockOperatorKernel kernel = block();
        Matrix x = inputs(15, new Random(12));
        Matrix g = kernel.blockGram(x, x, gramFor(kernel, x, x), context());
        int d = kernel.outputDimension();
        assertThat(g.rows()).isEqualTo(15 * d);
        assertThat(g.cols()).isEqualTo(15 * d);
        assertSymmetricPsd(g);
    }

    @Test
    void blockGramIsPointMajor() {
        BlockOperatorKernel kernel = block();
        Random random = new Random(13);
        Matrix a = inputs(4, random);
        Matrix b = inputs(3, random);
        int d = kernel.outputDimension();
        Matrix g = kernel.blockGram(a, b, gramFor(kernel, a, b), context());
        for (int i = 0; i < 4; i++) {
            Matrix ai = a.selectRows(new int[] {i});
            for (int j = 0; j < 3; j++) {
                Matrix bj = b.selectRows(new int[] {j});
                Matrix block = kernel.blockGram(ai, bj, gramFor(kernel, ai, bj), context());
                for (int r = 0; r < d; r++) {
                    for (int s = 0; s < d; s++) {
                        assertThat(g.get(i * d + r, j * d + s)).isCloseTo(block.get(r, s),
                                Offset.offset(tolerance() * Math.max(1.0, Math.abs(block.get(r, s)))));
                    }
                }
            }
        }
    }

    @Test
    void blockGramOfSwappedSamplesIsTheTranspose() {
        BlockOperatorKernel kernel = block();
        Random random = new Random(14);
        Matrix a = inputs(6, random);
        Matrix b = inputs(5, random);
        Matrix ab = kernel.blockGram(a, b, gramFor(kernel, a, b), context());
        Matrix ba = kernel.blockGram(b, a, gramFor(kernel, b, a), context());
        assertThat(ab.maxAbsDifference(ba.transpose())).isLessThanOrEqualTo(tolerance() * scale(ab));
    }

    @Test
    void applyEqualsBlockGramTimesPointMajorCoefficients() {
        BlockOperatorKernel kernel = block();
        Random random = new Random(15);
        Matrix a = inputs(9, random);
        Matrix b = inputs(7, random);
        int d = kernel.outputDimension();
        Matrix c = gaussian(7, d, random);
        Matrix k = gramFor(kernel, a, b);
        Matrix g = kernel.blockGram(a, b, k, context());
        Matrix expected = Matrix.zeros(9, d);
        for (int i = 0; i < 9; i++) {
            for (int r = 0; r < d; r++) {
                double s = 0;
                for (int j = 0; j < 7; j++) {
                    for (int t = 0; t < d; t++) {
                        s += g.get(i * d + r, j * d + t) * c.get(j, t);
                    }
                }
                expected.set(i, r, s);
            }
        }
        Matrix actual = kernel.apply(a, b, k, c, context());
        assertThat(actual.rows()).isEqualTo(9);
        assertThat(actual.cols()).isEqualTo(d);
        assertThat(actual.maxAbsDifference(expected)).isLessThanOrEqualTo(tolerance() * scale(expected));
    }

    private BlockOperatorKernel block() {
        OperatorKernel kernel = kernel(context());
        assumeTrue(kernel instanceof BlockOperatorKernel);
        return (BlockOperatorKernel) kernel;
    }

    private Matrix gramFor(BlockOperatorKernel kernel, Matrix a, Matrix b) {
        return kernel.ignoresInputKernel() ? null : inputKernelGram(a, b);
    }

    private void assertSymmetricPsd(Matrix m) {
        assertThat(m.maxAbsDifference(m.transpose())).isLessThanOrEqualTo(tolerance() * scale(m));
        double[] eig = context().linearAlgebra().eigenvaluesSymmetric(m.copy().symmetrize());
        assertThat(eig[eig.length - 1]).isGreaterThanOrEqualTo(-1e-8 * Math.max(eig[0], 0.0));
    }

    private static Matrix gaussian(int rows, int cols, Random random) {
        Matrix m = Matrix.zeros(rows, cols);
        double[] d = m.data();
        for (int i = 0; i < d.length; i++) {
            d[i] = random.nextGaussian();
        }
        return m;
    }

    private static double scale(Matrix m) {
        double s = 1.0;
        for (double v : m.data()) {
            s = Math.max(s, Math.abs(v));
        }
        return s;
    }
}
