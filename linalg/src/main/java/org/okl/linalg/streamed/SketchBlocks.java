package org.okl.linalg.streamed;

import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;
import org.okl.linalg.parallel.Workers;

/**
 * The sketch features of rows as parallel tasks of {@value #TASK_ROWS} rows each (a fixed size, so the features of a
 * row never depend on the number of threads), and the grouping of a block's rows that every pass shares.
 */
final class SketchBlocks {
    /** The rows of a features task, and of a task of products over features ({@code Phi} times a small matrix). */
    static final int TASK_ROWS = 128;

    private SketchBlocks() {
    }

    /** The indices in [from, to) of the rows of every group (groups 0..count-1; others are left out). */
    static int[][] rowsByGroup(int[] groups, int from, int to, int count) {
        int[] sizes = new int[count];
        for (int i = from; i < to; i++) {
            if (groups[i] >= 0 && groups[i] < count) {
                sizes[groups[i]]++;
            }
        }
        int[][] rows = new int[count][];
        for (int g = 0; g < count; g++) {
            rows[g] = new int[sizes[g]];
        }
        int[] filled = new int[count];
        for (int i = from; i < to; i++) {
            int g = groups[i];
            if (g >= 0 && g < count) {
                rows[g][filled[g]++] = i;
            }
        }
        return rows;
    }

    /**
     * The features of several row sets (a set may be {@code null}: its features are {@code null}), computed as one
     * parallel step.
     */
    static Matrix[] features(SketchFeatures features, InputRows[] inputs, Workers workers) {
        Matrix[] out = new Matrix[inputs.length];
        for (int s = 0; s < inputs.length; s++) {
            out[s] = inputs[s] == null ? null : Matrix.zeros(inputs[s].rows(), features.size());
        }
        forEachBlock(features, inputs, workers, (s, row, part) -> copyRows(part, out[s].data(), row, out[s].rows()));
        return out;
    }

    /**
     * The features of several row sets written into one column-major array with leading dimension {@code ld}: set s
     * into rows [at[s], at[s] + rows of set s) (a set may be {@code null}), as one parallel step.
     */
    static void featuresInto(SketchFeatures features, InputRows[] inputs, int[] at, double[] into, int ld,
            Workers workers) {
        forEachBlock(features, inputs, workers, (s, row, part) -> copyRows(part, into, at[s] + row, ld));
    }

    /** Where a task's block of features goes: rows [row, row + part's rows) of set s. */
    private interface BlockSink {
        void accept(int set, int row, Matrix part);
    }

    /**
     * The features of every set in tasks of {@value #TASK_ROWS} rows, as one parallel step, each block handed to the
     * sink. A task computes its block into a scratch array ({@link SketchFeatures#features(InputRows, Matrix)}: the
     * same values as {@link SketchFeatures#features(InputRows)}) that no running task holds (a worker waiting inside
     * a task, for a parallel loop of the kernel, may start another task), so a step allocates about one block per
     * thread instead of one per task.
     */
    private static void forEachBlock(SketchFeatures features, InputRows[] inputs, Workers workers, BlockSink sink) {
        int m = features.size();
        Deque<Matrix> scratch = new ConcurrentLinkedDeque<>();
        List<Runnable> tasks = new ArrayList<>();
        for (int s = 0; s < inputs.length; s++) {
            if (inputs[s] == null) {
                continue;
            }
            int set = s;
            InputRows x = inputs[s];
            int t = x.rows();
            for (int from = 0; from < t; from += TASK_ROWS) {
                int a = from;
                int b = Math.min(t, from + TASK_ROWS);
                tasks.add(() -> {
                    Matrix free = b - a == TASK_ROWS ? scratch.poll() : null;
                    Matrix part = free != null ? free : Matrix.zeros(b - a, m);
                    features.features(a == 0 && b == t ? x : x.rowRange(a, b), part);
                    sink.accept(set, a, part);
                    if (b - a == TASK_ROWS) {
                        scratch.push(part);
                    }
                });
            }
        }
        workers.forEach(tasks.size(), i -> tasks.get(i).run());
    }

    /** The features of one row set, as one parallel step. */
    static Matrix features(SketchFeatures features, InputRows inputs, Workers workers) {
        return features(features, new InputRows[] {inputs}, workers)[0];
    }

    /** Copies {@code part} (r x m) into rows [row, row + r) of a column-major array with leading dimension ld. */
    static void copyRows(Matrix part, double[] into, int row, int ld) {
        int r = part.rows();
        double[] src = part.data();
        for (int j = 0; j < part.cols(); j++) {
            System.arraycopy(src, j * r, into, row + j * ld, r);
        }
    }

    /** Copies {@code part} (r x m) into rows [row, row + r) of {@code into} (t x m). */
    static void copyRows(Matrix part, Matrix into, int row) {
        if (part.cols() != into.cols()) {
            throw new IllegalStateException("the sketch gave " + part.cols() + " features, not " + into.cols());
        }
        copyRows(part, into.data(), row, into.rows());
    }
}
