package org.okl.api.solve;

import org.okl.api.API;
import org.okl.api.linalg.Matrix;

/**
 * A regression fitted along a regularization path: one predictor per path point, sharing one decomposition or one
 * run of an iterative filter.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface RegressionPath {

    /** The number of path points (equals the filter's path length). */
    int length();

    /**
     * Predictions H at every path point for the given inputs, cheaper than asking {@link #at(int)} each time:
     * element {@code [j]} is t x D for path point j.
     */
    Matrix[] predictAll(Matrix inputs);

    /**
     * Multi-task predictions at every path point: element {@code [j]} is t x 1, row i the prediction of task
     * {@code tasks[i]} for input row i (each row's own column of {@link #predictAll(Matrix)}). Multi-task paths
     * override this to compute only that column, which model selection needs at every path point.
     *
     * @throws IllegalArgumentException when a task was not seen in training
     */
    default Matrix[] predictAllForTasks(Matrix inputs, int[] tasks) {
        Matrix[] all = predictAll(inputs);
        Matrix[] out = new Matrix[all.length];
        for (int j = 0; j < all.length; j++) {
            out[j] = Matrix.zeros(tasks.length, 1);
            for (int i = 0; i < tasks.length; i++) {
                if (tasks[i] < 0 || tasks[i] >= all[j].cols()) {
                    throw new IllegalArgumentException("task " + tasks[i] + " of row " + (i + 1)
                            + " was not seen in training");
                }
                out[j].set(i, 0, all[j].get(i, tasks[i]));
            }
        }
        return out;
    }

    /** The predictor at one path point. */
    Predictor at(int index);
}
