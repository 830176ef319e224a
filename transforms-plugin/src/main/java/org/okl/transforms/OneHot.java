package org.okl.transforms;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.text.UserText;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.FittedTransform;
import org.okl.api.transform.InputTransform;
import org.okl.api.transform.TransformStatistics;

/**
 * {@code one-hot}: each chosen column (the nominal ones by default: ARFF attributes declared with levels; or named
 * columns of a CSV file holding codes) is replaced, in place, by one 0/1 column per level. The levels are a nominal
 * column's declared ones, else the distinct values of the training rows (at most {@code max-levels}); a value met
 * only at prediction sets none of its column's indicators, as scikit-learn's {@code handle_unknown="ignore"}.
 */
final class OneHot implements InputTransform {
    static final String ID = "one-hot";
    private final String columns;
    private final int maxLevels;

    /**
     * @param columns   the columns to encode ({@link ColumnChoice})
     * @param maxLevels the most levels one column may have
     */
    OneHot(String columns, int maxLevels) {
        this.columns = columns;
        this.maxLevels = maxLevels;
    }

    @Override
    public TransformStatistics statistics(ColumnSchema schema, ComponentContext context) {
        int[] chosen = ColumnChoice.resolve(ID, columns, schema);
        List<TreeSet<Double>> seen = new ArrayList<>();
        for (int j : chosen) {
            TreeSet<Double> levels = new TreeSet<>();
            if (schema.nominal(j)) {
                for (double c : schema.levelCodes(j)) {
                    levels.add(c);
                }
            }
            seen.add(levels);
        }
        return new TransformStatistics() {
            @Override
            public void add(Matrix rows) {
                States.requireColumns(ID, rows, schema.size());
                for (int k = 0; k < chosen.length; k++) {
                    TreeSet<Double> levels = seen.get(k);
                    for (double v : rows.columnValues(chosen[k])) {
                        if (Double.isNaN(v)) {
                            continue;
                        }
                        if (levels.add(v == 0.0 ? 0.0 : v) && levels.size() > maxLevels) {
                            throw new IllegalArgumentException(ID + ": column "
                                    + UserText.quote(schema.names().get(chosen[k]))
                                    + " has more than " + maxLevels + " distinct values, too many for a nominal "
                                    + "column (raise \"max-levels\" if it is one)");
                        }
                    }
                }
            }

            /** The values seen in every chosen column, {@code levels/k} (1 x values) for its k-th. */
            @Override
            public Optional<Map<String, Matrix>> part() {
                Map<String, Matrix> out = new LinkedHashMap<>();
                for (int k = 0; k < chosen.length; k++) {
                    out.put("levels/" + k, States.rowOf(seen.get(k).stream().mapToDouble(Double::doubleValue)
                            .toArray()));
                }
                return Optional.of(out);
            }

            @Override
            public void merge(Map<String, Matrix> part) {
                for (int k = 0; k < chosen.length; k++) {
                    TreeSet<Double> levels = seen.get(k);
                    for (double v : States.row(part, ID, "levels/" + k)) {
                        levels.add(v);
                    }
                    if (levels.size() > maxLevels) {
                        throw new IllegalArgumentException(ID + ": column "
                                + UserText.quote(schema.names().get(chosen[k]))
                                + " has more than " + maxLevels + " distinct values, too many for a nominal "
                                + "column (raise \"max-levels\" if it is one)");
                    }
                }
            }

            @Override
            public FittedTransform finish() {
                double[][] levels = new double[chosen.length][];
                for (int k = 0; k < chosen.length; k++) {
                    levels[k] = seen.get(k).stream().mapToDouble(Double::doubleValue).toArray();
                }
                return new Fitted(schema.size(), chosen, levels);
            }
        };
    }

