package org.okl.solvers.iterative;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.filter.GramOperator;
import org.okl.api.filter.IterativeFilter;
import org.okl.api.linalg.Matrix;

/** Runs an iterative filter and keeps a copy of the coefficients at every path point. */
public final class IterativeRuns {

    private IterativeRuns() {
    }

    /**
     * The coefficients at every path point.
     *
     * @param filter  the iterative filter
     * @param gram    the Gram action
     * @param targets Y (n x d), zero-filled where missing
     * @param sMax    the largest eigenvalue of Gamma/n
     */
    public static List<Matrix> collect(IterativeFilter filter, GramOperator gram, Matrix targets, double sMax) {
        List<Matrix> path = new ArrayList<>();
        filter.run(gram, targets, sMax, (index, c) -> {
            if (index != path.size()) {
                throw new IllegalStateException("iterative filter reported path point " + index + " after "
                        + path.size() + " points");
            }
            path.add(c.copy());
        });
        return path;
    }
}
