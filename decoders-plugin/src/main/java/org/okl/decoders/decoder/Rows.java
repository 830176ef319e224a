package org.okl.decoders.decoder;

import org.okl.api.linalg.Matrix;

/** Row-wise selections shared by the decoders; ties always go to the lower index. */
final class Rows {

    private Rows() {
    }

    /** The column of the largest entry of row i among columns [from, to), the lowest such column on ties. */
    static int argmax(Matrix m, int i, int from, int to) {
        int best = from;
        double bestValue = m.get(i, from);
        for (int j = from + 1; j < to; j++) {
            double v = m.get(i, j);
            if (v > bestValue || (Double.isNaN(bestValue) && !Double.isNaN(v))) {
                best = j;
                bestValue = v;
            }
        }
        return best;
    }

    /** The k columns of the largest entries of row i, largest first, ties to the lower column. */
    static int[] topK(Matrix m, int i, int k) {
        int[] index = new int[k];
        double[] value = new double[k];
        int count = 0;
        for (int j = 0; j < m.cols(); j++) {
            double v = m.get(i, j);
            if (Double.isNaN(v)) {
                v = Double.NEGATIVE_INFINITY;
            }
            if (count == k && !(v > value[k - 1])) {
                continue;
            }
            int pos = Math.min(count, k - 1);
            while (pos > 0 && value[pos - 1] < v) {
                pos--;
            }
            int last = Math.min(count, k - 1);
            System.arraycopy(index, pos, index, pos + 1, last - pos);
            System.arraycopy(value, pos, value, pos + 1, last - pos);
            index[pos] = j;
            value[pos] = v;
            count = Math.min(count + 1, k);
        }
        return index;
    }
}
