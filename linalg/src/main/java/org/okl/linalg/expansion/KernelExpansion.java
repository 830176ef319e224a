package org.okl.linalg.expansion;

import java.util.LinkedHashMap;
import java.util.Map;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.PredictionEnvironment;
import org.okl.api.solve.Predictor;
import org.okl.linalg.device.ComputeDevices;

/**
 * The predictor {@code H = k(X*, centers) · C · R}: a scalar-kernel expansion over centers (training points,
 * labelled plus unlabelled points, or Nystrom landmarks) with coefficients C and an optional right factor R (the
 * matrix A of a separable kernel). Every solver whose prediction has this form returns one.
 */
public final class KernelExpansion implements Predictor {
    /** The type name written in model files. */
    public static final String TYPE = "kernel-expansion";

    private final VectorKernel kernel;
    private final Matrix centers;
    private final Matrix coefficients;
    private final LinearAlgebra linearAlgebra;
    private final ComputeDevices devices;

    /**
     * @param kernel        the scalar kernel k
     * @param centers       the expansion points (m x p)
     * @param coefficients  C (m x r)
     * @param right         R (r x D), or {@code null} for the identity
     * @param linearAlgebra the back-end
     * @param devices       the runtime's compute devices, which predict large blocks
     */
    public KernelExpansion(VectorKernel kernel, Matrix centers, Matrix coefficients, Matrix right,
            LinearAlgebra linearAlgebra, ComputeDevices devices) {
        if (centers.rows() != coefficients.rows()) {
            throw new IllegalArgumentException(
                    centers.rows() + " centers but " + coefficients.rows() + " coefficient rows");
        }
        if (right != null && right.rows() != coefficients.cols()) {
            throw new IllegalArgumentException(
                    coefficients.cols() + " coefficient columns but right factor has " + right.rows() + " rows");
        }
        this.kernel = kernel;
        this.centers = centers;
        this.coefficients = right == null ? coefficients : linearAlgebra.multiply(coefficients, right);
        this.linearAlgebra = linearAlgebra;
        this.devices = devices;
    }

    /** Rebuilds a stored expansion (arrays {@code centers}, {@code coefficients}, optionally {@code right}). */
    public static KernelExpansion restore(Map<String, Matrix> arrays, PredictionEnvironment environment) {
        Matrix centers = require(arrays, "centers");
        Matrix coefficients = require(arrays, "coefficients");
        return new KernelExpansion(environment.kernel(), centers, coefficients, arrays.get("right"),
                environment.context().linearAlgebra(), ComputeDevices.of(environment.context()));
    }

    private static Matrix require(Map<String, Matrix> arrays, String name) {
        Matrix m = arrays.get(name);
        if (m == null) {
            throw new IllegalArgumentException(TYPE + " predictor lacks the array '" + name + "'");
        }
        return m;
    }

    /** By blocks of rows, so the cross Gram held at once stays near {@link PredictionBlocks#CELLS} entries. */
    @Override
    public Matrix predict(Matrix inputs) {
        return devices.expansion(kernel, centers, coefficients, inputs).orElseGet(() -> PredictionBlocks.map(inputs,
                centers.rows(), block -> linearAlgebra.multiply(kernel.gram(block, centers), coefficients)));
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Map<String, Matrix> arrays() {
        Map<String, Matrix> m = new LinkedHashMap<>();
        m.put("centers", centers);
        m.put("coefficients", coefficients);
        return m;
    }
}
