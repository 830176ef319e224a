package org.okl.api.kernel;

import org.okl.api.API;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;

/**
 * A vector kernel that takes sparse rows as they are ({@link SparseMatrix}: hashed text features, LIBSVM files):
 * its Gram matrices come from sparse inner products (and squared norms), so a row of p = 2^18 columns costs its
 * non-zeros, never p. OKL's kernels of the inner product and the norms take them: {@code linear},
 * {@code polynomial}, {@code gaussian}, {@code tanimoto}, {@code gaussian-tanimoto} (and {@code scaled},
 * {@code sum}, {@code product}, {@code normalized} of those). A sketch over such a kernel keeps sparse rows sparse
 * (Nystrom: the landmarks are sparse rows too).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface SparseVectorKernel extends VectorKernel {

    /**
     * The Gram matrix of rows against rows, either dense or sparse: {@code k(a_i, b_j)}, n x m.
     *
     * @throws IllegalArgumentException when the rows have different widths
     */
    Matrix gram(InputRows a, InputRows b);

    /** The symmetric Gram matrix of rows with themselves, exactly symmetric. */
    Matrix gram(InputRows a);

    /** The diagonal k(a_i, a_i) for every row. */
    double[] diagonal(InputRows a);

    /** Whether this kernel takes sparse rows (a composite of kernels takes them only when all its parts do). */
    default boolean takesSparse() {
        return true;
    }
}
