package org.okl.core.select;

import java.util.List;

/**
 * The validation error along one parameter's values and the chosen value, as stored in model provenance.
 *
 * @param parameter  the parameter name, for example {@code lambda} or {@code iterations}
 * @param values     the parameter values tried, in path order
 * @param meanErrors the mean validation error at every value (over folds or repetitions)
 * @param chosen     the index of the chosen value
 */
public record ValidationCurve(String parameter, double[] values, double[] meanErrors, int chosen) {

    /** Validates that values and errors line up and the choice is one of them. */
    public ValidationCurve {
        if (values.length != meanErrors.length) {
            throw new IllegalArgumentException(values.length + " values but " + meanErrors.length + " errors");
        }
        if (chosen < 0 || chosen >= values.length) {
            throw new IllegalArgumentException("chosen index " + chosen + " outside 0.." + (values.length - 1));
        }
        values = values.clone();
        meanErrors = meanErrors.clone();
    }

    /** The curve that chooses the lowest mean error (the first one on ties; NaN errors are never chosen). */
    public static ValidationCurve minimum(String parameter, double[] values, double[] meanErrors) {
        int best = -1;
        for (int j = 0; j < meanErrors.length; j++) {
            if (!Double.isNaN(meanErrors[j]) && (best < 0 || meanErrors[j] < meanErrors[best])) {
                best = j;
            }
        }
        if (best < 0) {
            throw new IllegalArgumentException("no finite validation error for '" + parameter + "'");
        }
        return new ValidationCurve(parameter, values, meanErrors, best);
    }

    /** The curve of the errors averaged over several splits (each array one error per value). */
    public static ValidationCurve averaged(String parameter, double[] values, List<double[]> errorsPerSplit) {
        if (errorsPerSplit.isEmpty()) {
            throw new IllegalArgumentException("no splits to average for '" + parameter + "'");
        }
        double[] mean = new double[values.length];
        for (double[] e : errorsPerSplit) {
            if (e.length != values.length) {
                throw new IllegalArgumentException(e.length + " errors for " + values.length + " values");
            }
            for (int j = 0; j < mean.length; j++) {
                mean[j] += e[j] / errorsPerSplit.size();
            }
        }
        return minimum(parameter, values, mean);
    }

    /** The chosen parameter value. */
    public double chosenValue() {
        return values[chosen];
    }

    /** The mean error at the chosen value. */
    public double chosenError() {
        return meanErrors[chosen];
    }
}
