package org.okl.kernels.scalar;

import java.util.Arrays;
import org.okl.api.kernel.SparseVectorKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;

/**
 * Cosine normalisation of a kernel, {@code k(x, x') / sqrt(k(x, x) k(x', x'))}: the inner product of the unit-length
 * feature vectors. A point whose feature vector is zero ({@code k(x, x) = 0}) is mapped to one fixed unit vector
 * orthogonal to every other feature, so its normalised value is 1 with another such point and 0 with any other
 * point; the result stays positive semi-definite and has ones on the diagonal.
 */
public final class NormalizedKernel implements SparseVectorKernel {
    private final VectorKernel kernel;

    /** @param kernel the kernel to normalise */
    public NormalizedKernel(VectorKernel kernel) {
        this.kernel = kernel;
    }

    @Override
    public double value(double[] a, double[] b) {
        return normalise(kernel.value(a, b), kernel.value(a, a), kernel.value(b, b));
    }

    @Override
    public Matrix gram(Matrix a, Matrix b) {
        if (a == b) {
            return gram(a);
        }
        Matrix g = kernel.gram(a, b);
        double[] da = kernel.diagonal(a);
        double[] db = kernel.diagonal(b);
        scale(g, da, db);
        return g;
    }

    @Override
    public Matrix gram(Matrix a) {
        Matrix g = kernel.gram(a);
        double[] d = g.diagonalValues();
        scale(g, d, d);
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

    @Override
    public Matrix gram(InputRows a, InputRows b) {
        if (a == b) {
            return gram(a);
        }
        Matrix g = SparseParts.gram(kernel, a, b, "normalized");
        scale(g, SparseParts.diagonal(kernel, a, "normalized"), SparseParts.diagonal(kernel, b, "normalized"));
        return g;
    }

    @Override
    public Matrix gram(InputRows a) {
        Matrix g = SparseParts.gram(kernel, a, "normalized");
        double[] d = g.diagonalValues();
        scale(g, d, d);
        GramPasses.mirrorLowerToUpper(g);
        GramPasses.setDiagonal(g, 1.0);
        return g;
    }

    @Override
    public double[] diagonal(InputRows a) {
        double[] ones = new double[a.rows()];
        Arrays.fill(ones, 1.0);
        return ones;
    }

    @Override
    public boolean takesSparse() {
        return SparseParts.takeSparse(java.util.List.of(kernel));
    }

    private static void scale(Matrix g, double[] da, double[] db) {
        int n = g.rows();
        double[] data = g.data();
        GramPasses.forEachColumn(n, g.cols(), j -> {
            int off = j * n;
            for (int i = 0; i < n; i++) {
                data[off + i] = normalise(data[off + i], da[i], db[j]);
            }
        });
    }

    private static double normalise(double k, double kaa, double kbb) {
        if (kaa <= 0.0 || kbb <= 0.0) {
            return kaa <= 0.0 && kbb <= 0.0 ? 1.0 : 0.0;
        }
        return k / Math.sqrt(kaa * kbb);
    }
}
