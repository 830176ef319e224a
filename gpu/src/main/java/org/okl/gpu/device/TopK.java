package org.okl.gpu.device;

/**
 * The order of the running best candidates of {@link Device#topK}, shared by the CPU device and the checks of the
 * CUDA kernel: increasing by score, then by index; an empty place (index -1) comes after every candidate.
 */
public final class TopK {
    private TopK() {
    }

    /** Whether (score a, index ia) comes before (score b, index ib). */
    public static boolean before(double a, double ia, double b, double ib) {
        if (ib < 0) {
            return ia >= 0;
        }
        if (ia < 0) {
            return false;
        }
        return a < b || (a == b && ia < ib);
    }

    /**
     * Inserts a candidate into a row's running best (k places from {@code values[vo]} and {@code indices[io]}) if it
     * comes before the last.
     */
    public static void insert(double[] values, double[] indices, int vo, int io, int k, double score, double index) {
        if (!before(score, index, values[vo + k - 1], indices[io + k - 1])) {
            return;
        }
        int pos = k - 1;
        while (pos > 0 && before(score, index, values[vo + pos - 1], indices[io + pos - 1])) {
            values[vo + pos] = values[vo + pos - 1];
            indices[io + pos] = indices[io + pos - 1];
            pos--;
        }
        values[vo + pos] = score;
        indices[io + pos] = index;
    }
}
