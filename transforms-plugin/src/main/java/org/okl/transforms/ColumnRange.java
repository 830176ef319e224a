package org.okl.transforms;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.FittedTransform;
import org.okl.api.transform.TransformStatistics;

/** The smallest and largest value of every column over rows added block by block, NaN left out. */
final class ColumnRange {
    private final String transform;
    private final double[] min;
    private final double[] max;

    ColumnRange(String transform, int columns) {
        this.transform = transform;
        this.min = new double[columns];
        this.max = new double[columns];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
    }

    void add(Matrix rows) {
        States.requireColumns(transform, rows, min.length);
        int n = rows.rows();
        double[] d = rows.data();
        for (int j = 0; j < min.length; j++) {
            for (int i = 0; i < n; i++) {
                double v = d[j * n + i];
                if (!Double.isNaN(v)) {
                    min[j] = Math.min(min[j], v);
                    max[j] = Math.max(max[j], v);
                }
            }
        }
    }

    /** The ranges as arrays ({@code min}, {@code max}, each 1 x columns; infinite for a column without values). */
    Map<String, Matrix> part() {
        return Map.of("min", States.rowOf(min.clone()), "max", States.rowOf(max.clone()));
    }

    /** Widens the ranges to those of other rows ({@link #part()}). */
    void merge(Map<String, Matrix> part) {
        double[] lo = States.row(part, transform, "min");
        double[] hi = States.row(part, transform, "max");
        if (lo.length != min.length || hi.length != min.length) {
            throw new IllegalArgumentException(transform + ": a part has " + lo.length + " columns, expected "
                    + min.length);
        }
        for (int j = 0; j < min.length; j++) {
            min[j] = Math.min(min[j], lo[j]);
            max[j] = Math.max(max[j], hi[j]);
        }
    }

    int columns() {
        return min.length;
    }

    /** Whether column j had a value. */
    boolean seen(int j) {
        return min[j] <= max[j];
    }

    double min(int j) {
        return min[j];
    }

    double max(int j) {
        return max[j];
    }

    /** The smallest value of every column (a copy). */
    double[] mins() {
        return min.clone();
    }

    /**
     * Transform statistics that gather the ranges of the columns (parts merged as {@link #part()} and
     * {@link #merge} give them) and end with {@code finish} applied to the ranges.
     */
    static TransformStatistics statistics(String transform, int columns,
            Function<ColumnRange, FittedTransform> finish) {
        ColumnRange range = new ColumnRange(transform, columns);
        return new TransformStatistics() {
            @Override
            public void add(Matrix rows) {
                range.add(rows);
            }

            @Override
            public Optional<Map<String, Matrix>> part() {
                return Optional.of(range.part());
            }

            @Override
            public void merge(Map<String, Matrix> part) {
                range.merge(part);
            }

            @Override
            public FittedTransform finish() {
                return finish.apply(range);
            }
        };
    }
}
