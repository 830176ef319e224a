package org.okl.solvers.separable;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.expansion.StackedProducts;
import org.okl.solvers.path.ExpansionPathBase;

/**
 * A path of kernel expansions whose coefficients were computed point by point (iterations of an iterative filter,
 * or linear solves): {@code F_j = k_* C_j R}. The cross Gram k_* is computed once for the whole path.
 */
public final class CoefficientPath extends ExpansionPathBase<Matrix> {
    private final Matrix right;

    /**
     * @param kernel        the scalar kernel k
     * @param centers       the expansion points (n x p)
     * @param coefficients  C_j (n x r) for every path point
     * @param right         the right factor R (r x D, the matrix A), or {@code null} for the identity
     * @param linearAlgebra the back-end
     * @param devices       the runtime's compute devices
     */
    public CoefficientPath(VectorKernel kernel, Matrix centers, List<Matrix> coefficients, Matrix right,
            LinearAlgebra linearAlgebra, ComputeDevices devices) {
        super(kernel, centers, coefficients, linearAlgebra, devices);
        this.right = right;
    }

    @Override
    public Matrix[] predictAll(Matrix inputs) {
        List<Matrix> products = onDevice(inputs).orElseGet(() -> StackedProducts.multiply(linearAlgebra,
                kernel.gram(inputs, centers), coefficients));
        Matrix[] out = new Matrix[length()];
        for (int j = 0; j < out.length; j++) {
            out[j] = right == null ? products.get(j) : linearAlgebra.multiply(products.get(j), right);
        }
        return out;
    }

    /** Every path point's {@code k_* C_j} from one expansion on a compute device, when one takes it. */
    private Optional<List<Matrix>> onDevice(Matrix inputs) {
        if (coefficients.isEmpty()) {
            return Optional.empty();
        }
        int n = centers.rows();
        int width = coefficients.get(0).cols();
        if (devices.forWork(2.0 * inputs.rows() * n * (centers.cols() + (double) width * coefficients.size()))
                .isEmpty()) {
            return Optional.empty();
        }
        Matrix stacked = Matrix.zeros(n, width * coefficients.size());
        for (int j = 0; j < coefficients.size(); j++) {
            System.arraycopy(coefficients.get(j).data(), 0, stacked.data(), j * n * width, n * width);
        }
        return devices.expansion(kernel, centers, stacked, inputs).map(all -> {
            List<Matrix> out = new ArrayList<>(coefficients.size());
            for (int j = 0; j < coefficients.size(); j++) {
                out.add(all.columnRange(j * width, (j + 1) * width));
            }
            return out;
        });
    }

    @Override
    protected Matrix expansion(int index) {
        return coefficients.get(index);
    }

    @Override
    protected Matrix right() {
        return right;
    }

    /** The coefficients C_j at one path point (not a copy). */
    public Matrix coefficientsAt(int index) {
        return coefficients.get(index);
    }
}
