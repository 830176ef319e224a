package org.okl.experiments.usps;

import java.util.Arrays;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.TrainingData;
import org.okl.experiments.HeldOut;
import org.okl.experiments.TestSeal;

/**
 * The ESL USPS digits as image completion ({@code usps-halves}): zip.train (7291 rows) and zip.test (2007 rows), inputs
 * the top 128 pixels, outputs the bottom 128, values in [-1, 1].
 *
 * @param train the training split, rows in file order
 * @param test  the test split, rows in file order, sealed in the run's {@link TestSeal}
 */
record UspsData(Dataset.Split train, HeldOut test) {

    /** Loads {@code usps-halves} through the data-set registry, its test split sealed in {@code seal}. */
    static UspsData load(Okl okl, TestSeal seal) {
        Dataset d = okl.create(DatasetSource.class, ComponentSpec.of("usps-halves")).load(okl.context());
        TestSeal.Sealed sealed = seal.split(d);
        return new UspsData(sealed.train(), sealed.test());
    }

    /** The rows {@code from} (inclusive) to {@code to} (exclusive). */
    static int[] range(int from, int to) {
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("bad row range [" + from + ", " + to + ")");
        }
        int[] rows = new int[to - from];
        Arrays.setAll(rows, i -> from + i);
        return rows;
    }

    /** Labelled training data made of the given rows of a split. */
    static TrainingData labelled(Dataset.Split split, int[] rows) {
        return TrainingData.of(split.inputs().selectRows(rows), split.outputs().selectRows(rows));
    }

    /** The number of distinct rows of a matrix (how many different outputs a decoder returned). */
    static int distinctRows(Matrix m) {
        java.util.Set<java.util.List<Double>> rows = new java.util.HashSet<>();
        for (double[] row : m.toRows()) {
            rows.add(Arrays.stream(row).boxed().toList());
        }
        return rows.size();
    }

    /** The mean of the rows of a matrix, repeated {@code times} times (the trivial mean predictor). */
    static Matrix meanRows(Matrix m, int times) {
        Matrix out = Matrix.zeros(times, m.cols());
        for (int j = 0; j < m.cols(); j++) {
            double s = 0;
            for (int i = 0; i < m.rows(); i++) {
                s += m.get(i, j);
            }
            double mean = s / m.rows();
            for (int i = 0; i < times; i++) {
                out.set(i, j, mean);
            }
        }
        return out;
    }
}
