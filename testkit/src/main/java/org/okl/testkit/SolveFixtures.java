package org.okl.testkit;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.okl.api.component.ComponentContext;
import org.okl.api.filter.GramOperator;
import org.okl.api.filter.IterativeFilter;
import org.okl.api.filter.PathListener;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.ShiftInvariantKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.BlockOperatorKernel;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.regularizer.Regularizer;
import org.okl.api.solve.RegressionProblem;
import org.okl.testkit.TestContext;
import org.okl.testkit.TestMatrices;

/**
 * Small components and dense oracles for solver tests: a Gaussian kernel by loops, fixed separable and block
 * kernels, explicit/implicit embeddings, the Tikhonov / TSVD / Landweber filters written from docs/conventions.md, and
 * dense (nd x nd) reference solves.
 */
public final class SolveFixtures {

    private SolveFixtures() {
    }

    /** The Gaussian kernel exp(-|x - x'|² / (2 sigma²)) computed by plain loops. */
    public record Gaussian(double sigma) implements ShiftInvariantKernel {
        @Override
        public Matrix gram(Matrix a, Matrix b) {
            Matrix g = Matrix.zeros(a.rows(), b.rows());
            for (int i = 0; i < a.rows(); i++) {
                for (int j = 0; j < b.rows(); j++) {
                    double s = 0;
                    for (int c = 0; c < a.cols(); c++) {
                        double d = a.get(i, c) - b.get(j, c);
                        s += d * d;
                    }
                    g.set(i, j, Math.exp(-s / (2 * sigma * sigma)));
                }
            }
            return g;
        }

        @Override
        public double[] sampleFrequency(int dimension, Random random) {
            double[] w = new double[dimension];
            for (int i = 0; i < dimension; i++) {
                w[i] = random.nextGaussian() / sigma;
            }
            return w;
        }
    }

    /** A separable kernel with a fixed matrix A (the identity of the targets' width when {@code a} is null). */
    public record FixedSeparable(Matrix a) implements SeparableOperatorKernel {
        @Override
        public Matrix outputMatrix(Matrix targets, ComponentContext context) {
            return a == null ? Matrix.identity(targets.cols()) : a.copy();
        }
    }

    /** The separable kernel k ⊗ A seen only as a block kernel (block Gram from the scalar Gram). */
    public record SeparableAsBlock(Matrix a) implements BlockOperatorKernel {
        @Override
        public int outputDimension() {
            return a.rows();
        }

        @Override
        public Matrix blockGram(Matrix x, Matrix y, Matrix inputKernelGram, ComponentContext context) {
            return kronecker(inputKernelGram, a);
        }
    }

    /** A non-separable block kernel: k1(x, x') A1 + k2(x, x') A2 with two Gaussian widths; ignores the input kernel. */
    public record SumOfSeparable(Gaussian k1, Matrix a1, Gaussian k2, Matrix a2) implements BlockOperatorKernel {
        @Override
        public int outputDimension() {
            return a1.rows();
        }

        @Override
        public boolean ignoresInputKernel() {
            return true;
        }

        @Override
        public Matrix blockGram(Matrix x, Matrix y, Matrix inputKernelGram, ComponentContext context) {
            return kronecker(k1.gram(x, y), a1).plus(kronecker(k2.gram(x, y), a2));
        }
    }

    /** An explicit embedding with the given targets. */
    public static FittedOutputEmbedding explicit(Matrix y) {
        return new Embedding(Optional.of(y), null);
    }

    /** An implicit embedding with the given output Gram. */
    public static FittedOutputEmbedding implicit(Matrix outputGram) {
        return new Embedding(Optional.empty(), outputGram);
    }

    private record Embedding(Optional<Matrix> targets, Matrix gram) implements FittedOutputEmbedding {
        @Override
        public Matrix outputGram() {
            return gram;
        }

        @Override
        public Matrix scores(Matrix h) {
            return h;
        }

        @Override
        public Matrix toOutputs(Matrix decisions) {
            return decisions;
        }

