package org.okl.linalg.device;

import org.okl.api.linalg.Matrix;

/**
 * A scalar Gram matrix {@code K = U diag(s) U^T} (n x n) decomposed on a device, its eigenvectors left there: the
 * exact separable path needs only {@code U^T Y} and {@code U C} for n x d blocks. {@link #close} frees the device
 * memory.
 */
public interface GramSpectrum extends AutoCloseable {

    /** The eigenvalues s, decreasing, negative round-off clamped to 0. */
    double[] values();

    /** {@code U^T y} (n x c) for y (n x c), in the order of {@link #values}. */
    Matrix transposeTimes(Matrix y);

    /** {@code U c} (n x c) for c (n x c), in the order of {@link #values}. */
    Matrix times(Matrix c);

    /** Where it was computed, for the model's provenance. */
    String device();

    @Override
    void close();
}
