package org.okl.core.select;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Repeated random sub-sampling validation: independent random splits, each holding out a fraction of the samples
 * (BM22: 5 repetitions of 80% / 20%, {@link #bm22(long)}).
 *
 * @param repetitions        the number of splits (>= 1)
 * @param validationFraction the share of samples held out in every split, in (0, 1)
 * @param seed               the seed of the sequence of permutations
 */
public record RepeatedSubsampling(int repetitions, double validationFraction, long seed) implements Splitter {

    /** BM22's protocol: 5 random 80/20 splits. */
    public static RepeatedSubsampling bm22(long seed) {
        return new RepeatedSubsampling(5, 0.2, seed);
    }

    @Override
    public List<Split> splits(int n) {
        if (repetitions < 1) {
            throw new IllegalArgumentException("repeated sub-sampling: repetitions must be >= 1, got " + repetitions);
        }
        int validation = Permutations.validationCount("subsampling", n, validationFraction);
        Random random = new Random(seed);
        List<Split> splits = new ArrayList<>();
        for (int r = 0; r < repetitions; r++) {
            splits.add(Permutations.firstValidate(Permutations.shuffled(n, random), validation));
        }
        return splits;
    }
}
