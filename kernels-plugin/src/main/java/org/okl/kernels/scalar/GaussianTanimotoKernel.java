package org.okl.kernels.scalar;

import org.okl.api.kernel.DistanceKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * The Gaussian-Tanimoto kernel {@code exp(-(2 - 2 T(y, y')) / (2 sigma^2))} of BM22's metabolite outputs, where
 * {@code 2 - 2T} is the squared distance in the Tanimoto feature space (sigma = 1 by default).
 */
public final class GaussianTanimotoKernel extends InnerProductKernel implements DistanceKernel {
    private final double scale;
    private final DistancePasses.TanimotoSquared distances;

    /**
     * @param sigma         the width, > 0
     * @param linearAlgebra the back-end for the Gram product
     */
    public GaussianTanimotoKernel(double sigma, LinearAlgebra linearAlgebra) {
        super(linearAlgebra);
        this.scale = 1.0 / (2.0 * sigma * sigma);
        this.distances = new DistancePasses.TanimotoSquared(linearAlgebra);
    }

    /** {@code tanimoto-squared}: {@code 2 - 2T}. */
    @Override
    public String distance() {
        return "tanimoto-squared";
    }

    @Override
    public Matrix distances(Matrix a, Matrix b) {
        return distances.gram(a, b);
    }

    @Override
    public Matrix gramOfDistances(Matrix squaredDistances) {
        return DistancePasses.expOfNegative(squaredDistances, scale);
    }

    @Override
    protected String id() {
        return "gaussian-tanimoto";
    }

    @Override
    protected double entry(double inner, double squaredNormA, double squaredNormB) {
        return Math.exp(-(2.0 - 2.0 * TanimotoKernel.tanimoto(inner, squaredNormA, squaredNormB)) * scale);
    }

    @Override
    protected void transformColumn(double[] g, int offset, int from, int to, double[] squaredNormsA,
            double squaredNormB) {
        for (int i = from; i < to; i++) {
            double t = TanimotoKernel.tanimoto(g[offset + i], squaredNormsA[i], squaredNormB);
            g[offset + i] = Math.exp(-(2.0 - 2.0 * t) * scale);
        }
    }
}
