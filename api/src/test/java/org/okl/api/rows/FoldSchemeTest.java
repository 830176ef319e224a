package org.okl.api.rows;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FoldSchemeTest {

    /** The k-fold assignment written again from the class documentation, as an independent oracle. */
    private static int referenceFold(long seed, long row, int k) {
        long chunk = row / k;
        long state = splitMix(seed + (chunk + 1) * 0x9E3779B97F4A7C15L);
        int[] perm = new int[k];
        for (int i = 0; i < k; i++) {
            perm[i] = i;
        }
        for (int i = k - 1; i > 0; i--) {
            state += 0x9E3779B97F4A7C15L;
            long next = splitMix(state);
            int j = (int) (((next % (i + 1)) + (i + 1)) % (i + 1));
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        return perm[(int) (row % k)];
    }

    private static long splitMix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Test
    void kFoldFollowsTheDocumentedAlgorithmAndIsBalanced() {
        FoldScheme scheme = FoldScheme.kFold(5, 7);
        int n = 1003;
        int[] counts = new int[5];
        for (long row = 0; row < n; row++) {
            int fold = scheme.groupOf(row);
            assertThat(fold).isEqualTo(referenceFold(7, row, 5));
            counts[fold]++;
        }
        for (int c : counts) {
            assertThat(c).isBetween(n / 5, n / 5 + 1);
        }
        assertThat(scheme.groups()).isEqualTo(5);
        assertThat(scheme.validationFolds()).isEqualTo(5);
    }

    @Test
    void theFoldOfARowDoesNotDependOnHowRowsAreBlocked() {
        FoldScheme scheme = FoldScheme.kFold(3, 11);
        int[] whole = new int[500];
        scheme.groupsOf(0, 500, whole);
        for (int first = 0; first < 500; first += 37) {
            int count = Math.min(37, 500 - first);
            int[] part = new int[count];
            scheme.groupsOf(first, count, part);
            for (int i = 0; i < count; i++) {
                assertThat(part[i]).isEqualTo(whole[first + i]);
            }
        }
    }

    @Test
    void seedsGiveDifferentFoldsAndHoldOutHasItsFraction() {
        int differ = 0;
        for (long row = 0; row < 200; row++) {
            differ += FoldScheme.kFold(4, 1).groupOf(row) != FoldScheme.kFold(4, 2).groupOf(row) ? 1 : 0;
        }
        assertThat(differ).isGreaterThan(100);
        FoldScheme holdOut = FoldScheme.holdOut(0.2, 3);
        int validation = 0;
        int n = 100_000;
        for (long row = 0; row < n; row++) {
            int g = holdOut.groupOf(row);
            assertThat(g).isEqualTo(FoldScheme.uniform(3, row) < 0.2 ? 0 : 1);
            validation += g == 0 ? 1 : 0;
        }
        // binomial(100000, 0.2): standard deviation 126
        assertThat(validation).isBetween(n / 5 - 700, n / 5 + 700);
        assertThat(holdOut.validationFolds()).isEqualTo(1);
        assertThat(holdOut.trainingGroups(0)).containsExactly(false, true);
        assertThat(holdOut.trainingGroups(-1)).containsExactly(true, true);
    }

    @Test
    void badSchemesAreRefused() {
        assertThatThrownBy(() -> FoldScheme.kFold(1, 0)).hasMessageContaining("at least 2 folds");
        assertThatThrownBy(() -> FoldScheme.holdOut(1.0, 0)).hasMessageContaining("(0, 1)");
        assertThatThrownBy(() -> FoldScheme.explicit(3).groupOf(0)).hasMessageContaining("fold column");
        assertThat(FoldScheme.none().groupOf(12345)).isZero();
    }
}
