package org.okl.core.progress;

/**
 * Receives progress of long steps (cross-validation folds, grid points, experiment stages). The command line shows
 * a progress bar on a terminal and nothing otherwise; code users may log it or ignore it.
 */
public interface ProgressListener {

    /** A listener that ignores everything. */
    ProgressListener NONE = (task, done, total) -> { };

    /**
     * Reports that {@code done} of {@code total} units of a task are finished.
     *
     * @param task  what is running, for example {@code model selection (5-fold, 9 lambdas)}
     * @param done  units finished, 0 when the task starts
     * @param total units in all
     */
    void progress(String task, int done, int total);
}
