package org.okl.transforms;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.FittedTransform;
import org.okl.api.transform.InputTransform;
import org.okl.api.transform.TransformStatistics;

/**
 * {@code drop-constant}: leaves out the columns whose training values span at most {@code tolerance} (max - min), for
 * example a feature that never varies in a fold; they carry no information and would distort kernel widths. Fails
 * when every column is constant.
 */
final class DropConstant implements InputTransform {
    static final String ID = "drop-constant";
    private final double tolerance;

    /** @param tolerance the largest spread of a column still called constant */
    DropConstant(double tolerance) {
        this.tolerance = tolerance;
    }

    @Override
    public TransformStatistics statistics(ColumnSchema columns, ComponentContext context) {
        int p = columns.size();
        return ColumnRange.statistics(ID, p, range -> {
            List<Integer> keep = new ArrayList<>();
            for (int j = 0; j < p; j++) {
                if (range.max(j) - range.min(j) > tolerance) {
                    keep.add(j);
                }
            }
            if (keep.isEmpty()) {
                throw new IllegalArgumentException(ID + ": every one of the " + p + " columns is constant in the "
                        + "training rows");
            }
            return new ColumnSubset(ID, p, keep.stream().mapToInt(Integer::intValue).toArray());
        });
    }

    @Override
    public FittedTransform restore(Map<String, Matrix> state, ComponentContext context) {
        return ColumnSubset.restore(ID, state);
    }
}
