package org.okl.linalg;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * An orthogonal reduction of a symmetric matrix to tridiagonal form, {@code M = Q T Q^T}, with T symmetric
 * tridiagonal. It costs a fraction of a full eigendecomposition and suffices for shifted solves
 * {@code (M + mu I)^-1 B = Q (T + mu I)^-1 Q^T B}, which are O(n) per column on T.
 *
 * <p>Q may be kept implicitly (as Householder reflectors, applied in O(n^2) per column) or explicitly; callers use it
 * only through {@link #multiplyQ}.
 */
public interface TridiagonalForm {

    /** The diagonal of T (length n), as a new array. */
    double[] diagonal();

    /** The off-diagonal of T (length max(n - 1, 0); T is symmetric, so it is both the sub- and superdiagonal). */
    double[] offDiagonal();

    /**
     * A new matrix {@code op(Q) B}.
     *
     * @param b         n x m
     * @param transpose whether op(Q) = Q^T
     */
    Matrix multiplyQ(Matrix b, boolean transpose);

    /**
     * A form with an explicit orthogonal factor, applied with the given back-end's products.
     *
     * @param diagonal      the diagonal of T (n)
     * @param offDiagonal   the off-diagonal of T (n - 1)
     * @param q             the orthogonal factor Q (n x n)
     * @param linearAlgebra the back-end whose products apply Q
     */
    static TridiagonalForm explicit(double[] diagonal, double[] offDiagonal, Matrix q, LinearAlgebra linearAlgebra) {
        return new ExplicitTridiagonalForm(diagonal.clone(), offDiagonal.clone(), q, linearAlgebra);
    }
}
