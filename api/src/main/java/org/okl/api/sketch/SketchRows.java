package org.okl.api.sketch;

import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;

/**
 * The training inputs a {@link KernelSketch} is drawn from: a matrix in memory, a file read block by block, or a
 * distributed data set. Rows have a fixed order and global indices 0..n-1; a pass reads them all in that order.
 *
 * <p>Rows may be stored sparse ({@link #sparse()}: LIBSVM files, Spark's sparse vectors): {@link #forEachInputBlock}
 * and {@link #sample} give them as stored, so a sketch whose features take sparse rows keeps them sparse; the dense
 * methods ({@link #forEachBlock}, {@link #uniformSample}) make them dense, which wide rows refuse.
 *
 * <p>Three steps a sketch may need are methods here rather than passes the sketch writes itself, so that a source
 * held by a cluster runs them where the rows are: the uniform sample ({@link #sample}), the features' Gram
 * ({@link #featureGram}) and a sample by feature scores ({@link #scoreSample}). Their defaults make one pass on this
 * machine; a cluster gives the same results (up to round-off in the Gram) from its workers. The features handed to
 * the last two must be ones the pipeline's sketch rebuilds from their {@link SketchFeatures#arrays()} (a cluster
 * sends the arrays, not the object).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface SketchRows {

    /** The number of rows n (a streamed source learns it on its first pass, and makes one to count if asked first). */
    long size();

    /** The number of input columns p. */
    int dimension();

    /**
     * A uniform sample of {@code min(count, n)} distinct rows without replacement, in row order, drawn by
     * {@link ReservoirSample} with this seed in one pass; every source gives the same rows for the same data. Dense
     * ({@link #sample} keeps sparse rows sparse).
     */
    Matrix uniformSample(int count, long seed);

    /** One pass over the inputs, in blocks, in row order, dense. */
    void forEachBlock(InputBlockVisitor visitor);

    /** All the inputs when they are in memory (n x p), for sketches that need random access to every row. */
    default Optional<Matrix> inMemory() {
        return Optional.empty();
    }

    /** Whether the rows are stored sparse. */
    default boolean sparse() {
        return false;
    }

    /** One pass over the inputs as stored (dense or sparse), in blocks, in row order. */
    default void forEachInputBlock(InputRowsVisitor visitor) {
        forEachBlock(visitor::accept);
    }

    /** The rows {@link #uniformSample} draws, as stored (sparse rows stay sparse). */
    default InputRows sample(int count, long seed) {
        return uniformSample(count, seed);
    }

    /**
     * The Gram of the features over every row, {@code sum_i phi(x_i) phi(x_i)^T} (m x m, symmetric).
     *
     * @param features      drawn features that the pipeline's sketch rebuilds from their arrays
     * @param linearAlgebra the back-end
     */
    default Matrix featureGram(SketchFeatures features, LinearAlgebra linearAlgebra) {
        int m = features.size();
        Matrix gram = Matrix.zeros(m, m);
        forEachInputBlock((first, inputs) -> linearAlgebra.symmetricRankUpdate(1.0, features.features(inputs),
                true, 1.0, gram));
        for (int j = 0; j < m; j++) {
            for (int i = j + 1; i < m; i++) {
                gram.set(j, i, gram.get(i, j));
            }
        }
        return gram;
    }

    /**
     * {@code count} rows drawn without replacement with probabilities proportional to the scores
     * {@code ||F^T phi(x_i)||^2} ({@link WeightedSample} with this seed), in row order, as stored.
     *
     * @param features      drawn features that the pipeline's sketch rebuilds from their arrays
     * @param factor        F (m x r)
     * @param linearAlgebra the back-end
     */
    default InputRows scoreSample(SketchFeatures features, Matrix factor, int count, long seed,
            LinearAlgebra linearAlgebra) {
        WeightedSample sample = new WeightedSample(count, seed);
        forEachInputBlock((first, inputs) -> sample.offer(first, inputs, scores(features.features(inputs), factor,
                linearAlgebra)));
        return sample.rows(dimension());
    }

    /** Per row of the features Phi (t x m): {@code ||F^T phi_i||^2}, the squared norms of the rows of Phi F. */
    static double[] scores(Matrix phi, Matrix factor, LinearAlgebra linearAlgebra) {
        Matrix projected = linearAlgebra.multiply(phi, factor);
        int t = projected.rows();
        double[] d = projected.data();
        double[] s = new double[t];
        for (int k = 0; k < projected.cols(); k++) {
            for (int i = 0; i < t; i++) {
                double v = d[i + k * t];
                s[i] += v * v;
            }
        }
        return s;
    }

    /** Receives the dense blocks of a pass. */
    @FunctionalInterface
    interface InputBlockVisitor {

        /**
         * One block of consecutive rows.
         *
         * @param firstRow the global index of the block's first row
         * @param inputs   the block's inputs (rows x p); may be reused after the call returns
         */
        void accept(long firstRow, Matrix inputs);
    }

    /** Receives the blocks of a pass as stored. */
    @FunctionalInterface
    interface InputRowsVisitor {

        /**
         * One block of consecutive rows.
         *
         * @param firstRow the global index of the block's first row
         * @param inputs   the block's inputs (rows x p), dense or sparse
         */
        void accept(long firstRow, InputRows inputs);
    }
}
