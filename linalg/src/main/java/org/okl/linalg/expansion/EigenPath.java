package org.okl.linalg.expansion;

import java.util.ArrayList;
import java.util.List;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.solve.Predictor;
import org.okl.api.solve.RegressionPath;
import org.okl.linalg.streamed.OutputFactor;
import org.okl.linalg.streamed.SpectralCoefficients;
import org.okl.linalg.device.ComputeDevices;

/**
 * A separable kernel's path on the eigen route: k = U diag(s) U^T and A = W diag(a) W^T decomposed once; path point j
 * has rotated coefficients Ct_j and C_j = U Ct_j W^T. Predictions for the whole path reuse k_* U:
 * {@code F_j = (k_* U)(Ct_j ∘ (1 a^T)) W^T}.
 */
public final class EigenPath implements RegressionPath {
    private final VectorKernel kernel;
    private final Matrix centers;
    private final Matrix u;
    private final Matrix w;
    private final double[] a;
    private final Matrix outputMatrix;
    private final SpectralCoefficients coefficients;
    private final LinearAlgebra linearAlgebra;
    private final ComputeDevices devices;

    /**
     * @param kernel        the scalar kernel k
     * @param centers       the training inputs (n x p)
     * @param u             eigenvectors of k (n x r)
     * @param output        the output matrix A and its spectrum, or {@code null} for the identity
     * @param d             the number of outputs (used when {@code output} is {@code null})
     * @param coefficients  the rotated coefficients along the path
     * @param linearAlgebra the back-end
     * @param devices       the runtime's compute devices, which predict large blocks
     */
    public EigenPath(VectorKernel kernel, Matrix centers, Matrix u, OutputFactor output, int d,
            SpectralCoefficients coefficients, LinearAlgebra linearAlgebra, ComputeDevices devices) {
        this.kernel = kernel;
        this.centers = centers;
        this.u = u;
        this.w = output == null ? null : output.spectrum().vectors();
        this.a = output == null ? ones(d) : output.spectrum().values();
        this.outputMatrix = output == null ? null : output.matrix();
        this.coefficients = coefficients;
        this.linearAlgebra = linearAlgebra;
        this.devices = devices;
    }

    static double[] ones(int d) {
        double[] a = new double[d];
        java.util.Arrays.fill(a, 1.0);
        return a;
    }

    @Override
    public int length() {
        return coefficients.length();
    }

    @Override
    public Matrix[] predictAll(Matrix inputs) {
        return predictAll(linearAlgebra.multiply(kernel.gram(inputs, centers), u), coefficients, a, w,
                linearAlgebra);
    }

    /**
     * Predictions at every path point from the test kernel rows already projected on k's eigenvectors:
     * {@code F_j = ku (Ct_j ∘ (1 a^T)) W^T}. Model selection calls it with a {@code ku} it computed once for many
     * output matrices.
     *
     * @param ku           k(test, train) U (t x r)
     * @param coefficients the rotated coefficients along the path
     * @param a            the eigenvalues of A
     * @param w            the eigenvectors of A, or {@code null} for the identity
     */
    public static Matrix[] predictAll(Matrix ku, SpectralCoefficients coefficients, double[] a, Matrix w,
            LinearAlgebra linearAlgebra) {
        int length = coefficients.length();
        Matrix[] out = new Matrix[length];
        List<Matrix> batch = new ArrayList<>();
        int[] first = {0};
        coefficients.forEach((j, ct) -> {
            scaleColumns(ct, a);
            batch.add(ct);
            if ((long) batch.size() * ct.rows() * ct.cols() >= StackedProducts.CHUNK_ENTRIES || j == length - 1) {
                List<Matrix> products = StackedProducts.multiply(linearAlgebra, ku, batch);
                for (int q = 0; q < products.size(); q++) {
                    Matrix f = products.get(q);
                    out[first[0] + q] = w == null ? f : linearAlgebra.multiply(f, false, w, true);
                }
                first[0] += batch.size();
                batch.clear();
            }
        });
        return out;
    }

    @Override
    public Predictor at(int index) {
        return new KernelExpansion(kernel, centers, coefficientsAt(index), outputMatrix, linearAlgebra, devices);
    }

    /** The coefficients C = U Ct W^T (n x d) at one path point. */
    public Matrix coefficientsAt(int index) {
        Matrix c = linearAlgebra.multiply(u, coefficients.at(index));
        return w == null ? c : linearAlgebra.multiply(c, false, w, true);
    }

    /** Multiplies column j by factors[j], in place. */
    static void scaleColumns(Matrix m, double[] factors) {
        double[] data = m.data();
        int rows = m.rows();
        for (int j = 0; j < m.cols(); j++) {
            double f = factors[j];
            int off = j * rows;
            for (int i = 0; i < rows; i++) {
                data[off + i] *= f;
            }
        }
    }
}
