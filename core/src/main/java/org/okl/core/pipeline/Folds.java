package org.okl.core.pipeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** Seeded index splits {train, validation} for model selection and cross-validation. */
final class Folds {
    private Folds() {
    }

    /** k folds of a seeded permutation; fold sizes differ by at most one. */
    static List<int[][]> kFold(int n, int k, long seed) {
        if (k < 2 || k > n) {
            throw new IllegalArgumentException("k-fold needs 2 <= k <= n, got k = " + k + ", n = " + n);
        }
        int[] perm = permutation(n, seed);
        List<int[][]> out = new ArrayList<>();
        for (int f = 0; f < k; f++) {
            int from = (int) ((long) f * n / k);
            int to = (int) ((long) (f + 1) * n / k);
            out.add(split(perm, from, to));
        }
        return out;
    }

    /** One seeded split with the given validation fraction. */
    static int[][] holdOut(int n, double fraction, long seed) {
        int v = Math.max(1, Math.min(n - 1, (int) Math.round(fraction * n)));
        return split(permutation(n, seed), 0, v);
    }

    /** Repeated random sub-sampling: {@code repetitions} hold-out splits with successive seeds. */
    static List<int[][]> repeatedSubsampling(int n, int repetitions, double fraction, long seed) {
        List<int[][]> out = new ArrayList<>();
        for (int r = 0; r < repetitions; r++) {
            out.add(holdOut(n, fraction, seed + r));
        }
        return out;
    }

    private static int[][] split(int[] perm, int from, int to) {
        int[] validation = Arrays.copyOfRange(perm, from, to);
        int[] train = new int[perm.length - validation.length];
        System.arraycopy(perm, 0, train, 0, from);
        System.arraycopy(perm, to, train, from, perm.length - to);
        Arrays.sort(validation);
        Arrays.sort(train);
        return new int[][] {train, validation};
    }

    private static int[] permutation(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