    @Override
    public FittedTransform restore(Map<String, Matrix> state, ComponentContext context) {
        int width = States.width(state, ID);
        int[] chosen = States.columns(state, ID, "columns", width);
        int[] counts = States.indices(state, ID, "counts");
        double[] all = States.row(state, ID, "levels");
        if (counts.length != chosen.length || Arrays.stream(counts).asLongStream().sum() != all.length) {
            throw new IllegalArgumentException(ID + ": stored arrays 'columns', 'counts' and 'levels' disagree");
        }
        for (int k = 1; k < chosen.length; k++) {
            if (chosen[k] <= chosen[k - 1]) {
                throw new IllegalArgumentException(ID + ": stored array 'columns' is not increasing");
            }
        }
        int at = 0;
        for (int c : counts) {
            for (int k = at + 1; k < at + c; k++) {
                if (!(all[k] > all[k - 1])) {
                    throw new IllegalArgumentException(ID + ": stored array 'levels' is not increasing within a "
                            + "column");
                }
            }
            at += c;
        }
        double[][] levels = new double[chosen.length][];
        at = 0;
        for (int k = 0; k < chosen.length; k++) {
            levels[k] = Arrays.copyOfRange(all, at, at + counts[k]);
            at += counts[k];
        }
        return new Fitted(width, chosen, levels);
    }

    /** The fitted coding: the encoded columns and their sorted levels. */
    private static final class Fitted implements FittedTransform {
        private final int width;
        private final int[] chosen;
        private final double[][] levels;
        /** For every encoded input column, its levels (a map: a stored width is not allocated before it is checked). */
        private final Map<Integer, double[]> byColumn = new HashMap<>();
        private final int outputs;

        Fitted(int width, int[] chosen, double[][] levels) {
            this.width = width;
            this.chosen = chosen.clone();
            this.levels = levels;
            long q = width;
            for (int k = 0; k < chosen.length; k++) {
                if (chosen[k] >= width) {
                    throw new IllegalArgumentException(ID + ": column " + chosen[k] + " outside " + width);
                }
                if (byColumn.put(chosen[k], levels[k]) != null) {
                    throw new IllegalArgumentException(ID + ": column " + chosen[k] + " is coded twice");
                }
                q += levels[k].length - 1L;
            }
            if (q > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(ID + ": " + q + " output columns, more than a matrix holds");
            }
            this.outputs = (int) q;
        }

        @Override
        public int inputDimension() {
            return width;
        }

        @Override
        public int outputDimension() {
            return outputs;
        }

        @Override
        public Matrix apply(Matrix rows) {
            States.requireColumns(ID, rows, width);
            int n = rows.rows();
            Matrix out = Matrix.zeros(n, outputs);
            double[] in = rows.data();
            double[] o = out.data();
            int col = 0;
            for (int j = 0; j < width; j++) {
                double[] l = byColumn.get(j);
                if (l == null) {
                    System.arraycopy(in, j * n, o, col * n, n);
                    col++;
                    continue;
                }
                for (int i = 0; i < n; i++) {
                    int k = Arrays.binarySearch(l, in[j * n + i] == 0.0 ? 0.0 : in[j * n + i]);
                    if (k >= 0) {
                        o[(col + k) * n + i] = 1.0;
                    }
                }
                col += l.length;
            }
            return out;
        }

        @Override
        public ColumnSchema columns(ColumnSchema input) {
            List<String> names = new ArrayList<>();
            for (int j = 0; j < width; j++) {
                double[] l = byColumn.get(j);
                if (l == null) {
                    names.add(input.names().get(j));
                    continue;
                }
                List<String> declared = input.levels().get(j);
                double[] codes = input.nominal(j) ? input.levelCodes(j) : new double[0];
                for (double v : l) {
                    String label = label(v);
                    for (int k = 0; k < codes.length; k++) {
                        if (codes[k] == v) {
                            label = declared.get(k);
                        }
                    }
                    names.add(input.names().get(j) + "=" + label);
                }
            }
            return ColumnSchema.numeric(names);
        }

        private static String label(double v) {
            return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
        }

        @Override
        public Map<String, Matrix> state() {
            Map<String, Matrix> m = new LinkedHashMap<>();
            m.put("width", States.rowOf(new double[] {width}));
            m.put("columns", States.rowOf(chosen));
            int[] counts = new int[levels.length];
            List<Double> all = new ArrayList<>();
            for (int k = 0; k < levels.length; k++) {
                counts[k] = levels[k].length;
                for (double v : levels[k]) {
                    all.add(v);
                }
            }
            m.put("counts", States.rowOf(counts));
            m.put("levels", States.rowOf(all.stream().mapToDouble(Double::doubleValue).toArray()));
            return m;
        }
    }
}
