package org.okl.kernels.scalar;

import java.util.List;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;

/**
 * How the sum and the product of kernels combine their parts, element by element: the Grams and diagonals of the
 * parts, dense or sparse rows ({@link SparseParts}), folded in the parts' order (the first part's result is the
 * accumulator), the columns of a Gram on every core ({@link GramPasses#forEachColumn}).
 */
enum PartsFold {
    /** {@code k = sum_r k_r}. */
    SUM("sum"),
    /** {@code k = prod_r k_r}. */
    PRODUCT("product");

    private final String composite;

    PartsFold(String composite) {
        this.composite = composite;
    }

    /** The parts' values combined. */
    double value(List<VectorKernel> parts, double[] a, double[] b) {
        double v = parts.get(0).value(a, b);
        for (int r = 1; r < parts.size(); r++) {
            v = combine(v, parts.get(r).value(a, b));
        }
        return v;
    }

    /** {@code k(a, b)} for dense or sparse rows. */
    Matrix gram(List<VectorKernel> parts, InputRows a, InputRows b) {
        Matrix g = SparseParts.gram(parts.get(0), a, b, composite);
        for (int r = 1; r < parts.size(); r++) {
            into(g, SparseParts.gram(parts.get(r), a, b, composite));
        }
        return g;
    }

    /** {@code k(a, a)} for dense or sparse rows. */
    Matrix gram(List<VectorKernel> parts, InputRows a) {
        Matrix g = SparseParts.gram(parts.get(0), a, composite);
        for (int r = 1; r < parts.size(); r++) {
            into(g, SparseParts.gram(parts.get(r), a, composite));
        }
        return g;
    }

    /** The diagonal of {@code k(a, a)} for dense or sparse rows. */
    double[] diagonal(List<VectorKernel> parts, InputRows a) {
        double[] d = SparseParts.diagonal(parts.get(0), a, composite);
        for (int r = 1; r < parts.size(); r++) {
            double[] e = SparseParts.diagonal(parts.get(r), a, composite);
            for (int i = 0; i < d.length; i++) {
                d[i] = combine(d[i], e[i]);
            }
        }
        return d;
    }

    private double combine(double x, double y) {
        return this == SUM ? x + y : x * y;
    }

    /** {@code into <- into (+ or *) part}, element by element, a column per task. */
    private void into(Matrix into, Matrix part) {
        int n = into.rows();
        double[] x = into.data();
        double[] y = part.data();
        boolean sum = this == SUM;
        GramPasses.forEachColumn(n, into.cols(), j -> {
            if (sum) {
                for (int i = j * n; i < (j + 1) * n; i++) {
                    x[i] += y[i];
                }
            } else {
                for (int i = j * n; i < (j + 1) * n; i++) {
                    x[i] *= y[i];
                }
            }
        });
    }
}
