package org.okl.solvers.kde;

import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.linalg.device.ComputeDevices;

/**
 * The regularization path of a covariance KDE, every point from one decomposition:
 * {@code H_j = k(X*, X) · [ B · (Z_j^T · R) + c_j · E · S ]} with {@code Z_j = core ∘ F_j} the filtered core of
 * path point j and {@code c_j} the filter's weight on the complement of low-rank factors (the E, S term is absent
 * for the exact route).
 */
final class KdePath implements RegressionPath {
    private final VectorKernel kernel;
    private final Matrix centers;
    private final Matrix basis;
    private final Matrix core;
    private final Matrix right;
    private final Matrix offsetBasis;
    private final Matrix offsetRight;
    private final KdeFilter filter;
    private final LinearAlgebra linearAlgebra;
    private final ComputeDevices devices;

    /**
     * @param kernel        the scalar input kernel
     * @param centers       the training inputs X (n x p)
     * @param basis         B (n x r1)
     * @param core          the unfiltered core (r2 x r1)
     * @param right         R (r2 x D)
     * @param offsetBasis   E (n x r2), or {@code null} for the exact route
     * @param offsetRight   S (r2 x D), or {@code null} for the exact route
     * @param filter        the filter weights F_j and c_j
     * @param linearAlgebra the back-end
     * @param devices       the runtime's compute devices
     */
    KdePath(VectorKernel kernel, Matrix centers, Matrix basis, Matrix core, Matrix right, Matrix offsetBasis,
            Matrix offsetRight, KdeFilter filter, LinearAlgebra linearAlgebra,
            ComputeDevices devices) {
        this.kernel = kernel;
        this.centers = centers;
        this.basis = basis;
        this.core = core;
        this.right = right;
        this.offsetBasis = offsetBasis;
        this.offsetRight = offsetRight;
        this.filter = filter;
        this.linearAlgebra = linearAlgebra;
        this.devices = devices;
    }

    @Override
    public int length() {
        return filter.length();
    }

    @Override
    public Matrix[] predictAll(Matrix inputs) {
        Matrix gram = kernel.gram(inputs, centers);
        Matrix projected = linearAlgebra.multiply(gram, basis);
        Matrix offsetProjected = offsetBasis == null ? null : linearAlgebra.multiply(gram, offsetBasis);
        int t = inputs.rows();
        long r1 = core.cols();
        long r2 = core.rows();
        long outputs = right.cols();
        boolean leftFirst = t * r1 * r2 + t * r2 * outputs <= r2 * r1 * outputs + t * r1 * outputs;
        Matrix[] h = new Matrix[length()];
        for (int j = 0; j < h.length; j++) {
            Matrix z = filter.weighted(j, core);
            Matrix hj = leftFirst
                    ? linearAlgebra.multiply(linearAlgebra.multiply(projected, false, z, true), right)
                    : linearAlgebra.multiply(projected, linearAlgebra.multiply(z, true, right, false));
            double c = filter.offset(j);
            if (offsetProjected != null && c != 0) {
                linearAlgebra.gemm(c, offsetProjected, false, offsetRight, false, 1.0, hj);
            }
            h[j] = hj;
        }
        return h;
    }

    @Override
    public Predictor at(int index) {
        Matrix coefficients = linearAlgebra.multiply(filter.weighted(index, core), true, right, false);
        if (offsetBasis == null) {
            return FactoredKernelExpansion.of(kernel, centers, basis, coefficients, linearAlgebra, devices);
        }
        Matrix left = basis.stackColumns(offsetBasis);
        Matrix stackedRight = coefficients.stackRows(offsetRight.times(filter.offset(index)));
        return FactoredKernelExpansion.of(kernel, centers, left, stackedRight, linearAlgebra, devices);
    }
}
