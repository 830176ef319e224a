package org.okl.core.stream;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.core.solve.separable.SpectralCoefficients;
import org.okl.core.solve.separable.SymmetricSpectrum;

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
 * formed right to left ({@code T (W (...))}: two thin products per path point, never the m x r product T W).
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
        forEachOutput(gram, cross, rows, whitening, outputs, filter, linearAlgebra, (o, beta) -> out.add(beta));
        return out;
    }

    /** Receives the weights of one output matrix. */
    @FunctionalInterface
    interface WeightsVisitor {
        /**
         * @param output the output matrix's index in the given list
         * @param beta   its weights at every path point
         */
        void accept(int output, Matrix[] beta);
    }

    /**
     * As {@link #weights(Matrix, Matrix, long, Whitening, List, SpectralFilter, LinearAlgebra)}, handing each output
     * matrix's weights to the visitor in order as soon as they are formed, so that a caller that only scores them
     * holds one output matrix's at a time.
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
        SymmetricSpectrum spectrum = null;
        for (int o = 0; o < outputs.size(); o++) {
            OutputSpectrum output = outputs.get(o);
            Optional<Matrix[]> solved = ridge ? RidgeSolve.weights(whitened, left, n, whitening, output,
                    (RidgeFilter) filter, linearAlgebra) : Optional.empty();
            if (solved.isEmpty() && spectrum == null) {
                spectrum = SymmetricSpectrum.of(whitened, linearAlgebra);
            }
            visitor.accept(o, solved.isPresent() ? solved.get() : eigenWeights(spectrum, left, n, whitening, output,
                    filter, linearAlgebra));
        }
    }

    /** The eigen form for one output matrix, from the whitened Gram's spectrum. */
    private static Matrix[] eigenWeights(SymmetricSpectrum spectrum, Matrix left, int n, Whitening whitening,
            OutputSpectrum output, SpectralFilter filter, LinearAlgebra linearAlgebra) {
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
            out[j] = output.rotateBack(whitening.back(linearAlgebra.multiply(w, ct), linearAlgebra), linearAlgebra);
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
