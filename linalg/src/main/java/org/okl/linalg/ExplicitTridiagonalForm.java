package org.okl.linalg;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/** A {@link TridiagonalForm} holding Q as a dense matrix; see {@link TridiagonalForm#explicit}. */
record ExplicitTridiagonalForm(double[] diagonalValues, double[] offDiagonalValues, Matrix q,
        LinearAlgebra linearAlgebra) implements TridiagonalForm {

    ExplicitTridiagonalForm {
        int n = diagonalValues.length;
        if (q.rows() != n || q.cols() != n || offDiagonalValues.length != Math.max(n - 1, 0)) {
            throw new IllegalArgumentException("a tridiagonal form of size " + n + " needs " + Math.max(n - 1, 0)
                    + " off-diagonal values and an n x n Q, got " + offDiagonalValues.length + " and " + q);
        }
    }

    @Override
    public double[] diagonal() {
        return diagonalValues.clone();
    }

    @Override
    public double[] offDiagonal() {
        return offDiagonalValues.clone();
    }

    @Override
    public Matrix multiplyQ(Matrix b, boolean transpose) {
        if (b.rows() != q.rows()) {
            throw new IllegalArgumentException("multiplyQ: " + b.rows() + " rows, Q is " + q.rows() + " x "
                    + q.cols());
        }
        return linearAlgebra.multiply(q, transpose, b, false);
    }
}
