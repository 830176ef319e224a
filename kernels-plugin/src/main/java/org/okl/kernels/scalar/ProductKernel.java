package org.okl.kernels.scalar;

import java.util.List;
import org.okl.api.kernel.SparseVectorKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;

/**
 * The product of kernels, {@code k(x, x') = prod_r k_r(x, x')}, positive semi-definite by the Schur product theorem;
 * its Gram is the element-wise product of the parts' Grams.
 */
public final class ProductKernel implements SparseVectorKernel {
    private final List<VectorKernel> kernels;

    /** @param kernels the factors, at least one */
    public ProductKernel(List<VectorKernel> kernels) {
        this.kernels = List.copyOf(kernels);
    }

    @Override
    public double value(double[] a, double[] b) {
        return PartsFold.PRODUCT.value(kernels, a, b);
    }

    @Override
    public Matrix gram(Matrix a, Matrix b) {
        return PartsFold.PRODUCT.gram(kernels, a, b);
    }

    @Override
    public Matrix gram(Matrix a) {
        return PartsFold.PRODUCT.gram(kernels, a);
    }

    @Override
    public double[] diagonal(Matrix a) {
        return PartsFold.PRODUCT.diagonal(kernels, a);
    }

    @Override
    public Matrix gram(InputRows a, InputRows b) {
        return PartsFold.PRODUCT.gram(kernels, a, b);
    }

    @Override
    public Matrix gram(InputRows a) {
        return PartsFold.PRODUCT.gram(kernels, a);
    }

    @Override
    public double[] diagonal(InputRows a) {
        return PartsFold.PRODUCT.diagonal(kernels, a);
    }

    @Override
    public boolean takesSparse() {
        return SparseParts.takeSparse(kernels);
    }
}
