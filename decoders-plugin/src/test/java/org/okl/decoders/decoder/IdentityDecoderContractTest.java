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

class IdentityDecoderContractTest extends DecoderContract {
    private final KernelTestContext context = new KernelTestContext();
    private final Matrix training = TestMatrices.random(6, 3, 1);

    @Override
    protected Decoder decoder() {
        return new IdentityDecoder();
    }

    @Override
    protected DecodingContext decodingContext() {
        return SimpleDecodingContext.of(new VectorEmbedding().fit(new OutputData(training, Optional.empty()), context),
                training, context);
    }

    @Override
    protected Matrix predictions() {
        return TestMatrices.random(5, 3, 2);
    }

    /** No decision is taken: equal values stay equal. */
    @Override
    protected Matrix tiedPredictions() {
        return Matrix.fromRows(new double[][] {{0.5, 0.5, 0.5}});
    }

    @Override
    protected Matrix expectedTiedOutputs() {
        return tiedPredictions();
    }
}
