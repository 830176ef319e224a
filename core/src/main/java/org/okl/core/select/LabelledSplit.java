package org.okl.core.select;

import java.util.Random;

/**
 * Which training samples keep their outputs in a semi-supervised experiment: a seeded random choice of labelled
 * samples, the others used as unlabelled inputs (both sorted increasingly).
 *
 * @param labelled   rows that keep their outputs
 * @param unlabelled rows whose outputs are hidden
 */
public record LabelledSplit(int[] labelled, int[] unlabelled) {

    /**
     * Chooses {@code labelledCount} of n samples uniformly at random.
     *
     * @throws IllegalArgumentException unless 1 &lt;= labelledCount &lt;= n
     */
    public static LabelledSplit of(int n, int labelledCount, long seed) {
        if (labelledCount < 1 || labelledCount > n) {
            throw new IllegalArgumentException("labelled split: the number of labelled samples must be in [1, "
                    + n + "], got " + labelledCount);
        }
        int[] p = Permutations.shuffled(n, new Random(seed));
        return new LabelledSplit(Permutations.sortedRange(p, 0, labelledCount),
                Permutations.sortedRange(p, labelledCount, n));
    }
}
