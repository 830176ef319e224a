package org.okl.linalg.streamed;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.rows.StreamTimings;
import org.okl.api.sketch.SketchFeatures;
import org.okl.linalg.TiledProducts;
import org.okl.linalg.parallel.Workers;

/**
 * What a pass over blocks of rows computes with, wherever the blocks are (this machine, or a cluster's worker that
 * rebuilt the features): the sketch's features, the folds, the most rows of one kernel block, the back-end, where
 * the time is counted, and the threads its tasks run on (this machine's {@link Workers}; a cluster's task computes on
 * its own thread, {@link Workers#callerOnly()}).
 *
 * @param features      the drawn sketch
 * @param scheme        the folds
 * @param chunkRows     the most rows of one kernel block
 * @param linearAlgebra the back-end
 * @param timings       where kernel and product time are counted
 * @param workers       the threads of the pass's tasks
 */
public record PassContext(SketchFeatures features, FoldScheme scheme, int chunkRows, LinearAlgebra linearAlgebra,
        StreamTimings timings, Workers workers) {

    /** Checks the chunk size. */
    public PassContext {
        if (chunkRows < 1) {
            throw new IllegalArgumentException("chunk rows must be >= 1, got " + chunkRows);
        }
    }

    /** A context whose tasks run on the calling thread (a cluster's task). */
    public PassContext(SketchFeatures features, FoldScheme scheme, int chunkRows, LinearAlgebra linearAlgebra,
            StreamTimings timings) {
        this(features, scheme, chunkRows, linearAlgebra, timings, Workers.callerOnly());
    }

    /** The tiled products of the back-end ({@link TiledProducts}), single-threaded calls for tasks. */
    TiledProducts products() {
        return TiledProducts.of(linearAlgebra);
    }

    /** Receives the features of one group's rows of a piece of a block, and adds the tasks that use them. */
    @FunctionalInterface
    interface GroupPiece {

        /**
         * @param group the group
         * @param rows  the rows of the group in the block
         * @param phi   their features (rows x m)
         * @param tasks where the tasks go (they run in parallel with every group's, in any order)
         * @param after what runs on the calling thread, in order, once every task has run
         */
        void accept(int group, int[] rows, Matrix phi, List<Runnable> tasks, List<Runnable> after);
    }

    /**
     * For every piece of at most {@link #chunkRows} consecutive rows of a block: the features of the rows of every
     * group below {@code groups} (one parallel step on the workers, counted as kernel blocks), then the consumers'
     * tasks (one parallel step, counted as products), then their {@code after} steps in order. The tasks depend on
     * the shapes only, so what they add up is the same on any number of threads.
     */
    void forEachGroupPiece(long first, InputRows inputs, int groups, GroupPiece consumer) {
        int t = inputs.rows();
        int[] group = new int[t];
        scheme.groupsOf(first, t, group);
        for (int from = 0; from < t; from += chunkRows) {
            int[][] rows = SketchBlocks.rowsByGroup(group, from, Math.min(t, from + chunkRows), groups);
            InputRows[] x = new InputRows[groups];
            for (int g = 0; g < groups; g++) {
                x[g] = rows[g].length == 0 ? null : rows[g].length == t ? inputs : inputs.selectRows(rows[g]);
            }
            long start = System.nanoTime();
            Matrix[] phi = SketchBlocks.features(features, x, workers);
            long mid = System.nanoTime();
            List<Runnable> tasks = new ArrayList<>();
            List<Runnable> after = new ArrayList<>();
            for (int g = 0; g < groups; g++) {
                if (phi[g] != null) {
                    consumer.accept(g, rows[g], phi[g], tasks, after);
                }
            }
            TiledProducts.run(tasks, workers);
            after.forEach(Runnable::run);
            timings.kernel(mid - start);
            timings.products(System.nanoTime() - mid);
        }
    }

    /** A new matrix: the given rows of m, each times its weight (or the rows as they are without weights). */
    static Matrix weightedRows(Matrix m, int[] rows, double[] weights) {
        Matrix out = rows.length == m.rows() ? m.copy() : m.selectRows(rows);
        if (weights != null) {
            int t = out.rows();
            double[] d = out.data();
            for (int j = 0; j < out.cols(); j++) {
                for (int i = 0; i < t; i++) {
                    d[i + j * t] *= weights[rows[i]];
                }
            }
        }
        return out;
    }
}
