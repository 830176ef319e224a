package org.okl.decoders.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.testkit.TestMatrices;

class KernelEmbeddingTest {
    private final KernelTestContext context = new KernelTestContext();

    /** With a linear output kernel the kernel-only pre-image equals ||c||^2 - 2 (Y^T w) . c in explicit features. */
    @Test
    void linearKernelPreImageEqualsTheExplicitFeatureComputation() {
        Matrix y = TestMatrices.random(9, 4, 1);
        Matrix w = TestMatrices.random(5, 9, 2);
        Matrix candidates = TestMatrices.random(11, 4, 3);
        FittedOutputEmbedding fitted = new KernelEmbedding(KernelTestContext.linear())
                .fit(new OutputData(y, Optional.empty()), context);
        Matrix explicit = new VectorEmbedding().fit(new OutputData(y, Optional.empty()), context)
                .candidateDistances(TestMatrices.naiveMultiply(w, y), candidates);
        Matrix h = TestMatrices.naiveMultiply(w, y);
        Matrix expected = Matrix.zeros(5, 11);
        for (int i = 0; i < 5; i++) {
            for (int c = 0; c < 11; c++) {
                double norm = 0;
                double inner = 0;
                for (int j = 0; j < 4; j++) {
                    norm += candidates.get(c, j) * candidates.get(c, j);
                    inner += h.get(i, j) * candidates.get(c, j);
                }
                expected.set(i, c, norm - 2 * inner);
            }
        }
        TestMatrices.assertClose(expected, fitted.candidateDistances(w, candidates), 1e-12);
        TestMatrices.assertClose(expected, explicit, 1e-12);
    }

    @Test
    void gaussianKernelScoreIsOneMinusTwiceTheWeightedKernelValues() {
        Matrix y = TestMatrices.random(6, 2, 4);
        Matrix w = TestMatrices.random(3, 6, 5);
        Matrix candidates = TestMatrices.random(4, 2, 6);
        FittedOutputEmbedding fitted = new KernelEmbedding(KernelTestContext.gaussian(0.7))
                .fit(new OutputData(y, Optional.empty()), context);
        Matrix actual = fitted.candidateDistances(w, candidates);
        for (int i = 0; i < 3; i++) {
            for (int c = 0; c < 4; c++) {
                double s = 1;
                for (int j = 0; j < 6; j++) {
                    double dx = y.get(j, 0) - candidates.get(c, 0);
                    double dy = y.get(j, 1) - candidates.get(c, 1);
                    s -= 2 * w.get(i, j) * Math.exp(-(dx * dx + dy * dy) / (2 * 0.49));
                }
                assertThat(actual.get(i, c)).isCloseTo(s, org.assertj.core.api.Assertions.within(1e-12));
            }
        }
    }

    @Test
    void scoresAreUnsupportedAndPointToTheCandidatesDecoder() {
        FittedOutputEmbedding fitted = new KernelEmbedding(KernelTestContext.gaussian(1.0))
                .fit(new OutputData(TestMatrices.random(3, 2, 1), Optional.empty()), context);
        assertThat(fitted.targets()).isEmpty();
        assertThatThrownBy(() -> fitted.scores(Matrix.zeros(1, 3)))
                .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("'candidates' decoder");
        assertThatThrownBy(() -> fitted.candidateDistances(Matrix.zeros(1, 2), Matrix.zeros(1, 2)))
                .hasMessageContaining("2 columns, expected 3");
    }
}
