package org.okl.transforms;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.FittedTransform;
import org.okl.api.transform.InputTransform;
import org.okl.api.transform.TransformStatistics;

/**
 * {@code log1p}: {@code log(1 + x)} of the chosen columns (all by default), for counts and other skewed non-negative
 * values; every value must exceed -1, in training and at prediction. Inverted by {@code exp(y) - 1}.
 */
final class Log1p implements InputTransform {
    static final String ID = "log1p";
    private final String columns;

    /** @param columns the columns to transform ({@link ColumnChoice}) */
    Log1p(String columns) {
        this.columns = columns;
    }

    @Override
    public TransformStatistics statistics(ColumnSchema schema, ComponentContext context) {
        Fitted fitted = new Fitted(schema.size(), ColumnChoice.resolve(ID, columns, schema));
        return new TransformStatistics() {
            @Override
            public void add(Matrix rows) {
                fitted.apply(rows);
            }

            /** Nothing to gather: the rows are only checked (on every part where it is held). */
            @Override
            public Optional<Map<String, Matrix>> part() {
                return Optional.of(Map.of());
            }

            @Override
            public void merge(Map<String, Matrix> part) {
                // no statistic
            }

            @Override
            public FittedTransform finish() {
                return fitted;
            }
        };
    }

    @Override
    public FittedTransform restore(Map<String, Matrix> state, ComponentContext context) {
        int width = States.width(state, ID);
        return new Fitted(width, States.columns(state, ID, "columns", width));
    }

    /** The fitted transform: the width and the chosen columns. */
    private static final class Fitted implements FittedTransform {
        private final int width;
        private final int[] chosen;

        Fitted(int width, int[] chosen) {
            this.width = width;
            this.chosen = chosen.clone();
        }

        @Override
        public int inputDimension() {
            return width;
        }

        @Override
        public int outputDimension() {
            return width;
        }

        @Override
        public Matrix apply(Matrix rows) {
            States.requireColumns(ID, rows, width);
            Matrix out = rows.copy();
            int n = rows.rows();
            double[] d = out.data();
            for (int j : chosen) {
                for (int i = 0; i < n; i++) {
                    double v = d[j * n + i];
                    if (v <= -1.0) {
                        throw new IllegalArgumentException(ID + ": row " + (i + 1) + ", column " + (j + 1) + " holds "
                                + v + "; log(1 + x) needs values above -1 (choose other columns with \"columns\")");
                    }
                    d[j * n + i] = Math.log1p(v);
                }
            }
            return out;
        }

        @Override
        public boolean invertible() {
            return true;
        }

        @Override
        public Matrix invert(Matrix transformed) {
            States.requireColumns(ID, transformed, width);
            Matrix out = transformed.copy();
            int n = out.rows();
            double[] d = out.data();
            for (int j : chosen) {
                for (int i = 0; i < n; i++) {
                    d[j * n + i] = Math.expm1(d[j * n + i]);
                }
            }
            return out;
        }

        @Override
        public ColumnSchema columns(ColumnSchema input) {
            return input;
        }

        @Override
        public Map<String, Matrix> state() {
            Map<String, Matrix> m = new LinkedHashMap<>();
            m.put("width", States.rowOf(new double[] {width}));
            m.put("columns", States.rowOf(chosen));
            return m;
        }
    }
}
