package org.okl.linalg.streamed;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.IntToLongFunction;
import org.okl.api.filter.RidgeFilter;

/**
 * One right-hand side of a ridge path solved by preconditioned conjugate gradients (Falkon, on the CPU or a device):
 * in A's eigenbasis, training set {@code set}, path point {@code point} and output direction {@code output} (A's
 * eigenvalue a_c &gt; 0) solve a system shifted by {@code lambda_j / a_c}, preconditioned by the factor of that
 * shift; directions with a_c = 0 have no column (their weights are zero).
 *
 * @param set    the training set
 * @param point  the path point
 * @param output the output direction (column in A's eigenbasis)
 * @param factor the index of its shift among those factored together
 * @param mu     n·lambda_j/a_c, n the set's rows
 */
public record RidgeColumn(int set, int point, int output, int factor, double mu) {

    /** The distinct shifts {@code lambda_j / a_c} (a_c &gt; 0) of the path, ascending. */
    public static List<Double> shifts(RidgeFilter filter, double[] a) {
        TreeSet<Double> distinct = new TreeSet<>();
        for (int j = 0; j < filter.pathLength(); j++) {
            for (double ac : a) {
                if (ac > 0) {
                    distinct.add(filter.lambda(j) / ac);
                }
            }
        }
        return new ArrayList<>(distinct);
    }

    /**
     * The columns of every set, path point and output direction whose shift is one of {@code values} (a group of
     * shifts factored together), set by set, point by point.
     *
     * @param rows the rows of each training set
     */
    public static List<RidgeColumn> of(int sets, RidgeFilter filter, double[] a, double[] values,
            IntToLongFunction rows) {
        List<RidgeColumn> columns = new ArrayList<>();
        for (int s = 0; s < sets; s++) {
            for (int j = 0; j < filter.pathLength(); j++) {
                for (int c = 0; c < a.length; c++) {
                    if (a[c] > 0) {
                        int q = indexOf(values, filter.lambda(j) / a[c]);
                        if (q >= 0) {
                            columns.add(new RidgeColumn(s, j, c, q, rows.applyAsLong(s) * values[q]));
                        }
                    }
                }
            }
        }
        return columns;
    }

    private static int indexOf(double[] values, double v) {
        for (int q = 0; q < values.length; q++) {
            if (values[q] == v) {
                return q;
            }
        }
        return -1;
    }
}
