package org.okl.core.stream;

import java.util.Arrays;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;

/**
 * What a pass over blocks of rows computes with, wherever the blocks are (this machine, or a cluster's worker that
 * rebuilt the features): the sketch's features, the folds, the most rows of one kernel block, the back-end and where
 * the time is counted.
 *
 * @param features      the drawn sketch
 * @param scheme        the folds
 * @param chunkRows     the most rows of one kernel block
 * @param linearAlgebra the back-end
 * @param timings       where kernel and product time are counted
 */
public record PassContext(SketchFeatures features, FoldScheme scheme, int chunkRows, LinearAlgebra linearAlgebra,
        StreamTimings timings) {

    /** Checks the chunk size. */
    public PassContext {
        if (chunkRows < 1) {
            throw new IllegalArgumentException("chunk rows must be >= 1, got " + chunkRows);
        }
    }

    /** Receives the features of a chunk of one group's rows of a block. */
    @FunctionalInterface
    public interface GroupChunk {

        /**
         * @param group the group
         * @param rows  the chunk's rows within the block
         * @param phi   their features (rows x m)
         */
        void accept(int group, int[] rows, Matrix phi);
    }

    /**
     * For every group below {@code groups}, the block's rows of that group in chunks of at most {@link #chunkRows}
     * rows, with their features (the time counted as kernel blocks, the consumer's as products).
     */
    public void forEachGroupChunk(long first, InputRows inputs, int groups, GroupChunk consumer) {
        int t = inputs.rows();
        int[] group = new int[t];
        scheme.groupsOf(first, t, group);
        for (int g = 0; g < groups; g++) {
            int gg = g;
            int[] mine = java.util.stream.IntStream.range(0, t).filter(i -> group[i] == gg).toArray();
            for (int from = 0; from < mine.length; from += chunkRows) {
                int[] part = Arrays.copyOfRange(mine, from, Math.min(mine.length, from + chunkRows));
                long start = System.nanoTime();
                Matrix phi = features.features(part.length == t ? inputs : inputs.selectRows(part));
                long mid = System.nanoTime();
                consumer.accept(g, part, phi);
                timings.kernel(mid - start);
                timings.products(System.nanoTime() - mid);
            }
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
