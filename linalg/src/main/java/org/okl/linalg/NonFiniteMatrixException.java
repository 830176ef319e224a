package org.okl.linalg;

/**
 * A matrix handed to a decomposition holds NaN or an infinity (a kernel that overflowed on very large inputs, or a
 * width that made it so): the decomposition is refused before LAPACK sees it, and the pipeline reports it as a data
 * error saying which values are too large ({@code org.okl.core.Pipeline}).
 */
public final class NonFiniteMatrixException extends ArithmeticException {
    private static final long serialVersionUID = 1L;

    /** The first non-finite entry of an operation's matrix. */
    public NonFiniteMatrixException(String operation, int row, int column, double value) {
        super(operation + ": the matrix holds " + value + " at (" + (row + 1) + ", " + (column + 1) + ")");
    }

    /** Fails on the first non-finite entry of the lower triangle of a square column-major matrix. */
    static void requireFiniteLower(String operation, double[] a, int n) {
        for (int j = 0; j < n; j++) {
            for (int i = j; i < n; i++) {
                double v = a[i + j * n];
                if (!Double.isFinite(v)) {
                    throw new NonFiniteMatrixException(operation, i, j, v);
                }
            }
        }
    }
}
