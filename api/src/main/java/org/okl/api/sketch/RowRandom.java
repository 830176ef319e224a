package org.okl.api.sketch;

import org.okl.api.API;

/**
 * Random numbers tied to a row rather than to a sequence: each is a function of a seed and a row's global index
 * (SplitMix64 of {@code seed + (row + 1)·0x9E3779B97F4A7C15}), so a random choice made for row i is the same
 * whether the rows are read in one pass on one machine or in pieces by a cluster's workers, in any order. The
 * samplers of this package ({@link ReservoirSample}, {@link WeightedSample}) draw from it.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class RowRandom {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private RowRandom() {
    }

    /** SplitMix64's output for the state {@code seed + (row + 1)·0x9E3779B97F4A7C15}: 64 random bits. */
    public static long bits(long seed, long row) {
        return finish(seed + (row + 1) * GOLDEN);
    }

    /** A uniform number in [0, 1): the top 53 bits of {@link #bits} times 2^-53. */
    public static double uniform(long seed, long row) {
        return (bits(seed, row) >>> 11) * 0x1.0p-53;
    }

    /**
     * A uniform whole number in [0, bound), without bias: {@code new SplittableRandom(seed + row·0x9E3779B97F4A7C15)
     * .nextLong(bound)}, whose first draw is {@link #bits}(seed, row) (63 bits redrawn, SplitMix64 continued, while
     * they fall in the incomplete last multiple of the bound).
     *
     * @param bound at least 1
     */
    public static long below(long seed, long row, long bound) {
        if (bound < 1) {
            throw new IllegalArgumentException("bound must be >= 1, got " + bound);
        }
        long state = seed + (row + 1) * GOLDEN;
        long r = finish(state);
        long limit = bound - 1;
        if ((bound & limit) == 0) {
            return r & limit;
        }
        long u = r >>> 1;
        for (long v = u % bound; ; v = u % bound) {
            if (u + limit - v >= 0) {
                return v;
            }
            state += GOLDEN;
            u = finish(state) >>> 1;
        }
    }

    private static long finish(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
