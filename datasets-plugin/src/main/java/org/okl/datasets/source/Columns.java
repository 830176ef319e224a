package org.okl.datasets.source;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.data.Dataset;
import org.okl.api.data.Table;
import org.okl.api.linalg.Matrix;

/** Cutting tables into inputs and outputs. */
final class Columns {

    private Columns() {
    }

    /** The column indices [from, to). */
    static int[] range(int from, int to) {
        int[] out = new int[to - from];
        for (int j = 0; j < out.length; j++) {
            out[j] = from + j;
        }
        return out;
    }

    /** The columns 0..p-1 that are not in {@code taken}, in order. */
    static int[] complement(int p, int[] taken) {
        boolean[] used = new boolean[p];
        for (int j : taken) {
            used[j] = true;
        }
        List<Integer> out = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            if (!used[j]) {
                out.add(j);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The names of the given columns. */
    static List<String> names(Table table, int[] columns) {
        List<String> out = new ArrayList<>();
        for (int j : columns) {
            out.add(table.columnNames().get(j));
        }
        return out;
    }

    /** A split of the given rows of a matrix into input and output columns (rows [from, to)). */
    static Dataset.Split split(Matrix values, int[] inputs, int[] outputs, int from, int to) {
        Matrix rows = from == 0 && to == values.rows() ? values : values.rowRange(from, to);
        return new Dataset.Split(rows.selectColumns(inputs), rows.selectColumns(outputs));
    }

    /** A split of all rows. */
    static Dataset.Split split(Matrix values, int[] inputs, int[] outputs) {
        return split(values, inputs, outputs, 0, values.rows());
    }

    /** A data set without a shipped test split. */
    static Dataset dataset(String name, Dataset.Task task, Dataset.Split train, List<String> inputNames,
            List<String> outputNames, String source) {
        return new Dataset(name, task, train, Optional.empty(), inputNames, outputNames, source);
    }
}
