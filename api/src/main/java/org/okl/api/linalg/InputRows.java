package org.okl.api.linalg;

import org.okl.api.API;

/**
 * Input rows as a sketch, a kernel or a solver receives them: dense ({@link Matrix}, column-major) or sparse
 * ({@link SparseMatrix}, compressed rows: only the non-zero entries of each row, as LIBSVM files and Spark's sparse
 * vectors hold them). Code that takes either tests the type ({@code rows instanceof SparseMatrix s}); code that needs
 * dense rows calls {@link #toDense()}, which refuses (with the sizes) what does not fit a Java array.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public sealed interface InputRows permits Matrix, SparseMatrix {

    /** The number of rows. */
    int rows();

    /** The number of columns p (the width of every row, zeros included). */
    int cols();

    /** A new block holding the given rows, in the given order, of the same kind. */
    InputRows selectRows(int[] indices);

    /** A new block holding rows [from, to), of the same kind. */
    InputRows rowRange(int from, int to);

    /** Whether the rows are stored sparse. */
    default boolean isSparse() {
        return this instanceof SparseMatrix;
    }

    /**
     * The rows as a dense matrix: this matrix itself when dense, else a new one.
     *
     * @throws IllegalArgumentException when rows x cols exceeds a Java array (the message gives the sizes)
     */
    Matrix toDense();

    /** The bytes the rows take in memory (values and, for sparse rows, their indices). */
    long bytes();

    /**
     * The first entry (in row order, then column order) that is NaN or infinite, as {row, column}, or {@code null}
     * when every entry is finite (a sparse matrix's absent entries are zeros).
     */
    int[] firstNonFinite();
}
