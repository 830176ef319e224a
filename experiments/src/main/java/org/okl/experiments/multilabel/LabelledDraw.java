package org.okl.experiments.multilabel;

import java.util.Arrays;
import java.util.Random;

/**
 * One random draw of a training set into labelled rows and unlabelled rows (disjoint, each sorted).
 *
 * @param labelled   rows used with their outputs
 * @param unlabelled rows used without their outputs (inputs for manifold regularization, outputs for OEL)
 */
record LabelledDraw(int[] labelled, int[] unlabelled) {

    /**
     * Draws {@code labelled} rows of {@code size} at random, and up to {@code maxUnlabelled} of the remaining rows
     * (all of them when fewer remain), with a seeded shuffle.
     *
     * @throws IllegalArgumentException when {@code labelled} is not in [1, size)
     */
    static LabelledDraw draw(int size, int labelled, int maxUnlabelled, long seed) {
        if (labelled < 1 || labelled >= size) {
            throw new IllegalArgumentException("cannot draw " + labelled + " labelled rows from " + size);
        }
        int[] perm = new int[size];
        for (int i = 0; i < size; i++) {
            perm[i] = i;
        }
        Random rng = new Random(seed);
        for (int i = size - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        int m = Math.min(maxUnlabelled, size - labelled);
        int[] l = Arrays.copyOfRange(perm, 0, labelled);
        int[] u = Arrays.copyOfRange(perm, labelled, labelled + m);
        Arrays.sort(l);
        Arrays.sort(u);
        return new LabelledDraw(l, u);
    }
}
