package org.okl.kernels.bandwidth;

/** In-place selection of order statistics (quickselect with median-of-three pivots), expected linear time. */
final class Selection {

    private Selection() {
    }

    /**
     * Rearranges {@code v[from, to)} so that {@code v[k]} holds the value it would have after sorting that range,
     * every element before it is {@code <=} and every element after it is {@code >=}.
     */
    static void select(double[] v, int from, int to, int k) {
        int lo = from;
        int hi = to - 1;
        while (hi > lo) {
            int mid = (lo + hi) >>> 1;
            if (v[mid] < v[lo]) {
                swap(v, mid, lo);
            }
            if (v[hi] < v[lo]) {
                swap(v, hi, lo);
            }
            if (v[hi] < v[mid]) {
                swap(v, hi, mid);
            }
            double pivot = v[mid];
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (v[i] < pivot) {
                    i++;
                }
                while (v[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    swap(v, i, j);
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                hi = j;
            } else if (k >= i) {
                lo = i;
            } else {
                return;
            }
        }
    }

    /** The largest value in {@code v[from, to)}. */
    static double max(double[] v, int from, int to) {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = from; i < to; i++) {
            m = Math.max(m, v[i]);
        }
        return m;
    }

    private static void swap(double[] v, int i, int j) {
        double t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}
