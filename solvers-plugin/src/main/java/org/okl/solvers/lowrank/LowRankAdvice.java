package org.okl.solvers.lowrank;

/** What to change when a sketched fit does not fit in the heap (said in memory errors). */
public final class LowRankAdvice {
    /** For the eigen route's per-fold m x m sums. */
    public static final String EIGEN = "lower the sketch's rank, use fewer folds, or let Falkon fit without m x m "
            + "sums per fold (\"solver\": {\"name\": \"falkon\"})";
    /** For Falkon's m x m factors. */
    public static final String FALKON = "lower the sketch's rank or the block size (\"solver\": {\"name\": "
            + "\"falkon\", \"blockRows\": 1024})";

    private LowRankAdvice() {
    }
}
