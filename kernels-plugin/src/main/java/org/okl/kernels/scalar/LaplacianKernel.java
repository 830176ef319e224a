package org.okl.kernels.scalar;

import java.util.Arrays;
import java.util.Random;
import org.okl.api.kernel.DistanceKernel;
import org.okl.api.kernel.ShiftInvariantKernel;
import org.okl.api.linalg.Matrix;

/**
 * The Laplacian kernel with the L1 norm, {@code k(x, x') = exp(-||x - x'||_1 / sigma)}, the form scikit-learn's
 * {@code laplacian_kernel} uses (with gamma = 1/sigma). It is a product over coordinates of one-dimensional
 * Laplacian kernels, hence positive definite, and its spectral density is the product of Cauchy(0, 1/sigma)
 * densities. The L1 distance has no matrix-product form, so the Gram is a direct loop, vectorised over rows and in
 * parallel over columns.
 */
public final class LaplacianKernel implements ShiftInvariantKernel, DistanceKernel {
    private final double sigma;

    /** @param sigma the width, > 0 */
    public LaplacianKernel(double sigma) {
        this.sigma = sigma;
    }

    @Override
    public double value(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException(
                    "laplacian: vectors of length " + a.length + " and " + b.length + " cannot be compared");
        }
        double d = 0;
        for (int k = 0; k < a.length; k++) {
            d += Math.abs(a[k] - b[k]);
        }
        return Math.exp(-d / sigma);
    }

    /** {@code manhattan}: the L1 distance. */
    @Override
    public String distance() {
        return "manhattan";
    }

    /** The L1 distances between rows (exactly symmetric with a zero diagonal for {@code a == b}). */
    @Override
    public Matrix distances(Matrix a, Matrix b) {
        if (a == b) {
            int n = a.rows();
            Matrix g = Matrix.zeros(n, n);
            GramPasses.forEachColumn(n, n, j -> addDistances(a, a, j, j, g));
            GramPasses.mirrorLowerToUpper(g);
            GramPasses.setDiagonal(g, 0.0);
            return g;
        }
        GramPasses.requireSameDimension("laplacian", a, b);
        Matrix g = Matrix.zeros(a.rows(), b.rows());
        GramPasses.forEachColumn(a.rows(), b.rows(), j -> addDistances(a, b, j, 0, g));
        return g;
    }

    @Override
    public Matrix gramOfDistances(Matrix distances) {
        return DistancePasses.expOfNegative(distances, 1.0 / sigma);
    }

    @Override
    public Matrix gram(Matrix a, Matrix b) {
        if (a == b) {
            return gram(a);
        }
        GramPasses.requireSameDimension("laplacian", a, b);
        Matrix g = Matrix.zeros(a.rows(), b.rows());
        GramPasses.forEachColumn(a.rows(), b.rows(), j -> fillColumn(a, b, j, 0, g));
        return g;
    }

    @Override
    public Matrix gram(Matrix a) {
        int n = a.rows();
        Matrix g = Matrix.zeros(n, n);
        GramPasses.forEachColumn(n, n, j -> fillColumn(a, a, j, j, g));
        GramPasses.mirrorLowerToUpper(g);
        GramPasses.setDiagonal(g, 1.0);
        return g;
    }

    @Override
    public double[] diagonal(Matrix a) {
        double[] ones = new double[a.rows()];
        Arrays.fill(ones, 1.0);
        return ones;
    }

    /** Fills rows [from, n) of column j of g with k(a_i, b_j). */
    private void fillColumn(Matrix a, Matrix b, int j, int from, Matrix g) {
        addDistances(a, b, j, from, g);
        int n = a.rows();
        double[] gd = g.data();
        int off = j * n;
        double inv = 1.0 / sigma;
        for (int i = from; i < n; i++) {
            gd[off + i] = Math.exp(-gd[off + i] * inv);
        }
    }

    /** Adds the L1 distances ||a_i - b_j||_1 into rows [from, n) of column j of g. */
    private static void addDistances(Matrix a, Matrix b, int j, int from, Matrix g) {
        int n = a.rows();
        int m = b.rows();
        double[] ad = a.data();
        double[] bd = b.data();
        double[] gd = g.data();
        int off = j * n;
        for (int k = 0; k < a.cols(); k++) {
            double bjk = bd[j + k * m];
            int ak = k * n;
            for (int i = from; i < n; i++) {
                gd[off + i] += Math.abs(ad[ak + i] - bjk);
            }
        }
    }

    @Override
    public double[] sampleFrequency(int dimension, Random random) {
        double[] w = new double[dimension];
        for (int k = 0; k < dimension; k++) {
            w[k] = Math.tan(Math.PI * (random.nextDouble() - 0.5)) / sigma;
        }
        return w;
    }
}
