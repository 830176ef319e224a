package org.okl.solvers.path;

import java.util.List;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.linalg.device.ComputeDevices;
import org.okl.linalg.expansion.KernelExpansion;

/**
 * A regularization path of kernel expansions over one set of centers: point j predicts
 * {@code k(X*, centers) · E_j · R} with the expansion coefficients {@code E_j} of {@link #expansion} and an optional
 * right factor R. The separable, multi-task and manifold solvers' paths differ only in how they store the points'
 * coefficients and how they compute every point's predictions from one cross Gram; a point's predictor is the same
 * {@link KernelExpansion} for all.
 *
 * @param <C> how one path point's coefficients are stored
 */
public abstract class ExpansionPathBase<C> implements RegressionPath {
    /** The scalar input kernel. */
    protected final VectorKernel kernel;
    /** The expansion points (n x p). */
    protected final Matrix centers;
    /** Each path point's stored coefficients. */
    protected final List<C> coefficients;
    /** The back-end. */
    protected final LinearAlgebra linearAlgebra;
    /** The runtime's compute devices, which predict large blocks. */
    protected final ComputeDevices devices;

    /**
     * @param kernel        the scalar input kernel
     * @param centers       the expansion points (n x p)
     * @param coefficients  every path point's coefficients (copied)
     * @param linearAlgebra the back-end
     * @param devices       the runtime's compute devices
     */
    protected ExpansionPathBase(VectorKernel kernel, Matrix centers, List<C> coefficients,
            LinearAlgebra linearAlgebra, ComputeDevices devices) {
        this.kernel = kernel;
        this.centers = centers;
        this.coefficients = List.copyOf(coefficients);
        this.linearAlgebra = linearAlgebra;
        this.devices = devices;
    }

    @Override
    public int length() {
        return coefficients.size();
    }

    /** Path point j's expansion coefficients {@code E_j} (n x r). */
    protected abstract Matrix expansion(int index);

    /** The right factor R (r x d), or {@code null} for the identity. */
    protected abstract Matrix right();

    @Override
    public Predictor at(int index) {
        return new KernelExpansion(kernel, centers, expansion(index), right(), linearAlgebra, devices);
    }
}
