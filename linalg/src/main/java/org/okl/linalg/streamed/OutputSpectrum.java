package org.okl.linalg.streamed;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.SymmetricSpectrum;

/**
 * The output matrix A of a separable kernel as its eigendecomposition {@code A = W_A diag(a) W_A^T} (d x d), which
 * the sketched problem decouples along; the identity is kept implicit (no d x d work for d = n dictionary outputs).
 *
 * @param vectors W_A, or {@code null} for the identity
 * @param values  a, decreasing (all ones for the identity)
 */
public record OutputSpectrum(Matrix vectors, double[] values) {

    /** The identity on d outputs. */
    public static OutputSpectrum identity(int outputs) {
        double[] ones = new double[outputs];
        java.util.Arrays.fill(ones, 1.0);
        return new OutputSpectrum(null, ones);
    }

    /** The spectrum of A (symmetrised, eigenvalues clamped at 0); the identity when A is the identity to 1e-12. */
    public static OutputSpectrum of(Matrix a, LinearAlgebra linearAlgebra) {
        if (OutputFactor.isIdentity(a)) {
            return identity(a.rows());
        }
        SymmetricSpectrum spectrum = SymmetricSpectrum.of(a, linearAlgebra);
        return new OutputSpectrum(spectrum.vectors(), spectrum.values());
    }

    /** The number of outputs d. */
    public int outputs() {
        return values.length;
    }

    /** The largest eigenvalue of A. */
    public double max() {
        double max = 0;
        for (double v : values) {
            max = Math.max(max, v);
        }
        return max;
    }

    /** {@code Y W_A} (Y itself for the identity). */
    public Matrix rotate(Matrix y, LinearAlgebra linearAlgebra) {
        return vectors == null ? y : linearAlgebra.multiply(y, vectors);
    }

    /** {@code X W_A^T}: back from the output eigenbasis (X itself for the identity). */
    public Matrix rotateBack(Matrix x, LinearAlgebra linearAlgebra) {
        return vectors == null ? x : linearAlgebra.multiply(x, false, vectors, true);
    }
}
