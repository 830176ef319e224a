package org.okl.decoders.decoder;

import java.util.Optional;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.OutputData;
import org.okl.decoders.output.KernelEmbedding;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.testkit.DecoderContract;
import org.okl.testkit.TestMatrices;

/** A linear output kernel on small integer outputs, so ties are exact. */
class CandidatesDecoderContractTest extends DecoderContract {
    private final KernelTestContext context = new KernelTestContext();
    private final Matrix training = Matrix.fromRows(new double[][] {{2, 2}, {1, 0}, {0, 1}, {3, 1}, {1, 3}});

    @Override
    protected Decoder decoder() {
        return new CandidatesDecoder(CandidatesDecoder.TRAIN, 2, CandidatesDecoder.DEFAULT_BUDGET);
    }

    @Override
    protected DecodingContext decodingContext() {
        return SimpleDecodingContext.of(new KernelEmbedding(KernelTestContext.linear())
                .fit(new OutputData(training, Optional.empty()), context), training, context);
    }

    @Override
    protected Matrix predictions() {
        return TestMatrices.random(6, 5, 2);
    }

    /** Half way between psi(y_1) and psi(y_2): both score 0, the others more; the lower index wins. */
    @Override
    protected Matrix tiedPredictions() {
        return Matrix.fromRows(new double[][] {{0, 0.5, 0.5, 0, 0}});
    }

    @Override
    protected Matrix expectedTiedOutputs() {
        return Matrix.fromRows(new double[][] {{1, 0}});
    }
}
