package org.okl.transforms;

import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.FittedTransform;
import org.okl.api.transform.InputTransform;
import org.okl.api.transform.TransformStatistics;

/**
 * {@code standardize}: every column minus its training mean, divided by its training standard deviation (the
 * population one, as scikit-learn's {@code StandardScaler}); a column with no spread is only centred. Missing values
 * (NaN, in targets) are left out of the statistics and stay missing.
 */
final class Standardize implements InputTransform {
    static final String ID = "standardize";
    private final boolean center;
    private final boolean scale;

    /**
     * @param center whether to subtract the mean
     * @param scale  whether to divide by the standard deviation
     */
    Standardize(boolean center, boolean scale) {
        this.center = center;
        this.scale = scale;
    }

    @Override
    public TransformStatistics statistics(ColumnSchema columns, ComponentContext context) {
        ColumnMoments moments = new ColumnMoments(columns.size());
        return new TransformStatistics() {
            @Override
            public void add(Matrix rows) {
                States.requireColumns(ID, rows, moments.columns());
                moments.add(rows);
            }

            @Override
            public Optional<Map<String, Matrix>> part() {
                return Optional.of(moments.part());
            }

            @Override
            public void merge(Map<String, Matrix> part) {
                moments.merge(part, ID);
            }

            @Override
            public FittedTransform finish() {
                double[] shift = new double[moments.columns()];
                double[] gain = new double[moments.columns()];
                for (int j = 0; j < shift.length; j++) {
                    if (moments.count(j) == 0) {
                        throw new IllegalArgumentException(ID + ": column " + columns.names().get(j)
                                + " has no value in the training rows");
                    }
                    shift[j] = center ? moments.mean(j) : 0.0;
                    double sd = moments.deviation(j);
                    gain[j] = scale && sd > 0.0 ? 1.0 / sd : 1.0;
                }
                return new AffineColumns(shift, gain, 0.0);
            }
        };
    }

    @Override
    public FittedTransform restore(Map<String, Matrix> state, ComponentContext context) {
        return AffineColumns.restore(state, ID);
    }
}
