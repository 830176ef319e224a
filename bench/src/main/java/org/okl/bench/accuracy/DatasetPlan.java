package org.okl.bench.accuracy;

/**
 * One data set of the benchmark and its protocol.
 *
 * @param name    the OKL data set (its training and test splits, if any, are pooled)
 * @param task    the task
 * @param repeats repetitions of the cross-validation
 * @param folds   folds per repetition
 */
public record DatasetPlan(String name, Task task, int repeats, int folds) {
}
