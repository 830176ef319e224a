package org.okl.transforms;

import java.util.Map;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.FittedTransform;
import org.okl.api.transform.InputTransform;
import org.okl.api.transform.TransformStatistics;

/**
 * {@code min-max}: every column mapped linearly so that its training minimum goes to {@code min} and its training
 * maximum to {@code max} (scikit-learn's {@code MinMaxScaler}); a constant column goes to {@code min}. Values outside
 * the training range map outside [min, max]. NaN is left out of the statistics and stays NaN.
 */
final class MinMax implements InputTransform {
    static final String ID = "min-max";
    private final double low;
    private final double high;

    /**
     * @param low  where each column's training minimum goes
     * @param high where its training maximum goes, above {@code low}
     */
    MinMax(double low, double high) {
        if (!(high > low)) {
            throw new IllegalArgumentException(ID + ": max (" + high + ") must exceed min (" + low + ")");
        }
        this.low = low;
        this.high = high;
    }

    @Override
    public TransformStatistics statistics(ColumnSchema columns, ComponentContext context) {
        return ColumnRange.statistics(ID, columns.size(), range -> {
            double[] gain = new double[range.columns()];
            for (int j = 0; j < gain.length; j++) {
                if (!range.seen(j)) {
                    throw new IllegalArgumentException(ID + ": column " + columns.names().get(j)
                            + " has no value in the training rows");
                }
                double width = range.max(j) - range.min(j);
                gain[j] = width > 0.0 ? (high - low) / width : 1.0;
            }
            return new AffineColumns(range.mins(), gain, low);
        });
    }

    @Override
    public FittedTransform restore(Map<String, Matrix> state, ComponentContext context) {
        return AffineColumns.restore(state, ID);
    }
}
