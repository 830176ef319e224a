package org.okl.core.select;

import java.util.Arrays;
import java.util.Random;
import org.okl.api.component.InvalidParameterException;

/** Seeded permutations and index helpers shared by the splitters. */
final class Permutations {

    private Permutations() {
    }

    /** A uniformly random permutation of 0..n-1 (Fisher-Yates). */
    static int[] shuffled(int n, Random random) {
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

    /** The sorted elements p[from..to). */
    static int[] sortedRange(int[] p, int from, int to) {
        int[] r = Arrays.copyOfRange(p, from, to);
        Arrays.sort(r);
        return r;
    }

    /** A split: the first {@code validation} entries of the permutation validate, the rest train. */
    static Split firstValidate(int[] p, int validation) {
        return new Split(sortedRange(p, validation, p.length), sortedRange(p, 0, validation));
    }

    /** The number of validation samples for a fraction of n, at least 1 and leaving at least 1 for training. */
    static int validationCount(String component, int n, double fraction) {
        if (!(fraction > 0 && fraction < 1)) {
            throw new InvalidParameterException(component, "fraction", "must be in (0, 1), got " + fraction);
        }
        if (n < 2) {
            throw new InvalidParameterException(component, "fraction", "needs at least 2 samples to hold some out, got "
                    + n);
        }
        return (int) Math.min(n - 1, Math.max(1, Math.round(fraction * n)));
    }
}
