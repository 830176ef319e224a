package org.okl.decoders.decoder;

import java.util.Optional;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.OutputData;
import org.okl.decoders.output.VectorEmbedding;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.testkit.DecoderContract;
import org.okl.testkit.TestMatrices;

/** Words of up to 2 positions over a 3-symbol alphabet, one-hot per position, zero padded. */
class PerPositionDecoderContractTest extends DecoderContract {
    private final KernelTestContext context = new KernelTestContext();
    private final Matrix training = Matrix.fromRows(new double[][] {
        {1, 0, 0, 0, 1, 0}, {0, 0, 1, 0, 0, 0}, {0, 1, 0, 0, 0, 1}});

    @Override
    protected Decoder decoder() {
        return new PerPositionDecoder(Optional.of(3), true);
    }

    @Override
    protected DecodingContext decodingContext() {
        return SimpleDecodingContext.of(new VectorEmbedding().fit(new OutputData(training, Optional.empty()),
                context), training, context);
    }

    @Override
    protected Matrix predictions() {
        return TestMatrices.random(5, 6, 2);
    }

    /** Position 1 ties between symbols 0 and 2; position 2 is best at 0.4 < 0.5, so empty. */
    @Override
    protected Matrix tiedPredictions() {
        return Matrix.fromRows(new double[][] {{0.8, 0.1, 0.8, 0.4, 0.2, 0.4}});
    }

    @Override
    protected Matrix expectedTiedOutputs() {
        return Matrix.fromRows(new double[][] {{1, 0, 0, 0, 0, 0}});
    }
}
