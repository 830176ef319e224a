package org.okl.decoders.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.okl.api.component.ComponentContext;
import org.okl.api.decoder.Decoder;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;
import org.okl.decoders.decoder.PerPositionDecoder;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.testkit.DecoderContract;
import org.okl.testkit.OutputEmbeddingContract;

/** Words of up to 4 letters over a 5-letter alphabet, padded with 0. */
class SequenceContractTest extends OutputEmbeddingContract {

    @Override
    protected OutputEmbedding embedding() {
        return new SequenceEmbedding(5);
    }

    @Override
    protected ComponentContext context() {
        return new KernelTestContext();
    }

    /** Distinct words: word i has length 1 + i % 4 and letters from a seeded generator, the first letter i % 5 + 1. */
    @Override
    protected Matrix randomOutputs(int n, long seed) {
        Random random = new Random(seed);
        Matrix y = Matrix.zeros(n, 4);
        for (int i = 0; i < n; i++) {
            int length = 1 + i % 4;
            for (int j = 0; j < length; j++) {
                y.set(i, j, j == 0 ? i % 5 + 1 : 1 + random.nextInt(5));
            }
        }
        return y;
    }

    @Override
    protected Decoder exactDecoder() {
        return new PerPositionDecoder(Optional.empty(), true);
    }

    @Test
    void positionsAreCodedOneHotAndPaddingAsZeros() {
        Matrix y = Matrix.fromRows(new double[][] {{2, 5, 0}});
        FittedOutputEmbedding fitted = embedding().fit(new OutputData(y, Optional.empty()), context());
        assertThat(fitted.targets().orElseThrow().row(0))
                .containsExactly(0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0);
        Matrix h = Matrix.fromRows(new double[][] {{0.1, 0.2, 0.9, 0.0, 0.0, 0.3, 0.2, 0.1, 0.0, 0.4, 0.7, 0, 0, 0, 0}});
        Matrix decoded = exactDecoder().decode(h,
                DecoderContract.SimpleDecodingContext.of(fitted, y, context())).outputs();
        assertThat(decoded.row(0)).containsExactly(3, 0, 1);
    }
}
