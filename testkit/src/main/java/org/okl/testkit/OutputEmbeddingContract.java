package org.okl.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.decoder.Decoder;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;

/**
 * The contract every {@link OutputEmbedding} must meet, checked on random outputs. With the exact embedding of the
 * training outputs as predictions (the targets for an explicit embedding, the identity weights for an implicit one,
 * so that h(x_i) = psi(y_i)):
 * <ul>
 *   <li>explicit targets have one row per output and the output Gram is their linear Gram;</li>
 *   <li>the pre-image criterion of the training outputs against themselves equals, for an explicit embedding,
 *       {@code ||z_c||^2 - 2 z_i . z_c} from the targets, and for an implicit one {@code L_cc - 2 L_ic} from the output
 *       Gram;</li>
 *   <li>the nearest candidate of psi(y_i) is y_i, and the subclass's decoder recovers the training outputs.</li>
 * </ul>
 */
public abstract class OutputEmbeddingContract {

    /** The number of training outputs the tests use. */
    protected static final int N = 12;

    /** The embedding under test. */
    protected abstract OutputEmbedding embedding();

    /** The context to fit with (back-end, seed, nested components such as output kernels). */
    protected abstract ComponentContext context();

    /** n random outputs in the representation the embedding reads, pairwise distinct in its feature space. */
    protected abstract Matrix randomOutputs(int n, long seed);

    /** A decoder that maps the exact embedding of outputs back to them (identity, threshold, argmax, candidates). */
    protected abstract Decoder exactDecoder();

    /**
     * Fits the embedding; embeddings that learn from the regression (OEL) override this to refine with in-sample
     * predictions that make the fitted embedding exact on the training outputs.
     */
    protected FittedOutputEmbedding fit(Matrix outputs) {
        return embedding().fit(new OutputData(outputs, Optional.empty()), context());
    }

    /** Relative tolerance of the numerical comparisons. */
    protected double tolerance() {
        return 1e-9;
    }

    /** Predictions equal to the exact embedding of the training outputs. */
    protected static Matrix exactPredictions(FittedOutputEmbedding fitted, int n) {
        return fitted.targets().map(Matrix::copy).orElseGet(() -> Matrix.identity(n));
    }

    @Test
    void targetsAndGramHaveOneRowPerOutput() {
        Matrix y = randomOutputs(N, 1);
        FittedOutputEmbedding fitted = fit(y);
        Matrix gram = fitted.outputGram();
        assertThat(gram.rows()).isEqualTo(N);
        assertThat(gram.cols()).isEqualTo(N);
        TestMatrices.assertClose(gram.transpose(), gram, tolerance());
        fitted.targets().ifPresent(z -> {
            assertThat(z.rows()).isEqualTo(N);
            TestMatrices.assertClose(TestMatrices.naiveMultiply(z, false, z, true), gram, tolerance());
        });
    }

    @Test
    void candidateDistancesOfTrainingOutputsMatchTheFeatures() {
        Matrix y = randomOutputs(N, 2);
        FittedOutputEmbedding fitted = fit(y);
        Matrix distances = fitted.candidateDistances(exactPredictions(fitted, N), y);
        Matrix expected = Matrix.zeros(N, N);
        Optional<Matrix> targets = fitted.targets();
        Matrix inner = targets.map(z -> TestMatrices.naiveMultiply(z, false, z, true)).orElse(fitted.outputGram());
        for (int i = 0; i < N; i++) {
            for (int c = 0; c < N; c++) {
                expected.set(i, c, inner.get(c, c) - 2 * inner.get(i, c));
            }
        }
        TestMatrices.assertClose(expected, distances, tolerance());
    }

    @Test
    void nearestCandidateOfAnExactPredictionIsItsOutput() {
        Matrix y = randomOutputs(N, 3);
        FittedOutputEmbedding fitted = fit(y);
        Matrix distances = fitted.candidateDistances(exactPredictions(fitted, N), y);
        for (int i = 0; i < N; i++) {
            int best = 0;
            for (int c = 1; c < N; c++) {
                if (distances.get(i, c) < distances.get(i, best)) {
                    best = c;
                }
            }
            assertThat(best).as("nearest candidate of output %d", i).isEqualTo(i);
        }
    }

    @Test
    void decodingExactPredictionsRecoversTheOutputs() {
        Matrix y = randomOutputs(N, 4);
        FittedOutputEmbedding fitted = fit(y);
        Matrix decoded = exactDecoder().decode(exactPredictions(fitted, N),
                DecoderContract.SimpleDecodingContext.of(fitted, y, context())).outputs();
        TestMatrices.assertClose(y, decoded, tolerance());
    }

    @Test
    void fittingIsDeterministic() {
        Matrix y = randomOutputs(N, 5);
        FittedOutputEmbedding first = fit(y);
        FittedOutputEmbedding second = fit(y.copy());
        // two fits of the same outputs agree to round-off: LAPACK is not bitwise reproducible across calls (its
        // results depend on array alignment, and some OpenBLAS kernel sets differ in the last bit between calls)
        TestMatrices.assertClose(first.outputGram(), second.outputGram(), 1e-12);
        Matrix h = exactPredictions(first, N);
        TestMatrices.assertClose(first.candidateDistances(h, y), second.candidateDistances(h, y), 1e-12);
    }
}