        @Override
        public Matrix candidateDistances(Matrix h, Matrix candidates) {
            throw new UnsupportedOperationException();
        }
    }

    /** A regularizer whose output coupling is a fixed matrix. */
    public static Regularizer coupling(Matrix a) {
        OutputMatrix matrix = (targets, context) -> a.copy();
        return new Regularizer() {
            @Override
            public Optional<OutputMatrix> outputCoupling() {
                return Optional.of(matrix);
            }
        };
    }

    /** A problem without regularizers, groups or approximation. */
    public static RegressionProblem problem(Matrix x, VectorKernel kernel, OperatorKernel operator,
            FittedOutputEmbedding embedding, SpectralFilter filter) {
        return new RegressionProblem(x, kernel, operator, embedding, filter, List.of(), Optional.empty(),
                Optional.empty(), Optional.empty(), TestContext.active());
    }

    /** Tikhonov, g(s) = 1/(s + lambda). */
    public record Tikhonov(double... lambdas) implements RidgeFilter {
        @Override
        public double lambda(int index) {
            return lambdas[index];
        }

        @Override
        public String pathParameter() {
            return "lambda";
        }

        @Override
        public int pathLength() {
            return lambdas.length;
        }

        @Override
        public double pathValue(int index) {
            return lambdas[index];
        }

        @Override
        public double apply(int index, double s, double sMax) {
            return 1 / (s + lambdas[index]);
        }
    }

    /**
     * Iterated Tikhonov on a Tikhonov path, g(s) = (1 - (lambda/(s + lambda))^t)/s: t solves per path point on the
     * ridge routes.
     */
    public record IteratedTikhonov(int times, Tikhonov path) implements RidgeFilter {
        @Override
        public double lambda(int index) {
            return path.lambda(index);
        }

        @Override
        public int iterations() {
            return times;
        }

        @Override
        public String pathParameter() {
            return path.pathParameter();
        }

        @Override
        public int pathLength() {
            return path.pathLength();
        }

        @Override
        public double pathValue(int index) {
            return path.pathValue(index);
        }

        @Override
        public double apply(int index, double s, double sMax) {
            double l = path.lambda(index);
            return s == 0 ? times / l : (1 - Math.pow(l / (s + l), times)) / s;
        }
    }

    /** Truncated SVD, g(s) = 1/s for s >= lambda. */
    public record Tsvd(double... lambdas) implements SpectralFilter {
        @Override
        public String pathParameter() {
            return "lambda";
        }

        @Override
        public int pathLength() {
            return lambdas.length;
        }

        @Override
        public double pathValue(int index) {
            return lambdas[index];
        }

        @Override
        public double apply(int index, double s, double sMax) {
            return s >= lambdas[index] ? 1 / s : 0;
        }
    }

    /** Landweber with step 1/s_max: g_t(s) = (1 - (1 - s/s_max)^t)/s. */
    public record Landweber(int iterations) implements SpectralFilter, IterativeFilter {
        @Override
        public String pathParameter() {
            return "iterations";
        }

        @Override
        public int pathLength() {
            return iterations;
        }

        @Override
        public double pathValue(int index) {
            return index + 1;
        }

        @Override
        public double apply(int index, double s, double sMax) {
            return s == 0 ? (index + 1) / sMax : (1 - Math.pow(1 - s / sMax, index + 1)) / s;
        }

        @Override
        public Optional<IterativeFilter> iterative() {
            return Optional.of(this);
        }

        @Override
        public void run(GramOperator gram, Matrix targets, double sMax, PathListener listener) {
            int n = gram.size();
            Matrix c = Matrix.zeros(targets.rows(), targets.cols());
            for (int i = 0; i < iterations; i++) {
                Matrix r = targets.minus(gram.apply(c));
                c = c.plus(r.times(1 / (sMax * n)));
                listener.accept(i, c);
            }
        }
    }

