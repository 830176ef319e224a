package org.okl.core.select;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;

/**
 * A splitter applied within each group (task) of multi-task data, so that every task keeps its share in the training
 * and in the validation part of every split, as a validation set drawn per task does (B12: a validation set of the
 * same size as the training set, per task; the school data: each school's students split into training, validation
 * and test). The base splitter's kind and parameters are kept: a hold-out of a fraction, k-fold, or repeated
 * sub-sampling, each drawn within every group from a seed of its own (derived from the base seed, groups taken in
 * increasing order). A group of a single row always trains (so every task is seen in training). For k-fold, each
 * group's shuffled rows are dealt into the folds in turn, continuing where the previous group stopped, so the folds'
 * sizes differ by at most one and each task's share of a fold by at most one row.
 *
 * @param base   the splitter whose kind, parameters and seed are used within each group
 * @param groups the group of every row
 */
public record GroupStratified(Splitter base, int[] groups) implements Splitter {

    /** Checks the base kind and copies the groups. */
    public GroupStratified {
        if (!(base instanceof HoldOut || base instanceof KFold || base instanceof RepeatedSubsampling)) {
            throw new IllegalArgumentException("cannot stratify a " + base.getClass().getSimpleName() + " split");
        }
        groups = groups.clone();
    }

    /**
     * The base splitter stratified by the groups when there are groups, else the base splitter itself; repeated
     * k-fold is stratified round by round.
     */
    public static Splitter of(Splitter base, Optional<int[]> groups) {
        if (groups.isPresent() && base instanceof RepeatedKFold repeated) {
            return repeated.eachRound(k -> new GroupStratified(k, groups.get()));
        }
        return groups.<Splitter>map(g -> new GroupStratified(base, g)).orElse(base);
    }

    @Override
    public List<Split> splits(int n) {
        if (n != groups.length) {
            throw new IllegalArgumentException("stratified split of " + n + " rows with " + groups.length
                    + " group labels");
        }
        TreeMap<Integer, List<Integer>> byGroup = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            byGroup.computeIfAbsent(groups[i], g -> new ArrayList<>()).add(i);
        }
        int count = splitCount(n);
        List<List<Integer>> train = new ArrayList<>();
        List<List<Integer>> validation = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            train.add(new ArrayList<>());
            validation.add(new ArrayList<>());
        }
        Random seeds = new Random(seed());
        int next = 0;
        for (List<Integer> rows : byGroup.values()) {
            long groupSeed = seeds.nextLong();
            if (rows.size() == 1) {
                train.forEach(t -> t.add(rows.get(0)));
                continue;
            }
            if (base instanceof KFold) {
                // deal the group's shuffled rows into the folds, continuing where the previous group stopped
                for (int i : Permutations.shuffled(rows.size(), new Random(groupSeed))) {
                    for (int s = 0; s < count; s++) {
                        (s == next ? validation : train).get(s).add(rows.get(i));
                    }
                    next = (next + 1) % count;
                }
                continue;
            }
            List<Split> local = local(groupSeed).splits(rows.size());
            for (int s = 0; s < count; s++) {
                for (int i : local.get(s).validation()) {
                    validation.get(s).add(rows.get(i));
                }
                for (int i : local.get(s).train()) {
                    train.get(s).add(rows.get(i));
                }
            }
        }
        List<Split> out = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            if (validation.get(s).isEmpty()) {
                throw new IllegalArgumentException("stratified split: split " + (s + 1) + " of " + count
                        + " validates on no row (every group has a single row)");
            }
            out.add(new Split(sorted(train.get(s)), sorted(validation.get(s))));
        }
        return out;
    }

    private long seed() {
        if (base instanceof HoldOut h) {
            return h.seed();
        }
        return base instanceof KFold k ? k.seed() : ((RepeatedSubsampling) base).seed();
    }

    private int splitCount(int n) {
        if (base instanceof HoldOut) {
            return 1;
        }
        if (base instanceof KFold k) {
            k.splits(n); // checks 2 <= k <= n with the user-facing message
            return k.folds();
        }
        return ((RepeatedSubsampling) base).repetitions();
    }

    /** The hold-out or repeated sub-sampling of one group, from its own seed. */
    private Splitter local(long groupSeed) {
        if (base instanceof HoldOut h) {
            return new HoldOut(h.validationFraction(), groupSeed);
        }
        RepeatedSubsampling r = (RepeatedSubsampling) base;
        return new RepeatedSubsampling(r.repetitions(), r.validationFraction(), groupSeed);
    }

    private static int[] sorted(List<Integer> rows) {
        int[] out = rows.stream().mapToInt(Integer::intValue).toArray();
        Arrays.sort(out);
        return out;
    }
}
