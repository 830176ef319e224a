package org.okl.kernels.scalar;

import org.okl.api.kernel.SparseVectorKernel;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;

/**
 * Base of the kernels that are a function of the inner product and the two squared norms,
 * {@code k(x, x') = f(<x, x'>, ||x||^2, ||x'||^2)} (linear, polynomial, Gaussian, Tanimoto, Gaussian-Tanimoto).
 *
 * <p>A Gram matrix is one product through the linear-algebra layer ({@code gemm}, or {@code syrk} through
 * {@link LinearAlgebra#outerGram} for a sample against itself) followed by one element-wise pass over the
 * column-major result, in parallel over columns. For a sample against itself only the lower triangle is
 * transformed and then mirrored, so the Gram is exactly symmetric, and the diagonal is set to f(||x||^2, ...).
 *
 * <p>Sparse rows ({@link SparseMatrix}) are taken as they are: the inner products are sparse dot products (one
 * multiply-add per non-zero and row of the other side), the squared norms sums over the non-zeros.
 */
public abstract class InnerProductKernel implements SparseVectorKernel {
    private final LinearAlgebra linearAlgebra;

    /** @param linearAlgebra the back-end for the inner-product matrix */
    protected InnerProductKernel(LinearAlgebra linearAlgebra) {
        this.linearAlgebra = linearAlgebra;
    }

    /** The kernel id, for messages. */
    protected abstract String id();

    /** The kernel value from the inner product and the squared norms of the two vectors. */
    protected abstract double entry(double inner, double squaredNormA, double squaredNormB);

    /**
     * Replaces, in place, the inner products {@code g[offset + i]}, i in [from, to), of column j by kernel values;
     * row i has squared norm {@code squaredNormsA[i]}, column j has {@code squaredNormB}. Subclasses write the loop
     * themselves so that it is compiled for their formula.
     */
    protected abstract void transformColumn(double[] g, int offset, int from, int to, double[] squaredNormsA,
            double squaredNormB);

    @Override
    public double value(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException(
                    id() + ": vectors of length " + a.length + " and " + b.length + " cannot be compared");
        }
        double inner = 0;
        double sa = 0;
        double sb = 0;
        for (int k = 0; k < a.length; k++) {
            inner += a[k] * b[k];
            sa += a[k] * a[k];
            sb += b[k] * b[k];
        }
        return entry(inner, sa, sb);
    }

    @Override
    public Matrix gram(Matrix a, Matrix b) {
        if (a == b) {
            return gram(a);
        }
        Matrix g = Matrix.zeros(a.rows(), b.rows());
        gram(a, b, g);
        return g;
    }

    /** The block written in place: the product into {@code into}, then the element-wise pass over it. */
    @Override
    public void gram(Matrix a, Matrix b, Matrix into) {
        if (a == b) {
            SparseVectorKernel.super.gram(a, b, into);
            return;
        }
        GramPasses.requireSameDimension(id(), a, b);
        if (into.rows() != a.rows() || into.cols() != b.rows()) {
            throw new IllegalArgumentException("a " + into.rows() + " x " + into.cols() + " matrix cannot hold the "
                    + a.rows() + " x " + b.rows() + " Gram block");
        }
        int n = a.rows();
        linearAlgebra.gemm(1.0, a, false, b, true, 0.0, into);
        double[] sa = GramPasses.rowSquaredNorms(a);
        double[] sb = GramPasses.rowSquaredNorms(b);
        double[] data = into.data();
        GramPasses.forEachColumn(n, b.rows(), j -> transformColumn(data, j * n, 0, n, sa, sb[j]));
    }

    @Override
    public Matrix gram(Matrix a) {
        int n = a.rows();
        Matrix g = linearAlgebra.outerGram(a);
        double[] data = g.data();
        double[] s = g.diagonalValues();
        GramPasses.forEachColumn(n, n, j -> transformColumn(data, j * n, j, n, s, s[j]));
        GramPasses.mirrorLowerToUpper(g);
        for (int i = 0; i < n; i++) {
            data[i + i * n] = entry(s[i], s[i], s[i]);
        }
        return g;
    }

    @Override
    public double[] diagonal(Matrix a) {
        double[] s = GramPasses.rowSquaredNorms(a);
        for (int i = 0; i < s.length; i++) {
            s[i] = entry(s[i], s[i], s[i]);
        }
        return s;
    }

    @Override
    public Matrix gram(InputRows a, InputRows b) {
        if (a instanceof Matrix da && b instanceof Matrix db) {
            return gram(da, db);
        }
        if (a == b) {
            return gram(a);
        }
        if (a.cols() != b.cols()) {
            throw new IllegalArgumentException(
                    id() + ": samples of dimension " + a.cols() + " and " + b.cols() + " cannot be compared");
        }
        int n = a.rows();
        Matrix g = inner(a, b);
        double[] sa = squaredNorms(a);
        double[] sb = squaredNorms(b);
        double[] data = g.data();
        GramPasses.forEachColumn(n, b.rows(), j -> transformColumn(data, j * n, 0, n, sa, sb[j]));
        return g;
    }

    @Override
    public Matrix gram(InputRows a) {
        if (a instanceof Matrix dense) {
            return gram(dense);
        }
        SparseMatrix s = (SparseMatrix) a;
        int n = s.rows();
        Matrix g = s.times(s.transpose());
        double[] data = g.data();
        double[] norms = s.rowSquaredNorms();
        GramPasses.forEachColumn(n, n, j -> transformColumn(data, j * n, j, n, norms, norms[j]));
        GramPasses.mirrorLowerToUpper(g);
        for (int i = 0; i < n; i++) {
            data[i + i * n] = entry(norms[i], norms[i], norms[i]);
        }
        return g;
    }

    @Override
    public double[] diagonal(InputRows a) {
        double[] s = squaredNorms(a);
        for (int i = 0; i < s.length; i++) {
            s[i] = entry(s[i], s[i], s[i]);
        }
        return s;
    }

    /** The inner products of the rows of a with the rows of b (n x m), at least one of them sparse. */
    private static Matrix inner(InputRows a, InputRows b) {
        if (a instanceof SparseMatrix sa) {
            return b instanceof SparseMatrix sb ? sa.times(sb.transpose()) : sa.timesTransposed((Matrix) b);
        }
        return SparseMatrix.productWithTranspose((Matrix) a, (SparseMatrix) b);
    }

    private static double[] squaredNorms(InputRows a) {
        return a instanceof SparseMatrix s ? s.rowSquaredNorms() : GramPasses.rowSquaredNorms((Matrix) a);
    }
}
