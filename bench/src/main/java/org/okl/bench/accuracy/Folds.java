package org.okl.bench.accuracy;

import java.util.Random;

/**
 * The folds of repeated k-fold cross-validation: for repetition r, the rows are shuffled with a generator seeded by
 * {@code seed + r} and dealt to the folds in turn, so every fold has floor(n/k) or ceil(n/k) rows.
 */
public final class Folds {
    private Folds() {
    }

    /** {@code folds[r][i]}: the fold of row i in repetition r. */
    public static int[][] of(int n, int repeats, int k, long seed) {
        int[][] out = new int[repeats][n];
        for (int r = 0; r < repeats; r++) {
            int[] order = new int[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Random random = new Random(seed + r);
            for (int i = n - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            for (int pos = 0; pos < n; pos++) {
                out[r][order[pos]] = pos % k;
            }
        }
        return out;
    }

    /** The rows of fold f in a repetition's assignment, in increasing order. */
    public static int[] rows(int[] assignment, int f, boolean inFold) {
        int count = 0;
        for (int a : assignment) {
            count += (a == f) == inFold ? 1 : 0;
        }
        int[] rows = new int[count];
        int at = 0;
        for (int i = 0; i < assignment.length; i++) {
            if ((assignment[i] == f) == inFold) {
                rows[at++] = i;
            }
        }
        return rows;
    }
}
