package org.okl.kernels.scalar;

import java.util.List;
import org.okl.api.kernel.SparseVectorKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;

/** A kernel times a positive factor, {@code k(x, x') = factor · k_0(x, x')}. */
public final class ScaledKernel implements SparseVectorKernel {
    private final double factor;
    private final VectorKernel kernel;

    /**
     * @param factor the positive factor
     * @param kernel the kernel to scale
     */
    public ScaledKernel(double factor, VectorKernel kernel) {
        this.factor = factor;
        this.kernel = kernel;
    }

    @Override
    public double value(double[] a, double[] b) {
        return factor * kernel.value(a, b);
    }

    @Override
    public Matrix gram(Matrix a, Matrix b) {
        return scale(kernel.gram(a, b));
    }

    @Override
    public Matrix gram(Matrix a) {
        return scale(kernel.gram(a));
    }

    @Override
    public double[] diagonal(Matrix a) {
        double[] d = kernel.diagonal(a);
        for (int i = 0; i < d.length; i++) {
            d[i] *= factor;
        }
        return d;
    }

    @Override
    public Matrix gram(InputRows a, InputRows b) {
        return scale(SparseParts.gram(kernel, a, b, "scaled"));
    }

    @Override
    public Matrix gram(InputRows a) {
        return scale(SparseParts.gram(kernel, a, "scaled"));
    }

    @Override
    public double[] diagonal(InputRows a) {
        double[] d = SparseParts.diagonal(kernel, a, "scaled");
        for (int i = 0; i < d.length; i++) {
            d[i] *= factor;
        }
        return d;
    }

    @Override
    public boolean takesSparse() {
        return SparseParts.takeSparse(List.of(kernel));
    }

    private Matrix scale(Matrix g) {
        int n = g.rows();
        double[] x = g.data();
        GramPasses.forEachColumn(n, g.cols(), j -> {
            for (int i = j * n; i < (j + 1) * n; i++) {
                x[i] *= factor;
            }
        });
        return g;
    }
}
