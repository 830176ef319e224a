package org.okl.solvers.manifold;

import java.util.List;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.device.ComputeDevices;
import org.okl.solvers.path.ExpansionPathBase;

/**
 * A path of kernel expansions {@code H_j = k(X*, centers) · A_j · Q} over one set of centers and one right factor,
 * so predictions at every path point share one cross-Gram.
 */
final class ExpansionPath extends ExpansionPathBase<Matrix> {
    private final Matrix right;

    /**
     * @param kernel        the scalar kernel
     * @param centers       the expansion points (N x p)
     * @param coefficients  A_j (N x d) for every path point
     * @param right         Q (d x d)
     * @param linearAlgebra the back-end
     * @param devices       the runtime's compute devices
     */
    ExpansionPath(VectorKernel kernel, Matrix centers, List<Matrix> coefficients, Matrix right,
            LinearAlgebra linearAlgebra, ComputeDevices devices) {
        super(kernel, centers, coefficients, linearAlgebra, devices);
        this.right = right;
    }

    @Override
    public Matrix[] predictAll(Matrix inputs) {
        Matrix gram = kernel.gram(inputs, centers);
        Matrix[] h = new Matrix[coefficients.size()];
        for (int j = 0; j < h.length; j++) {
            h[j] = linearAlgebra.multiply(gram, linearAlgebra.multiply(coefficients.get(j), right));
        }
        return h;
    }

    @Override
    protected Matrix expansion(int index) {
        return coefficients.get(index);
    }

    @Override
    protected Matrix right() {
        return right;
    }
}
