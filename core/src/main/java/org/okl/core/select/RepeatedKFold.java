package org.okl.core.select;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

/**
 * Repeated k-fold cross-validation: {@code repetitions} rounds of k-fold, each over its own seeded permutation, so
 * every sample is validated once per round ({@code repetitions x folds} splits in all, round by round). Averaging over
 * rounds lowers the variance that one partition's luck adds to a validation error, which matters most on small data
 * (scikit-learn's {@code RepeatedKFold}). The first round is {@code new KFold(folds, seed)} itself, so one repetition
 * is plain k-fold and the first round's folds are the k-fold folds of the same seed (those CV+ intervals use).
 *
 * @param folds       the number of folds k of every round (2..n)
 * @param repetitions the number of rounds (at least 1)
 * @param seed        the seed of the first round's permutation, and of the later rounds' seeds
 */
public record RepeatedKFold(int folds, int repetitions, long seed) implements Splitter {

    /** Checks the number of rounds. */
    public RepeatedKFold {
        if (repetitions < 1) {
            throw new IllegalArgumentException("repeated k-fold: repetitions must be >= 1, got " + repetitions);
        }
    }

    /** The rounds: plain k-fold with the given seed first, then with seeds drawn from it. */
    public List<KFold> rounds() {
        List<KFold> rounds = new ArrayList<>(repetitions);
        rounds.add(new KFold(folds, seed));
        Random seeds = new Random(seed);
        for (int r = 1; r < repetitions; r++) {
            rounds.add(new KFold(folds, seeds.nextLong()));
        }
        return rounds;
    }

    @Override
    public List<Split> splits(int n) {
        return eachRound(k -> k).splits(n);
    }

    /**
     * A splitter giving, round by round, the splits of each round turned into a splitter by {@code round} (such as
     * k-fold stratified by groups, {@link GroupStratified#of}).
     */
    public Splitter eachRound(Function<KFold, Splitter> round) {
        List<KFold> rounds = rounds();
        return n -> {
            List<Split> out = new ArrayList<>(rounds.size() * folds);
            for (KFold k : rounds) {
                out.addAll(round.apply(k).splits(n));
            }
            return out;
        };
    }
}
