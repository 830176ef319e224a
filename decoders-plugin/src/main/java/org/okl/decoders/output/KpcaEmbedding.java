package org.okl.decoders.output;

import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;

/**
 * The {@code kpca} output: kernel-PCA KDE of Weston et al. 2003. The centred output Gram
 * {@code Lc = H L H} (H = I - 11^T/n) is eigendecomposed, {@code Lc = E diag(mu) E^T}; the top p components with
 * {@code mu > 1e-10 mu_1} are kept (fewer than {@code components} when the rank is smaller). The regression targets
 * are {@code Z = E_p diag(sqrt(mu_p))} and an output y has the coordinates
 * {@code z(y) = diag(1/sqrt(mu_p)) E_p^T H (l(Y, y) - L 1/n)}, so z(y_i) is row i of Z.
 *
 * <p>The pre-image criterion is the distance in kPCA coordinates, {@code ||z(c)||^2 - 2 h . z(c)}: the feature-space
 * distance restricted to the principal subspace. Scores and {@code toOutputs} are unsupported: decode with the
 * {@code candidates} decoder.
 */
public final class KpcaEmbedding implements OutputEmbedding {

    /** The component id. */
    public static final String ID = "kpca";

    /** Eigenvalues at or below this fraction of the largest are treated as zero (docs/conventions.md). */
    static final double RTOL = 1e-10;

    private final ComponentSpec kernel;
    private final int components;

    /**
     * @param kernel     the output kernel spec
     * @param components the number of principal components p_c to keep at most
     */
    public KpcaEmbedding(ComponentSpec kernel, int components) {
        this.kernel = kernel;
        this.components = components;
    }

    @Override
    public FittedOutputEmbedding fit(OutputData data, ComponentContext context) {
        Matrix y = data.outputs();
        VectorKernel l = OutputKernels.create(kernel, y, context);
        LinearAlgebra la = context.linearAlgebra();
        Matrix gram = l.gram(y);
        int n = gram.rows();
        double[] rowMeans = new double[n];
        double[] g = gram.data();
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                rowMeans[i] += g[i + j * n] / n;
            }
        }
        double grand = 0;
        for (double r : rowMeans) {
            grand += r / n;
        }
        Matrix centred = Matrix.zeros(n, n);
        double[] c = centred.data();
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                c[i + j * n] = g[i + j * n] - rowMeans[i] - rowMeans[j] + grand;
            }
        }
        SymmetricEigen eigen = la.eigenSymmetric(centred.symmetrize());
        double[] mu = eigen.values();
        int p = 0;
        while (p < Math.min(components, n) && mu[p] > RTOL * mu[0] && mu[p] > 0) {
            p++;
        }
        if (p == 0) {
            throw new IllegalArgumentException(ID + ": the centred output Gram is zero (all training outputs have the"
                    + " same feature vector); kernel PCA has no component");
        }
        Matrix targets = Matrix.zeros(n, p);
        Matrix projection = Matrix.zeros(n, p);
        Matrix e = eigen.vectors();
        for (int k = 0; k < p; k++) {
            double s = Math.sqrt(mu[k]);
            for (int i = 0; i < n; i++) {
                targets.set(i, k, e.get(i, k) * s);
                projection.set(i, k, e.get(i, k) / s);
            }
        }
        return new Fitted(y, l, targets, projection, rowMeans, la);
    }

    /** The fitted kernel PCA: training outputs, kernel and the projection onto the principal axes. */
    static final class Fitted extends ExplicitFittedEmbedding {
        private final Matrix outputs;
        private final VectorKernel kernel;
        private final Matrix projection;
        private final double[] rowMeans;
        private final double[] projectedOnes;

        Fitted(Matrix outputs, VectorKernel kernel, Matrix targets, Matrix projection, double[] rowMeans,
                LinearAlgebra linearAlgebra) {
            super(ID, targets, linearAlgebra);
            this.outputs = outputs;
            this.kernel = kernel;
            this.projection = projection;
            this.rowMeans = rowMeans;
            this.projectedOnes = new double[projection.cols()];
            for (int k = 0; k < projection.cols(); k++) {
                for (int i = 0; i < projection.rows(); i++) {
                    projectedOnes[k] += projection.get(i, k);
                }
            }
        }

        /** The kPCA coordinates z(y) of outputs (N x p). */
        @Override
        Matrix encode(Matrix candidates) {
            Matrix cross = kernel.gram(outputs, candidates);
            int n = cross.rows();
            double[] d = cross.data();
            double[] centredMeans = new double[cross.cols()];
            for (int c = 0; c < cross.cols(); c++) {
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    d[i + c * n] -= rowMeans[i];
                    sum += d[i + c * n];
                }
                centredMeans[c] = sum / n;
            }
            Matrix z = linearAlgebra().multiply(cross, true, projection, false);
            for (int k = 0; k < z.cols(); k++) {
                for (int c = 0; c < z.rows(); c++) {
                    z.add(c, k, -centredMeans[c] * projectedOnes[k]);
                }
            }
            return z;
        }

        /** Unsupported: kPCA coordinates are decoded with the {@code candidates} decoder. */
        @Override
        public Matrix scores(Matrix h) {
            throw new UnsupportedOperationException(ID + ": kernel-PCA coordinates are not per-output scores; decode"
                    + " with the 'candidates' decoder");
        }

        /** Unsupported: kPCA coordinates are decoded with the {@code candidates} decoder. */
        @Override
        public Matrix toOutputs(Matrix decisions) {
            throw new UnsupportedOperationException(ID + ": kernel-PCA coordinates have no direct pre-image; decode"
                    + " with the 'candidates' decoder");
        }
    }
}
