package org.okl.bench.accuracy;

import java.util.List;

/**
 * A data set's results.
 *
 * @param plan      the data set and its protocol
 * @param rows      the rows pooled from its splits
 * @param inputs    the input columns
 * @param outputs   the output columns
 * @param testShare n_test / n_train of one fold, for the corrected t-test
 * @param methods   every method that ran, OKL's first
 * @param notes     what did not run, and why
 */
public record DatasetResult(DatasetPlan plan, int rows, int inputs, int outputs, double testShare,
        List<MethodScores> methods, List<String> notes) {

    /** The scores of a method, if it ran. */
    public java.util.Optional<MethodScores> method(String name) {
        return methods.stream().filter(m -> m.method().equals(name)).findFirst();
    }
}
