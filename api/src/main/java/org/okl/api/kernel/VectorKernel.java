package org.okl.api.kernel;

import java.util.List;
import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * A scalar kernel on real vectors, the kind OKL pipelines use for inputs and for outputs. Samples are matrices
 * whose rows are the vectors, so a Gram matrix is computed in one batch (one matrix product plus an element-wise
 * pass for the Gaussian kernel) through the linear-algebra layer.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface VectorKernel extends Kernel<double[]> {

    /** The Gram matrix of the rows of {@code a} (n x p) against the rows of {@code b} (m x p): n x m. */
    Matrix gram(Matrix a, Matrix b);

    /**
     * Writes {@link #gram(Matrix, Matrix)} into {@code into} (n x m, overwritten), the same values, so that a caller
     * computing many blocks of one shape (the kernel features of a large fit) reuses one array instead of allocating
     * one per block. The default computes the block and copies it; kernels that can write in place override it.
     *
     * @throws IllegalArgumentException when {@code into} is not n x m
     */
    default void gram(Matrix a, Matrix b, Matrix into) {
        if (into.rows() != a.rows() || into.cols() != b.rows()) {
            throw new IllegalArgumentException("a " + into.rows() + " x " + into.cols() + " matrix cannot hold the "
                    + a.rows() + " x " + b.rows() + " Gram block");
        }
        double[] block = gram(a, b).data();
        System.arraycopy(block, 0, into.data(), 0, block.length);
    }

    /** The symmetric Gram matrix of the rows of {@code a} with themselves. */
    default Matrix gram(Matrix a) {
        return gram(a, a);
    }

    /** The diagonal k(a_i, a_i) for every row of {@code a}. */
    default double[] diagonal(Matrix a) {
        double[] d = new double[a.rows()];
        for (int i = 0; i < d.length; i++) {
            double[] r = a.row(i);
            d[i] = value(r, r);
        }
        return d;
    }

    @Override
    default double value(double[] a, double[] b) {
        return gram(Matrix.fromRows(new double[][] {a}), Matrix.fromRows(new double[][] {b})).get(0, 0);
    }

    @Override
    default Matrix gram(List<? extends double[]> a, List<? extends double[]> b) {
        return gram(Matrix.fromRows(a.toArray(new double[0][])), Matrix.fromRows(b.toArray(new double[0][])));
    }
}
