package org.okl.decoders.decoder;

import java.util.Optional;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.OutputData;
import org.okl.decoders.output.LabelCoding;
import org.okl.decoders.output.LabelEmbedding;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.decoders.testing.Outputs;
import org.okl.testkit.DecoderContract;
import org.okl.testkit.TestMatrices;

class TopKDecoderContractTest extends DecoderContract {
    private final KernelTestContext context = new KernelTestContext();
    private final Matrix training = Outputs.distinctLabels(6, 4, 1);

    @Override
    protected Decoder decoder() {
        return new TopKDecoder(2);
    }

    @Override
    protected DecodingContext decodingContext() {
        return SimpleDecodingContext.of(new LabelEmbedding(LabelCoding.Coding.ZERO_ONE)
                .fit(new OutputData(training, Optional.empty()), context), training, context);
    }

    @Override
    protected Matrix predictions() {
        return TestMatrices.random(5, 4, 2);
    }

    @Override
    protected Matrix tiedPredictions() {
        return Matrix.fromRows(new double[][] {{0.1, 0.7, 0.7, 0.7}, {0.2, 0.2, 0.2, 0.2}, {0.9, 0.1, 0.5, 0.5}});
    }

    @Override
    protected Matrix expectedTiedOutputs() {
        return Matrix.fromRows(new double[][] {{0, 1, 1, 0}, {1, 1, 0, 0}, {1, 0, 1, 0}});
    }
}
