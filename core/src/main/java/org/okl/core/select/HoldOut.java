package org.okl.core.select;

import java.util.List;
import java.util.Random;

/**
 * One random hold-out split: a fraction of the samples validates, the rest trains (B12 uses a validation set the size
 * of the training set, fraction 0.5).
 *
 * @param validationFraction the share of samples held out, in (0, 1)
 * @param seed               the seed of the permutation
 */
public record HoldOut(double validationFraction, long seed) implements Splitter {

    @Override
    public List<Split> splits(int n) {
        int validation = Permutations.validationCount("holdout", n, validationFraction);
        return List.of(Permutations.firstValidate(Permutations.shuffled(n, new Random(seed)), validation));
    }
}
