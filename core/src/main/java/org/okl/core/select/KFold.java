package org.okl.core.select;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.okl.api.component.InvalidParameterException;

/**
 * k-fold cross-validation over a seeded permutation: fold f validates on the f-th of k nearly equal parts (sizes
 * differ by at most one) and trains on the others.
 *
 * @param folds the number of folds k (2..n; {@link #splits} throws {@link InvalidParameterException} otherwise)
 * @param seed  the seed of the permutation
 */
public record KFold(int folds, long seed) implements Splitter {

    @Override
    public List<Split> splits(int n) {
        if (folds < 2) {
            throw new InvalidParameterException("kfold", "folds", "must be at least 2, got " + folds);
        }
        if (folds > n) {
            throw new InvalidParameterException("kfold", "folds", "must be at most the number of samples, " + n
                    + ", got " + folds + " (every fold validates on at least one sample); use " + n + " or fewer ("
                    + n + " = leave-one-out)");
        }
        int[] p = Permutations.shuffled(n, new Random(seed));
        List<Split> splits = new ArrayList<>();
        for (int f = 0; f < folds; f++) {
            int from = (int) ((long) f * n / folds);
            int to = (int) ((long) (f + 1) * n / folds);
            int[] train = new int[n - (to - from)];
            int q = 0;
            for (int i = 0; i < n; i++) {
                if (i < from || i >= to) {
                    train[q++] = p[i];
                }
            }
            java.util.Arrays.sort(train);
            splits.add(new Split(train, Permutations.sortedRange(p, from, to)));
        }
        return splits;
    }
}
