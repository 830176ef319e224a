package org.okl.core.solve.lowrank;

import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.core.solve.KernelExpansion;
import org.okl.core.solve.Predictor;
import org.okl.core.solve.separable.SymmetricSpectrum;

/**
 * Nystrom features over landmarks L: {@code z(x) = k(x, L) · R} with {@code R = V diag(e^-1/2)} from
 * {@code k(L, L) = V diag(e) V^T} (eigenvalues below 1e-10 of the largest dropped, the pseudo-inverse convention),
 * so {@code Z Z^T = k(X, L) k(L, L)^+ k(L, X)}. With every training point as a landmark, Z Z^T = k.
 */
public final class NystromFeatures implements FeatureMap {
    /** Relative threshold below which eigenvalues count as zero. */
    static final double RTOL = 1e-10;

    private final VectorKernel kernel;
    private final Matrix landmarks;
    private final Matrix whitening;
    private final LinearAlgebra linearAlgebra;

    /**
     * @param kernel        the scalar kernel
     * @param landmarks     the landmark points (m x p)
     * @param linearAlgebra the back-end
     */
    public NystromFeatures(VectorKernel kernel, Matrix landmarks, LinearAlgebra linearAlgebra) {
        this.kernel = kernel;
        this.landmarks = landmarks;
        this.linearAlgebra = linearAlgebra;
        SymmetricSpectrum spectrum = SymmetricSpectrum.of(kernel.gram(landmarks), linearAlgebra);
        double[] e = spectrum.values();
        int rank = 0;
        while (rank < e.length && e[rank] > RTOL * e[0]) {
            rank++;
        }
        Matrix r = spectrum.vectors().columnRange(0, rank);
        int m = r.rows();
        for (int j = 0; j < rank; j++) {
            double f = 1 / Math.sqrt(e[j]);
            for (int i = 0; i < m; i++) {
                r.data()[i + j * m] *= f;
            }
        }
        this.whitening = r;
    }

    @Override
    public Matrix features(Matrix inputs) {
        return linearAlgebra.multiply(kernel.gram(inputs, landmarks), whitening);
    }

    @Override
    public Predictor expansion(Matrix weights) {
        return new KernelExpansion(kernel, landmarks, linearAlgebra.multiply(whitening, weights), null,
                linearAlgebra);
    }
}
