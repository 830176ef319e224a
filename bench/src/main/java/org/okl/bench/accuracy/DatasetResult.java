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
 * @param higherIsBetter per metric, whether larger is better (as the metric says: {@code Metric#higherIsBetter})
 */
public record DatasetResult(DatasetPlan plan, int rows, int inputs, int outputs, double testShare,
        List<MethodScores> methods, List<String> notes, java.util.Map<String, Boolean> higherIsBetter) {

    /** Whether a larger value of the metric is better. */
    public boolean higherIsBetter(String metric) {
        Boolean h = higherIsBetter.get(metric);
        if (h == null) {
            throw new IllegalArgumentException("no direction for metric " + metric + " on " + plan.name());
        }
        return h;
    }

    /** The scores of a method, if it ran. */
    public java.util.Optional<MethodScores> method(String name) {
        return methods.stream().filter(m -> m.method().equals(name)).findFirst();
    }
}
