package org.okl.linalg.streamed;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.linalg.SymmetricSpectrum;

/**
 * The driver-side solve of a sketched separable problem from its sums alone: the weights of every path point of any
 * spectral filter, in O(m³) time and O(m²) memory whatever n.
 *
 * <p>With G = Phi^T Phi and R = Phi^T Y over the n training rows, the whitening T ({@link Whitening}) and
 * {@code T^T G T = W diag(s) W^T} (the nonzero eigenvalues s of the sketched Gram {@code Z Z^T}, Z = Phi T, kept
 * above {@link Whitening#RTOL} of the largest), the sketched Gram has eigenvectors {@code U = Z W diag(s^-1/2)}. In
 * the output eigenbasis {@code A = W_A diag(a) W_A^T} the rotated targets are
 * {@code Yt = U^T Y W_A = diag(s^-1/2) W^T T^T R W_A}, the filtered coefficients {@code Ct = Yt ∘ g(s a^T / n) / n}
 * (docs/conventions.md#regularization-scale: C = g(Gamma/n) Y / n, s_max = s_1·a_max/n, n the rows of this training
 * set), and the prediction
 * {@code k~(x, X) C A = phi(x)^T beta} with
 * <pre>    beta = T W diag(s^1/2) (Ct ∘ 1 a^T) W_A^T      (m x d),</pre>
 * formed right to left ({@code T (W (...))}: two thin products per path point) unless the path's products outweigh
 * forming the m x r basis {@code T W} once ({@link #inBasis}: many output matrices, path points and outputs), which
 * then takes one product per path point ({@link BasisWeights}).
 * With every training point as a Nystrom landmark this is the exact separable solution. Ridge filters (Tikhonov,
 * iterated Tikhonov) with a few distinct shifts are solved by Cholesky factors of the shifted {@code T^T G T}
 * instead ({@link RidgeSolve}: the same weights, several times cheaper than the eigendecomposition).
 */
public final class SketchSolve {
    private SketchSolve() {
    }

    /**
     * The weights beta (m x d) at every point of the filter's path.
     *
     * @param gram          G = Phi^T Phi over the training set (m x m, symmetric)
     * @param cross         R = Phi^T Y (m x d)
     * @param rows          n, the training set's rows
     * @param whitening     the sketch's whitening
     * @param output        A's spectrum
     * @param filter        the spectral filter
     * @param linearAlgebra the back-end
     * @throws IllegalArgumentException when the sketched kernel is zero on the training rows
     */
    public static Matrix[] weights(Matrix gram, Matrix cross, long rows, Whitening whitening, OutputSpectrum output,
            SpectralFilter filter, LinearAlgebra linearAlgebra) {
        return weights(gram, cross, rows, whitening, List.of(output), filter, linearAlgebra).get(0);
    }

    /**
     * The weights beta (m x d) at every point of the filter's path for several output matrices at once (the
     * output-side values of a model selection's grid): the sketched Gram is whitened, and when needed decomposed,
     * once for all of them.
     *
     * @param outputs the spectra of the output matrices, each of d outputs
     * @return per output matrix, in the given order, the weights at every path point
     * @throws IllegalArgumentException when the sketched kernel is zero on the training rows
     */
    public static List<Matrix[]> weights(Matrix gram, Matrix cross, long rows, Whitening whitening,
            List<OutputSpectrum> outputs, SpectralFilter filter, LinearAlgebra linearAlgebra) {
        List<Matrix[]> out = new ArrayList<>(outputs.size());
        forEachOutput(gram, cross, rows, whitening, outputs, filter, linearAlgebra,
                (o, weights) -> out.add(weights.weights(linearAlgebra)));
        return out;
    }

    /**
     * One output matrix's weights at every path point in a basis of the sketch weights:
     * {@code beta_j = basis · coefficients[j]} (m x d), an empty basis being the identity.
     *
     * @param basis        the m x r basis ({@code T}, or {@code T W} for the eigen form in its basis), or empty
     * @param coefficients the r x d coefficients of every path point
     */
    record BasisWeights(Optional<Matrix> basis, Matrix[] coefficients) {

        /** beta at one path point. */
        Matrix weights(int point, LinearAlgebra linearAlgebra) {
            return basis.isEmpty() ? coefficients[point] : linearAlgebra.multiply(basis.get(), coefficients[point]);
        }

        /** beta at every path point. */
        Matrix[] weights(LinearAlgebra linearAlgebra) {
            Matrix[] out = new Matrix[coefficients.length];
            for (int j = 0; j < out.length; j++) {
                out[j] = weights(j, linearAlgebra);
            }
            return out;
        }
    }

