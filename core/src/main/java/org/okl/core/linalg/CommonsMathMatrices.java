package org.okl.core.linalg;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.okl.api.linalg.Matrix;

/**
 * Conversions between OKL's column-major {@link Matrix} and commons-math3's {@link RealMatrix}, for users who work
 * with commons-math3. OKL's own hot paths never use commons-math3.
 */
public final class CommonsMathMatrices {

    private CommonsMathMatrices() {
    }

    /** A new commons-math3 matrix holding a copy of the given matrix. */
    public static RealMatrix toRealMatrix(Matrix matrix) {
        return new Array2DRowRealMatrix(matrix.toRows(), false);
    }

    /** A new OKL matrix holding a copy of the given commons-math3 matrix. */
    public static Matrix fromRealMatrix(RealMatrix matrix) {
        int rows = matrix.getRowDimension();
        int cols = matrix.getColumnDimension();
        Matrix m = Matrix.zeros(rows, cols);
        double[] d = m.data();
        for (int j = 0; j < cols; j++) {
            for (int i = 0; i < rows; i++) {
                d[i + j * rows] = matrix.getEntry(i, j);
            }
        }
        return m;
    }
}