    /** The point-major Kronecker product k ⊗ A: entry (i·d + r, j·d + s) = k_ij A_rs. */
    public static Matrix kronecker(Matrix k, Matrix a) {
        int d = a.rows();
        Matrix g = Matrix.zeros(k.rows() * d, k.cols() * d);
        for (int i = 0; i < k.rows(); i++) {
            for (int j = 0; j < k.cols(); j++) {
                for (int r = 0; r < d; r++) {
                    for (int s = 0; s < d; s++) {
                        g.set(i * d + r, j * d + s, k.get(i, j) * a.get(r, s));
                    }
                }
            }
        }
        return g;
    }

    /** vec_pm(C): the point-major column (c_1; ...; c_n). */
    public static Matrix pointMajor(Matrix c) {
        return new Matrix(c.rows() * c.cols(), 1, c.transpose().data());
    }

    /** The inverse of {@link #pointMajor}. */
    public static Matrix fromPointMajor(Matrix v, int n, int d) {
        return new Matrix(d, n, v.data().clone()).transpose();
    }

    /**
     * The dense oracle: C with vec_pm(C) = g(G/n) vec_pm(Y) / n over the explicit block Gram G, through the
     * eigendecomposition of G (restricted to the observed targets when Y has NaN).
     */
    public static Matrix denseFilter(Matrix blockGram, Matrix y, SpectralFilter filter, int index, double sMax) {
        int n = y.rows();
        int d = y.cols();
        int[] observed = java.util.stream.IntStream.range(0, n * d)
                .filter(q -> !Double.isNaN(y.get(q / d, q % d))).toArray();
        Matrix g = blockGram.selectRows(observed).selectColumns(observed);
        var eigen = TestContext.active().linearAlgebra().eigenSymmetric(g.copy().symmetrize());
        Matrix v = eigen.vectors();
        Matrix yv = Matrix.zeros(observed.length, 1);
        for (int q = 0; q < observed.length; q++) {
            yv.data()[q] = y.get(observed[q] / d, observed[q] % d);
        }
        Matrix rotated = TestMatrices.naiveMultiply(v, true, yv, false);
        for (int q = 0; q < rotated.rows(); q++) {
            double s = Math.max(eigen.values()[q], 0) / n;
            rotated.data()[q] *= filter.apply(index, s, sMax) / n;
        }
        Matrix flat = TestMatrices.naiveMultiply(v, rotated);
        Matrix c = Matrix.zeros(n, d);
        for (int q = 0; q < observed.length; q++) {
            c.set(observed[q] / d, observed[q] % d, flat.data()[q]);
        }
        return c;
    }

    /** The dense Tikhonov oracle: (G + n·lambda·I) vec_pm(C) = vec_pm(Y) by Gaussian elimination. */
    public static Matrix denseTikhonov(Matrix blockGram, Matrix y, double lambda) {
        int n = y.rows();
        Matrix system = blockGram.copy().addToDiagonal(n * lambda);
        return fromPointMajor(TestMatrices.naiveSolve(system, pointMajor(y)), n, y.cols());
    }

    /** A random SPD d x d matrix with eigenvalues in [0.5, 2]. */
    public static Matrix randomOutputMatrix(int d, long seed) {
        Matrix spd = TestMatrices.randomSpd(d, seed);
        return spd.times(1.0 / 2.0);
    }

    /** The common-similarity matrix omega·11^T + (1 - omega)·I. */
    public static Matrix commonSimilarity(int d, double omega) {
        Matrix a = Matrix.identity(d).times(1 - omega);
        for (int k = 0; k < a.data().length; k++) {
            a.data()[k] += omega;
        }
        return a;
    }

    /** Smooth random regression data: Y = sin(X W) + noise (n x d). */
    public static Matrix targets(Matrix x, int d, long seed) {
        Matrix w = TestMatrices.random(x.cols(), d, seed);
        Matrix y = TestMatrices.naiveMultiply(x, w);
        Random random = new Random(seed + 1);
        for (int k = 0; k < y.data().length; k++) {
            y.data()[k] = Math.sin(y.data()[k]) + 0.1 * random.nextGaussian();
        }
        return y;
    }
}
