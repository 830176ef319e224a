package org.okl.core.solve.lowrank;

import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.core.solve.Predictor;
import org.okl.core.solve.RegressionPath;
import org.okl.core.solve.separable.SpectralCoefficients;

/**
 * A path on features: with {@code Z = V diag(sigma) W^T} (from the eigendecomposition of Z^T Z), the kernel
 * {@code Z Z^T} has eigenvectors {@code U = Z W diag(1/sigma)} and eigenvalues sigma², and the prediction at path
 * point j is {@code z(x)^T · B_j} with {@code B_j = W diag(sigma) (Ct_j ∘ (1 a^T)) W_A^T}.
 */
final class LowRankPath implements RegressionPath {
    private final FeatureMap features;
    private final Matrix scaledBasis;
    private final Matrix outputVectors;
    private final double[] outputValues;
    private final SpectralCoefficients coefficients;
    private final LinearAlgebra linearAlgebra;

    /**
     * @param scaledBasis   W diag(sigma) (r x rank)
     * @param outputVectors W_A, or {@code null} for the identity
     * @param outputValues  the eigenvalues a of A
     */
    LowRankPath(FeatureMap features, Matrix scaledBasis, Matrix outputVectors, double[] outputValues,
            SpectralCoefficients coefficients, LinearAlgebra linearAlgebra) {
        this.features = features;
        this.scaledBasis = scaledBasis;
        this.outputVectors = outputVectors;
        this.outputValues = outputValues;
        this.coefficients = coefficients;
        this.linearAlgebra = linearAlgebra;
    }

    @Override
    public int length() {
        return coefficients.length();
    }

    @Override
    public Matrix[] predictAll(Matrix inputs) {
        Matrix zw = linearAlgebra.multiply(features.features(inputs), scaledBasis);
        Matrix[] out = new Matrix[length()];
        coefficients.forEach((j, ct) -> out[j] = rotateBack(linearAlgebra.multiply(zw, scaleColumns(ct))));
        return out;
    }

    @Override
    public Predictor at(int index) {
        Matrix weights = linearAlgebra.multiply(scaledBasis, scaleColumns(coefficients.at(index)));
        return features.expansion(rotateBack(weights));
    }

    private Matrix scaleColumns(Matrix ct) {
        double[] data = ct.data();
        int rows = ct.rows();
        for (int j = 0; j < ct.cols(); j++) {
            for (int i = 0; i < rows; i++) {
                data[i + j * rows] *= outputValues[j];
            }
        }
        return ct;
    }

    private Matrix rotateBack(Matrix m) {
        return outputVectors == null ? m : linearAlgebra.multiply(m, false, outputVectors, true);
    }
}
