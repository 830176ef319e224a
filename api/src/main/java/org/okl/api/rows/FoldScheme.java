package org.okl.api.rows;

import java.io.Serializable;
import java.util.Locale;
import org.okl.api.API;
import org.okl.api.sketch.RowRandom;

/**
 * Which group every training row belongs to for one-pass model selection, as a pure function of a seed and the
 * row's global index (0-based, in file or matrix order), so that a file read in blocks, a matrix in memory and the
 * partitions of a distributed data set put every row in the same fold. Groups are 0..{@link #groups()}-1; groups
 * 0..{@link #validationFolds()}-1 are validation folds, each validated on by a model trained on every other group.
 *
 * <ul>
 *   <li>{@link #none()}: one group, no validation (a single fit);</li>
 *   <li>{@link #kFold}: k groups, each a validation fold. Rows are taken in chunks of k consecutive rows (chunk
 *       c = row / k); chunk c is dealt to the k folds in the order of a permutation drawn from {@link #mix}(seed,
 *       c): row r goes to fold {@code perm_c[r mod k]}. Folds differ in size by at most one row, and rows that are
 *       neighbours in a sorted file are spread over the folds;</li>
 *   <li>{@link #holdOut}: group 0 (validation) holds the rows whose {@link #uniform}(seed, row) is below the
 *       fraction, group 1 the rest (training only);</li>
 *   <li>{@link #explicit}: k groups given row by row by the caller (a fold column).</li>
 * </ul>
 * The permutation of a chunk is a Fisher-Yates shuffle of 0..k-1 driven by SplitMix64 started at mix(seed, c): for
 * i = k-1 down to 1, j = floorMod(next, i + 1), swap(i, j). Everything is specified here so another implementation
 * (Python, Spark) can reproduce the folds exactly.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public final class FoldScheme implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    /** How the groups are formed. */
    public enum Kind {
        /** One group, no validation. */
        NONE,
        /** k-fold cross-validation by hashed, balanced chunks. */
        K_FOLD,
        /** One hashed validation group and one training group. */
        HOLD_OUT,
        /** Groups given by the caller for every row. */
        EXPLICIT
    }

    private final Kind kind;
    private final int folds;
    private final double fraction;
    private final long seed;

    private FoldScheme(Kind kind, int folds, double fraction, long seed) {
        this.kind = kind;
        this.folds = folds;
        this.fraction = fraction;
        this.seed = seed;
    }

    /** One group, no validation. */
    public static FoldScheme none() {
        return new FoldScheme(Kind.NONE, 1, 0, 0);
    }

    /**
     * k-fold cross-validation.
     *
     * @throws IllegalArgumentException when k &lt; 2
     */
    public static FoldScheme kFold(int k, long seed) {
        if (k < 2) {
            throw new IllegalArgumentException("k-fold selection needs at least 2 folds, got " + k);
        }
        return new FoldScheme(Kind.K_FOLD, k, 0, seed);
    }

    /**
     * A hold-out of about {@code fraction} of the rows.
     *
     * @throws IllegalArgumentException when the fraction is not in (0, 1)
     */
    public static FoldScheme holdOut(double fraction, long seed) {
        if (!(fraction > 0 && fraction < 1)) {
            throw new IllegalArgumentException("the hold-out fraction must be in (0, 1), got " + fraction);
        }
        return new FoldScheme(Kind.HOLD_OUT, 2, fraction, seed);
    }

    /**
     * k folds given by the caller for every row (for example a fold column), each a validation fold.
     *
     * @throws IllegalArgumentException when k &lt; 2
     */
    public static FoldScheme explicit(int k) {
        if (k < 2) {
            throw new IllegalArgumentException("a fold column needs at least 2 folds, got " + k);
        }
        return new FoldScheme(Kind.EXPLICIT, k, 0, 0);
    }

    /** How the groups are formed. */
    public Kind kind() {
        return kind;
    }

    /** The number of groups. */
    public int groups() {
        return kind == Kind.HOLD_OUT ? 2 : folds;
    }

    /** The number of validation folds (groups 0..v-1). */
    public int validationFolds() {
        return switch (kind) {
            case NONE -> 0;
            case HOLD_OUT -> 1;
            case K_FOLD, EXPLICIT -> folds;
        };
    }

    /**
     * The group of one row.
     *
     * @throws IllegalStateException for an {@link Kind#EXPLICIT} scheme, whose groups come with the rows
     */
    public int groupOf(long row) {
        int[] one = new int[1];
        groupsOf(row, 1, one);
        return one[0];
    }

    /**
     * The groups of {@code count} consecutive rows starting at global row {@code firstRow}, written into
     * {@code into[0..count)}.
     *
     * @throws IllegalStateException for an {@link Kind#EXPLICIT} scheme
     */
    public void groupsOf(long firstRow, int count, int[] into) {
        switch (kind) {
            case NONE -> java.util.Arrays.fill(into, 0, count, 0);
            case HOLD_OUT -> {
                for (int i = 0; i < count; i++) {
                    into[i] = uniform(seed, firstRow + i) < fraction ? 0 : 1;
                }
            }
            case K_FOLD -> {
                int[] perm = new int[folds];
                long chunk = -1;
                for (int i = 0; i < count; i++) {
                    long row = firstRow + i;
                    long c = row / folds;
                    if (c != chunk) {
                        permutation(c, perm);
                        chunk = c;
                    }
                    into[i] = perm[(int) (row % folds)];
                }
            }
            case EXPLICIT -> throw new IllegalStateException("the groups of an explicit fold scheme come with the "
                    + "rows (a fold column)");
            default -> throw new IllegalStateException(kind.toString());
        }
    }

    /**
     * Whether each group is in the training set of a validation fold (every group but the fold), or of the final
     * fit on all rows when {@code fold} is -1.
     */
    public boolean[] trainingGroups(int fold) {
        if (fold < -1 || fold >= validationFolds()) {
            throw new IllegalArgumentException("validation fold " + fold + " of " + validationFolds());
        }
        boolean[] in = new boolean[groups()];
        for (int g = 0; g < in.length; g++) {
            in[g] = g != fold;
        }
        return in;
    }

    /** A short description for model provenance, for example {@code 5-fold (hashed rows, seed 0)}. */
    public String describe() {
        return switch (kind) {
            case NONE -> "none";
            case K_FOLD -> folds + "-fold cross-validation (rows dealt by seeded chunks of " + folds + ", seed " + seed
                    + ")";
            case HOLD_OUT -> String.format(Locale.ROOT, "hold-out of %s (hashed rows, seed %d)", fraction, seed);
            case EXPLICIT -> folds + "-fold cross-validation (folds given by a fold column)";
        };
    }

    private void permutation(long chunk, int[] perm) {
        for (int i = 0; i < perm.length; i++) {
            perm[i] = i;
        }
        long state = mix(seed, chunk);
        for (int i = perm.length - 1; i > 0; i--) {
            state += GOLDEN;
            int j = (int) Math.floorMod(finish(state), (long) (i + 1));
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
    }

    /** SplitMix64's output for the state {@code seed + (index + 1)·0x9E3779B97F4A7C15} ({@link RowRandom#bits}). */
    public static long mix(long seed, long index) {
        return RowRandom.bits(seed, index);
    }

    /** A uniform number in [0, 1) for a row: the top 53 bits of {@link #mix}(seed, row) times 2^-53. */
    public static double uniform(long seed, long row) {
        return RowRandom.uniform(seed, row);
    }

    private static long finish(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FoldScheme f && f.kind == kind && f.folds == folds && f.fraction == fraction
                && f.seed == seed;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(kind, folds, fraction, seed);
    }

    @Override
    public String toString() {
        return describe();
    }
}
