package org.okl.transforms;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.okl.api.linalg.Matrix;
import org.okl.api.transform.ColumnSchema;
import org.okl.api.transform.FittedTransform;

/** A fitted selection of some of the columns, in their order. */
final class ColumnSubset implements FittedTransform {
    private final String id;
    private final int width;
    private final int[] keep;

    /**
     * @param id    the transform, for messages
     * @param width the number of columns taken
     * @param keep  the positions kept, increasing
     */
    ColumnSubset(String id, int width, int[] keep) {
        for (int j : keep) {
            if (j < 0 || j >= width) {
                throw new IllegalArgumentException(id + ": column " + j + " outside " + width);
            }
        }
        this.id = id;
        this.width = width;
        this.keep = keep.clone();
    }

    static ColumnSubset restore(String id, Map<String, Matrix> state) {
        int width = States.width(state, id);
        return new ColumnSubset(id, width, States.columns(state, id, "keep", width));
    }

    @Override
    public int inputDimension() {
        return width;
    }

    @Override
    public int outputDimension() {
        return keep.length;
    }

    @Override
    public Matrix apply(Matrix rows) {
        States.requireColumns(id, rows, width);
        return rows.selectColumns(keep);
    }

    @Override
    public ColumnSchema columns(ColumnSchema input) {
        List<String> names = new ArrayList<>();
        List<List<String>> levels = new ArrayList<>();
        for (int j : keep) {
            names.add(input.names().get(j));
            levels.add(input.levels().get(j));
        }
        return new ColumnSchema(names, levels);
    }

    @Override
    public Map<String, Matrix> state() {
        Map<String, Matrix> m = new LinkedHashMap<>();
        m.put("width", States.rowOf(new double[] {width}));
        m.put("keep", States.rowOf(keep));
        return m;
    }
}
