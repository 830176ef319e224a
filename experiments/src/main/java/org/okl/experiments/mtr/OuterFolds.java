package org.okl.experiments.mtr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** Seeded k-fold splits {training rows, test rows} for the outer cross-validation. */
final class OuterFolds {
    private OuterFolds() {
    }

    /** k folds of a seeded permutation of 0..n−1; fold sizes differ by at most one; index arrays sorted. */
    static List<int[][]> kFold(int n, int k, long seed) {
        if (k < 2 || k > n) {
            throw new IllegalArgumentException("k-fold needs 2 <= k <= n, got k = " + k + ", n = " + n);
        }
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        List<int[][]> out = new ArrayList<>();
        for (int f = 0; f < k; f++) {
            int from = (int) ((long) f * n / k);
            int to = (int) ((long) (f + 1) * n / k);
            int[] test = Arrays.copyOfRange(perm, from, to);
            int[] train = new int[n - test.length];
            System.arraycopy(perm, 0, train, 0, from);
            System.arraycopy(perm, to, train, from, n - to);
            Arrays.sort(test);
            Arrays.sort(train);
            out.add(new int[][] {train, test});
        }
        return out;
    }
}
