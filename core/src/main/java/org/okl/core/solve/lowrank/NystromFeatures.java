package org.okl.core.solve.lowrank;

import java.util.Map;
import java.util.Optional;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.SketchFeatures;

/**
 * Nystrom features over landmarks L (m x p): {@code phi(x) = k(x, L)} and the metric {@code M = k(L, L)}, so the
 * sketched kernel is {@code k(x, L) k(L, L)^+ k(L, x')}; with every training point a landmark it is the kernel
 * itself on the training points. Stored as the array {@code landmarks}.
 */
public final class NystromFeatures implements SketchFeatures {
    /** The name of the landmarks array. */
    public static final String LANDMARKS = "landmarks";

    private final VectorKernel kernel;
    private final Matrix landmarks;

    /**
     * @param kernel    the scalar kernel
     * @param landmarks the landmark points (m x p)
     */
    public NystromFeatures(VectorKernel kernel, Matrix landmarks) {
        if (landmarks.rows() == 0) {
            throw new IllegalArgumentException("Nystrom features need at least one landmark");
        }
        this.kernel = kernel;
        this.landmarks = landmarks;
    }

    /** Rebuilds stored features. */
    static NystromFeatures restore(VectorKernel kernel, Map<String, Matrix> arrays, String sketch) {
        Matrix landmarks = arrays.get(LANDMARKS);
        if (landmarks == null) {
            throw new IllegalArgumentException(sketch + " sketch lacks the array '" + LANDMARKS + "'");
        }
        return new NystromFeatures(kernel, landmarks);
    }

    /** The scalar kernel. */
    public VectorKernel kernel() {
        return kernel;
    }

    /** The landmarks (m x p), not a copy. */
    public Matrix landmarks() {
        return landmarks;
    }

    @Override
    public int size() {
        return landmarks.rows();
    }

    @Override
    public Matrix features(Matrix inputs) {
        return kernel.gram(inputs, landmarks);
    }

    @Override
    public Optional<Matrix> metric() {
        return Optional.of(kernel.gram(landmarks));
    }

    @Override
    public Map<String, Matrix> arrays() {
        return Map.of(LANDMARKS, landmarks);
    }
}
