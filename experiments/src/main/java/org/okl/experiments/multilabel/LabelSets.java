package org.okl.experiments.multilabel;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.okl.api.linalg.Matrix;

/** Label-set statistics of {0, 1} multi-label outputs (one row a point, one column a label). */
final class LabelSets {
    private LabelSets() {
    }

    /** l̄: the mean number of positive labels per row. */
    static double meanLabels(Matrix y) {
        double positives = 0;
        for (double v : y.data()) {
            positives += v;
        }
        return positives / y.rows();
    }

    /** The number of distinct rows (label sets). */
    static int distinct(Matrix y) {
        return counts(y).size();
    }

    /** The most frequent row (ties to the first seen), repeated {@code times} times. */
    static Matrix mostFrequent(Matrix y, int times) {
        Map<List<Double>, Integer> counts = counts(y);
        double[] best = null;
        int bestCount = 0;
        for (double[] row : y.toRows()) {
            int c = counts.get(asList(row));
            if (c > bestCount) {
                bestCount = c;
                best = row;
            }
        }
        double[][] rows = new double[times][];
        Arrays.fill(rows, best);
        return Matrix.fromRows(rows);
    }

    private static Map<List<Double>, Integer> counts(Matrix y) {
        Map<List<Double>, Integer> counts = new HashMap<>();
        for (double[] row : y.toRows()) {
            counts.merge(asList(row), 1, Integer::sum);
        }
        return counts;
    }

    private static List<Double> asList(double[] row) {
        return Arrays.stream(row).boxed().toList();
    }
}