    /**
     * Whether a training set's path is cheaper worked in the basis of its weights: when the m x m products of every
     * path point of every output matrix ({@code outputMatrices·points·targets·m²} flops, for a validation fold's
     * errors {@code beta^T G_f beta}) outweigh forming the basis and the fold's Gram in it once (about {@code 2 m³}).
     */
    static boolean inBasis(int outputMatrices, int points, int targets, int features) {
        return (long) outputMatrices * points * targets >= 2L * features;
    }

    /** Receives the weights of one output matrix. */
    @FunctionalInterface
    interface WeightsVisitor {
        /**
         * @param output  the output matrix's index in the given list
         * @param weights its weights at every path point, in a basis
         */
        void accept(int output, BasisWeights weights);
    }

    /**
     * As {@link #weights(Matrix, Matrix, long, Whitening, List, SpectralFilter, LinearAlgebra)}, handing each output
     * matrix's weights to the visitor in order as soon as they are formed, in a basis (the whitening's T, or the eigen
     * form's {@code T W} when {@link #inBasis}), so that a caller that only scores them holds one output matrix's at a
     * time and may score them in that basis.
     */
    static void forEachOutput(Matrix gram, Matrix cross, long rows, Whitening whitening, List<OutputSpectrum> outputs,
            SpectralFilter filter, LinearAlgebra linearAlgebra, WeightsVisitor visitor) {
        if (rows < 1) {
            throw new IllegalArgumentException("a training set without rows");
        }
        if (rows > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("more than 2^31 training rows in one training set");
        }
        int n = (int) rows;
        Matrix whitened = whitening.congruence(gram, linearAlgebra);
        Matrix left = whitening.left(cross, linearAlgebra);
        boolean ridge = filter instanceof RidgeFilter && largestDiagonal(whitened) > 0;
        boolean basisRoute = inBasis(outputs.size(), filter.pathLength(), cross.cols(), gram.rows());
        SymmetricSpectrum spectrum = null;
        Optional<Matrix> eigenBasis = Optional.empty();
        for (int o = 0; o < outputs.size(); o++) {
            OutputSpectrum output = outputs.get(o);
            Optional<Matrix[]> solved = ridge ? RidgeSolve.coefficients(whitened, left, n, output,
                    (RidgeFilter) filter, linearAlgebra) : Optional.empty();
            if (solved.isPresent()) {
                visitor.accept(o, new BasisWeights(whitening.map(), solved.get()));
                continue;
            }
            if (spectrum == null) {
                spectrum = SymmetricSpectrum.of(whitened, linearAlgebra);
                eigenBasis = basisRoute ? Optional.of(whitening.back(spectrum.vectors(), linearAlgebra))
                        : whitening.map();
            }
            visitor.accept(o, new BasisWeights(eigenBasis, eigenCoefficients(spectrum, left, n, output, filter,
                    basisRoute, linearAlgebra)));
        }
    }

    /**
     * The eigen form's coefficients for one output matrix, from the whitened Gram's spectrum: in the basis
     * {@code T W} ({@code inEigenbasis}) or in the whitened features (basis T).
     */
    private static Matrix[] eigenCoefficients(SymmetricSpectrum spectrum, Matrix left, int n, OutputSpectrum output,
            SpectralFilter filter, boolean inEigenbasis, LinearAlgebra linearAlgebra) {
        double[] s = spectrum.values();
        if (!(s.length > 0 && s[0] > 0)) {
            throw new IllegalArgumentException("the sketched input kernel is zero on the training rows");
        }
        Matrix w = spectrum.vectors();
        Matrix rotated = output.rotate(linearAlgebra.multiply(w, true, left, false), linearAlgebra);
        double[] a = output.values();
        double sMax = s[0] * output.max() / n;
        SpectralCoefficients coefficients = new SpectralCoefficients(s, a, rotated, n, filter, sMax);
        int q = s.length;
        Matrix[] out = new Matrix[coefficients.length()];
        coefficients.forEach((j, ct) -> {
            double[] c = ct.data();
            for (int col = 0; col < a.length; col++) {
                for (int i = col * q; i < (col + 1) * q; i++) {
                    c[i] *= a[col];
                }
            }
            out[j] = output.rotateBack(inEigenbasis ? ct : linearAlgebra.multiply(w, ct), linearAlgebra);
        });
        return out;
    }

    private static double largestDiagonal(Matrix m) {
        double max = 0;
        for (int i = 0; i < m.rows(); i++) {
            max = Math.max(max, m.get(i, i));
        }
        return max;
    }
}
