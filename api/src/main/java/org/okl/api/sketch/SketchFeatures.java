package org.okl.api.sketch;

import java.util.Map;
import java.util.Optional;
import org.okl.api.API;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SparseMatrix;

/**
 * A drawn kernel sketch: m explicit features phi(x) and an m x m positive semi-definite metric M such that
 * {@code k(x, x') ≈ phi(x)^T M^+ phi(x')} (M^+ the pseudo-inverse). Nystrom: {@code phi(x) = k(x, L)} over m
 * landmarks L and {@code M = k(L, L)}; random Fourier features: {@code phi(x) = z(x)} and M the identity.
 *
 * <p>A model over a sketch predicts {@code phi(x)^T beta} with weights beta (m x D); the regularized problem is
 * {@code min ||Y - Phi beta||^2 + n·lambda·tr(beta^T M beta)} (docs/conventions.md#regularization-scale), so
 * implementations must be thread-safe for {@link #features} (blocks are evaluated concurrently).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface SketchFeatures {

    /** The number of features m. */
    int size();

    /** The features of the rows of {@code inputs} (t x p): t x m. */
    Matrix features(Matrix inputs);

    /**
     * The features of rows dense or sparse. Sketches whose features take sparse rows as they are (Nystrom with a
     * kernel that takes them, {@link org.okl.api.kernel.SparseVectorKernel}) override this and
     * {@link #takesSparse}; the default makes sparse rows dense first, which wide rows refuse.
     *
     * @throws IllegalArgumentException when sparse rows are too wide to be made dense
     */
    default Matrix features(InputRows inputs) {
        if (inputs instanceof SparseMatrix sparse) {
            return features(sparse.toDense());
        }
        return features((Matrix) inputs);
    }

    /**
     * Writes {@link #features(InputRows)} into {@code into} (t x m, overwritten), the same values, so that a pass
     * over many blocks reuses one array. The default computes the features and copies them; sketches that can write
     * in place override it.
     *
     * @throws IllegalArgumentException when {@code into} is not t x m
     */
    default void features(InputRows inputs, Matrix into) {
        if (into.rows() != inputs.rows() || into.cols() != size()) {
            throw new IllegalArgumentException("a " + into.rows() + " x " + into.cols() + " matrix cannot hold the "
                    + "features of " + inputs.rows() + " rows (" + size() + " each)");
        }
        Matrix block = features(inputs);
        if (block.rows() != into.rows() || block.cols() != into.cols()) {
            throw new IllegalStateException("the sketch gave " + block.rows() + " x " + block.cols() + " features for "
                    + inputs.rows() + " rows of " + size());
        }
        System.arraycopy(block.data(), 0, into.data(), 0, block.data().length);
    }

    /** Whether {@link #features(InputRows)} takes sparse rows as they are (else it makes them dense). */
    default boolean takesSparse() {
        return false;
    }

    /** The metric M (m x m), or empty when it is the identity (explicit features such as random Fourier ones). */
    Optional<Matrix> metric();

    /**
     * What {@link KernelSketch#restore} needs to rebuild these features, by name (landmarks, frequencies, ...);
     * stored in model files next to the weights.
     */
    Map<String, Matrix> arrays();
}
