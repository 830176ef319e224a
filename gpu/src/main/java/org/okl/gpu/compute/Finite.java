package org.okl.gpu.compute;

import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.linalg.Matrix;

/** The CPU routes' check that rows reaching the sums are finite, with their message. */
final class Finite {
    private Finite() {
    }

    /**
     * @throws OklException {@link ErrorCode#INVALID_DATA} naming the global row (1-based) and column of a NaN or
     *                      infinite value
     */
    static void require(Matrix m, long firstRow, String what) {
        double[] d = m.data();
        int rows = m.rows();
        for (int k = 0; k < d.length; k++) {
            if (!Double.isFinite(d[k])) {
                throw new OklException(ErrorCode.INVALID_DATA, "row " + (firstRow + k % rows + 1) + ", " + what
                        + " column " + (k / rows + 1) + " holds " + d[k] + "; low-rank fits need complete, finite "
                        + what + "s: remove or impute the row");
            }
        }
    }

    /** The groups of a block's rows from the scheme, checked against the number of groups. */
    static int[] groups(org.okl.api.rows.FoldScheme scheme, long firstRow, int rows) {
        int[] groups = new int[rows];
        scheme.groupsOf(firstRow, rows, groups);
        for (int i = 0; i < rows; i++) {
            if (groups[i] < 0 || groups[i] >= scheme.groups()) {
                throw new OklException(ErrorCode.INVALID_DATA, "row " + (firstRow + i + 1) + ": fold " + groups[i]
                        + " is not one of 0.." + (scheme.groups() - 1));
            }
        }
        return groups;
    }
}
