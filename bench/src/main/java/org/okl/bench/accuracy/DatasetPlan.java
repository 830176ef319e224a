package org.okl.bench.accuracy;

/**
 * One data set of the benchmark and its protocol.
 *
 * @param name    the OKL data set (its training and test splits, if any, are pooled)
 * @param task    the task
 * @param repeats repetitions of the cross-validation, or {@link #BY_SIZE}
 * @param folds   folds per repetition
 */
public record DatasetPlan(String name, Task task, int repeats, int folds) {
    /** Repetitions chosen by the data's rows once they are read ({@link #forRows}). */
    public static final int BY_SIZE = 0;

    /** A plan whose repetitions follow the data's rows, with 5 folds. */
    public static DatasetPlan bySize(String name, Task task) {
        return new DatasetPlan(name, task, BY_SIZE, 5);
    }

    /**
     * This plan for a data set of n rows: with {@link #BY_SIZE}, 5 repetitions up to 600 rows, 3 up to 1,100, 1
     * above (the full protocol's rule); otherwise this plan.
     */
    public DatasetPlan forRows(int n) {
        return repeats != BY_SIZE ? this : new DatasetPlan(name, task, n <= 600 ? 5 : n <= 1100 ? 3 : 1, folds);
    }
}
