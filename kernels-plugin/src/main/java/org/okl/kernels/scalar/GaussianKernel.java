package org.okl.kernels.scalar;

import java.util.Random;
import org.okl.api.kernel.DistanceKernel;
import org.okl.api.kernel.ShiftInvariantKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * The Gaussian kernel {@code k(x, x') = exp(-||x - x'||^2 / (2 sigma^2))} (docs/conventions.md#scalar-kernels). Its
 * Gram matrix is one product of the inputs plus the squared norms, then one pass {@code exp(-max(d2, 0) / (2
 * sigma^2))} ({@link GaussianExponentials}: SIMD lanes where the JVM has the Vector API); the Gram of a sample with
 * itself is exactly symmetric with ones on the diagonal. Its spectral density is N(0, I / sigma^2).
 */
public final class GaussianKernel extends InnerProductKernel implements ShiftInvariantKernel, DistanceKernel {
    private final double sigma;
    private final double scale;
    private final DistancePasses.SquaredEuclidean distances;

    /**
     * @param sigma         the width, > 0
     * @param linearAlgebra the back-end for the Gram product
     */
    public GaussianKernel(double sigma, LinearAlgebra linearAlgebra) {
        super(linearAlgebra);
        this.sigma = sigma;
        this.scale = 1.0 / (2.0 * sigma * sigma);
        this.distances = new DistancePasses.SquaredEuclidean(linearAlgebra);
    }

    /** {@code squared-euclidean}. */
    @Override
    public String distance() {
        return "squared-euclidean";
    }

    /** The squared Euclidean distances between rows. */
    @Override
    public Matrix distances(Matrix a, Matrix b) {
        return distances.gram(a, b);
    }

    @Override
    public Matrix gramOfDistances(Matrix squaredDistances) {
        return DistancePasses.expOfNegative(squaredDistances, scale);
    }

    /** The width sigma. */
    public double sigma() {
        return sigma;
    }

    @Override
    protected String id() {
        return "gaussian";
    }

    @Override
    protected double entry(double inner, double squaredNormA, double squaredNormB) {
        return Math.exp(-Math.max(squaredNormA + squaredNormB - 2.0 * inner, 0.0) * scale);
    }

    @Override
    protected void transformColumn(double[] g, int offset, int from, int to, double[] squaredNormsA,
            double squaredNormB) {
        GaussianExponentials.apply(g, offset, from, to, squaredNormsA, squaredNormB, scale);
    }

    @Override
    public double value(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException(
                    "gaussian: vectors of length " + a.length + " and " + b.length + " cannot be compared");
        }
        double d2 = 0;
        for (int k = 0; k < a.length; k++) {
            double t = a[k] - b[k];
            d2 += t * t;
        }
        return Math.exp(-d2 * scale);
    }

    @Override
    public double[] sampleFrequency(int dimension, Random random) {
        double[] w = new double[dimension];
        for (int k = 0; k < dimension; k++) {
            w[k] = random.nextGaussian() / sigma;
        }
        return w;
    }
}
