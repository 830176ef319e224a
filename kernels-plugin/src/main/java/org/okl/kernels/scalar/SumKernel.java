package org.okl.kernels.scalar;

import java.util.List;
import org.okl.api.kernel.SparseVectorKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;

/** The sum of kernels, {@code k(x, x') = sum_r k_r(x, x')}; its Gram is the sum of the parts' Grams. */
public final class SumKernel implements SparseVectorKernel {
    private final List<VectorKernel> kernels;

    /** @param kernels the terms, at least one */
    public SumKernel(List<VectorKernel> kernels) {
        this.kernels = List.copyOf(kernels);
    }

    @Override
    public double value(double[] a, double[] b) {
        double s = 0;
        for (VectorKernel k : kernels) {
            s += k.value(a, b);
        }
        return s;
    }

    @Override
    public Matrix gram(Matrix a, Matrix b) {
        Matrix g = kernels.get(0).gram(a, b);
        for (int r = 1; r < kernels.size(); r++) {
            add(g, kernels.get(r).gram(a, b));
        }
        return g;
    }

    @Override
    public Matrix gram(Matrix a) {
        Matrix g = kernels.get(0).gram(a);
        for (int r = 1; r < kernels.size(); r++) {
            add(g, kernels.get(r).gram(a));
        }
        return g;
    }

    @Override
    public double[] diagonal(Matrix a) {
        double[] d = kernels.get(0).diagonal(a);
        for (int r = 1; r < kernels.size(); r++) {
            double[] e = kernels.get(r).diagonal(a);
            for (int i = 0; i < d.length; i++) {
                d[i] += e[i];
            }
        }
        return d;
    }

    @Override
    public Matrix gram(InputRows a, InputRows b) {
        Matrix g = SparseParts.gram(kernels.get(0), a, b, "sum");
        for (int r = 1; r < kernels.size(); r++) {
            add(g, SparseParts.gram(kernels.get(r), a, b, "sum"));
        }
        return g;
    }

    @Override
    public Matrix gram(InputRows a) {
        Matrix g = SparseParts.gram(kernels.get(0), a, "sum");
        for (int r = 1; r < kernels.size(); r++) {
            add(g, SparseParts.gram(kernels.get(r), a, "sum"));
        }
        return g;
    }

    @Override
    public double[] diagonal(InputRows a) {
        double[] d = SparseParts.diagonal(kernels.get(0), a, "sum");
        for (int r = 1; r < kernels.size(); r++) {
            double[] e = SparseParts.diagonal(kernels.get(r), a, "sum");
            for (int i = 0; i < d.length; i++) {
                d[i] += e[i];
            }
        }
        return d;
    }

    @Override
    public boolean takesSparse() {
        return SparseParts.takeSparse(kernels);
    }

    private static void add(Matrix into, Matrix term) {
        int n = into.rows();
        double[] x = into.data();
        double[] y = term.data();
        GramPasses.forEachColumn(n, into.cols(), j -> {
            for (int i = j * n; i < (j + 1) * n; i++) {
                x[i] += y[i];
            }
        });
    }
}
