package org.okl.solvers.kde;

import java.util.LinkedHashMap;
import java.util.Map;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.expansion.KernelExpansion;

/**
 * The predictor {@code H = (k(X*, centers) · left) · right} with a thin left factor (m x r) and a right factor
 * (r x D), kept apart because r is much smaller than D: a low-rank covariance KDE over an implicit output embedding
 * predicts t x n weights in O(t·m·r + t·r·n) instead of O(t·m·n) and stores O((m + n)·r) numbers instead of m·n.
 */
public final class FactoredKernelExpansion implements Predictor {
    /** The type name written in model files. */
    public static final String TYPE = "factored-kernel-expansion";

    private final VectorKernel kernel;
    private final Matrix centers;
    private final Matrix left;
    private final Matrix right;
    private final LinearAlgebra linearAlgebra;

    /**
     * @param kernel        the scalar kernel k
     * @param centers       the expansion points (m x p)
     * @param left          the thin factor (m x r)
     * @param right         the right factor (r x D)
     * @param linearAlgebra the back-end
     */
    public FactoredKernelExpansion(VectorKernel kernel, Matrix centers, Matrix left, Matrix right,
            LinearAlgebra linearAlgebra) {
        if (centers.rows() != left.rows()) {
            throw new IllegalArgumentException(centers.rows() + " centers but " + left.rows() + " left-factor rows");
        }
        if (left.cols() != right.rows()) {
            throw new IllegalArgumentException(
                    left.cols() + " left-factor columns but right factor has " + right.rows() + " rows");
        }
        this.kernel = kernel;
        this.centers = centers;
        this.left = left;
        this.right = right;
        this.linearAlgebra = linearAlgebra;
    }

    /**
     * The cheaper of the two forms of {@code k(X*, centers) · left · right}: a plain {@link KernelExpansion} with
     * coefficients {@code left · right} when D is at most r (on the runtime's compute device when it is large),
     * else the factored form.
     */
    public static Predictor of(VectorKernel kernel, Matrix centers, Matrix left, Matrix right,
            LinearAlgebra linearAlgebra, ComputeDevices devices) {
        if (right.cols() <= left.cols()) {
            return new KernelExpansion(kernel, centers, left, right, linearAlgebra, devices);
        }
        return new FactoredKernelExpansion(kernel, centers, left, right, linearAlgebra);
    }

    /** Rebuilds a stored expansion (arrays {@code centers}, {@code left}, {@code right}). */
    public static FactoredKernelExpansion restore(Map<String, Matrix> arrays, PredictionEnvironment environment) {
        return new FactoredKernelExpansion(environment.kernel(), require(arrays, "centers"), require(arrays, "left"),
                require(arrays, "right"), environment.context().linearAlgebra());
    }

    private static Matrix require(Map<String, Matrix> arrays, String name) {
        Matrix m = arrays.get(name);
        if (m == null) {
            throw new IllegalArgumentException(TYPE + " predictor lacks the array '" + name + "'");
        }
        return m;
    }

    @Override
    public Matrix predict(Matrix inputs) {
        Matrix projected = linearAlgebra.multiply(kernel.gram(inputs, centers), left);
        return linearAlgebra.multiply(projected, right);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Map<String, Matrix> arrays() {
        Map<String, Matrix> m = new LinkedHashMap<>();
        m.put("centers", centers);
        m.put("left", left);
        m.put("right", right);
        return m;
    }
}
