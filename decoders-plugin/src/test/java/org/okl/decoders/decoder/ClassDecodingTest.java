package org.okl.decoders.decoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.decoders.output.ClassEmbedding;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.testkit.DecoderContract.SimpleDecodingContext;

/** One-hot and simplex codings with the argmax decoder on a hand case (classes 10, 20, 30). */
class ClassDecodingTest {
    private final KernelTestContext context = new KernelTestContext();
    private final Matrix training = Matrix.column(new double[] {30, 10, 20, 10});
    private final Matrix h = Matrix.fromRows(new double[][] {{0.2, 0.5, -0.1}, {0.9, -0.4, 0.6}});

    private Decoded decode(ClassEmbedding embedding) {
        FittedOutputEmbedding fitted = embedding.fit(new OutputData(training, Optional.empty()), context);
        return new ArgmaxDecoder().decode(h, SimpleDecodingContext.of(fitted, training, context));
    }

    @Test
    void oneHotTargetsAndArgmax() {
        FittedOutputEmbedding fitted = ClassEmbedding.oneHot().fit(new OutputData(training, Optional.empty()),
                context);
        assertThat(fitted.targets().orElseThrow().toRows())
                .isDeepEqualTo(new double[][] {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {1, 0, 0}});
        Decoded d = decode(ClassEmbedding.oneHot());
        assertThat(d.outputs().columnValues(0)).containsExactly(20, 10);
        assertThat(d.scores().orElseThrow().data()).containsExactly(h.data());
    }

    /** Codes (1, -1/2, -1/2) etc.; scores h . code: row 0 = (0, 0.45, -0.45), row 1 = (0.8, -1.15, 0.35). */
    @Test
    void simplexTargetsScoresAndArgmax() {
        FittedOutputEmbedding fitted = ClassEmbedding.simplex().fit(new OutputData(training, Optional.empty()),
                context);
        assertThat(fitted.targets().orElseThrow().row(0)).containsExactly(-0.5, -0.5, 1);
        Decoded d = decode(ClassEmbedding.simplex());
        Matrix scores = d.scores().orElseThrow();
        double[][] expected = {{0.0, 0.45, -0.45}, {0.8, -1.15, 0.35}};
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                assertThat(scores.get(i, j)).isCloseTo(expected[i][j], within(1e-15));
            }
        }
        assertThat(d.outputs().columnValues(0)).containsExactly(20, 10);
    }
}
