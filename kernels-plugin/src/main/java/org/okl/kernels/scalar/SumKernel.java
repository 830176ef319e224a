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
        return PartsFold.SUM.value(kernels, a, b);
    }

    @Override
    public Matrix gram(Matrix a, Matrix b) {
        return PartsFold.SUM.gram(kernels, a, b);
    }

    @Override
    public Matrix gram(Matrix a) {
        return PartsFold.SUM.gram(kernels, a);
    }

    @Override
    public double[] diagonal(Matrix a) {
        return PartsFold.SUM.diagonal(kernels, a);
    }

    @Override
    public Matrix gram(InputRows a, InputRows b) {
        return PartsFold.SUM.gram(kernels, a, b);
    }

    @Override
    public Matrix gram(InputRows a) {
        return PartsFold.SUM.gram(kernels, a);
    }

    @Override
    public double[] diagonal(InputRows a) {
        return PartsFold.SUM.diagonal(kernels, a);
    }

    @Override
    public boolean takesSparse() {
        return SparseParts.takeSparse(kernels);
    }
}
