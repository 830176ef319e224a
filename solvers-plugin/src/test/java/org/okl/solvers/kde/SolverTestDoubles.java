package org.okl.solvers.kde;

import java.util.List;
import java.util.Optional;
import java.util.function.DoubleBinaryOperator;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;

/**
 * Small test doubles for solver tests: kernels, filters and output embeddings written naively (the real ones live
 * in plugins that core does not depend on).
 */
public final class SolverTestDoubles {

    private SolverTestDoubles() {
    }

    /** The Gaussian kernel exp(-||x - x'||^2 / (2 sigma^2)) by plain loops. */
    public static VectorKernel gaussian(double sigma) {
        return new VectorKernel() {
            @Override
            public Matrix gram(Matrix a, Matrix b) {
                Matrix g = Matrix.zeros(a.rows(), b.rows());
                for (int i = 0; i < a.rows(); i++) {
                    for (int j = 0; j < b.rows(); j++) {
                        double d2 = 0;
                        for (int c = 0; c < a.cols(); c++) {
                            double diff = a.get(i, c) - b.get(j, c);
                            d2 += diff * diff;
                        }
                        g.set(i, j, Math.exp(-d2 / (2 * sigma * sigma)));
                    }
                }
                return g;
            }
        };
    }

    /** The linear kernel x·x' by plain loops. */
    public static VectorKernel linear() {
        return new VectorKernel() {
            @Override
            public Matrix gram(Matrix a, Matrix b) {
                Matrix g = Matrix.zeros(a.rows(), b.rows());
                for (int i = 0; i < a.rows(); i++) {
                    for (int j = 0; j < b.rows(); j++) {
                        double s = 0;
                        for (int c = 0; c < a.cols(); c++) {
                            s += a.get(i, c) * b.get(j, c);
                        }
                        g.set(i, j, s);
                    }
                }
                return g;
            }
        };
    }

    /** A filter with path parameter {@code lambda}, g given as a function of (s, lambda). */
    public static SpectralFilter lambdaFilter(List<Double> lambdas, DoubleBinaryOperator g) {
        return new SpectralFilter() {
            @Override
            public String pathParameter() {
                return "lambda";
            }

            @Override
            public int pathLength() {
                return lambdas.size();
            }

            @Override
            public double pathValue(int index) {
                return lambdas.get(index);
            }

            @Override
            public double apply(int index, double s, double sMax) {
                return g.applyAsDouble(s, lambdas.get(index));
            }
        };
    }

    /** Tikhonov, g(s) = 1/(s + lambda). */
    public static SpectralFilter tikhonov(List<Double> lambdas) {
        return lambdaFilter(lambdas, (s, lambda) -> 1.0 / (s + lambda));
    }

    /** Iterated Tikhonov with t iterations, g(s) = ((s+lambda)^t - lambda^t) / (s (s+lambda)^t), g(0) = t/lambda. */
    public static SpectralFilter iteratedTikhonov(List<Double> lambdas, int t) {
        return lambdaFilter(lambdas, (s, lambda) -> s == 0 ? t / lambda
                : (Math.pow(s + lambda, t) - Math.pow(lambda, t)) / (s * Math.pow(s + lambda, t)));
    }

    /** Landweber with step 1/s_max, path over iterations 1..t: g_i(s) = (1 - (1 - s/s_max)^i) / s, g(0) = i/s_max. */
    public static SpectralFilter landweber(int iterations) {
        return new SpectralFilter() {
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
                int i = index + 1;
                return s == 0 ? i / sMax : (1 - Math.pow(1 - s / sMax, i)) / s;
            }
        };
    }

    /** An implicit embedding holding only an output Gram. */
    public static FittedOutputEmbedding implicit(Matrix outputGram) {
        return new FittedOutputEmbedding() {
            @Override
            public Optional<Matrix> targets() {
                return Optional.empty();
            }

            @Override
            public Matrix outputGram() {
                return outputGram;
            }

            @Override
            public Matrix scores(Matrix h) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Matrix toOutputs(Matrix decisions) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Matrix candidateDistances(Matrix h, Matrix candidates) {
                throw new UnsupportedOperationException();
            }
        };
    }

    /** An explicit embedding with the given targets (its output Gram is Y Y^T). */
    public static FittedOutputEmbedding explicit(Matrix targets) {
        return new FittedOutputEmbedding() {
            @Override
            public Optional<Matrix> targets() {
                return Optional.of(targets);
            }

            @Override
            public Matrix outputGram() {
                return linear().gram(targets);
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
        };
    }

    /** The Kronecker product {@code a ⊗ b}. */
    public static Matrix kron(Matrix a, Matrix b) {
        Matrix k = Matrix.zeros(a.rows() * b.rows(), a.cols() * b.cols());
        for (int i = 0; i < a.rows(); i++) {
            for (int j = 0; j < a.cols(); j++) {
                double aij = a.get(i, j);
                for (int r = 0; r < b.rows(); r++) {
                    for (int s = 0; s < b.cols(); s++) {
                        k.set(i * b.rows() + r, j * b.cols() + s, aij * b.get(r, s));
                    }
                }
            }
        }
        return k;
    }

    /** vec (columns stacked) as an (rows·cols) x 1 matrix. */
    public static Matrix vec(Matrix m) {
        return new Matrix(m.rows() * m.cols(), 1, m.data().clone());
    }

    /** The inverse of {@link #vec}. */
    public static Matrix unvec(Matrix v, int rows, int cols) {
        return new Matrix(rows, cols, v.data().clone());
    }

    /** The largest absolute value of a matrix. */
    public static double maxAbs(Matrix m) {
        double s = 0;
        for (double v : m.data()) {
            s = Math.max(s, Math.abs(v));
        }
        return s;
    }
}
