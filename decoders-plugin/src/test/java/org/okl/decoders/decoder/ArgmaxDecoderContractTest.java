package org.okl.decoders.decoder;

import java.util.Optional;
import org.okl.api.decoder.Decoder;
import org.okl.api.decoder.DecodingContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.OutputData;
import org.okl.decoders.output.ClassEmbedding;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.testkit.DecoderContract;
import org.okl.testkit.TestMatrices;

class ArgmaxDecoderContractTest extends DecoderContract {
    private final KernelTestContext context = new KernelTestContext();
    private final Matrix training = Matrix.column(new double[] {7, 3, 5, 3, 7, 5});

    @Override
    protected Decoder decoder() {
        return new ArgmaxDecoder();
    }

    @Override
    protected DecodingContext decodingContext() {
        return SimpleDecodingContext.of(ClassEmbedding.oneHot().fit(new OutputData(training, Optional.empty()),
                context), training, context);
    }

    @Override
    protected Matrix predictions() {
        return TestMatrices.random(5, 3, 2);
    }

    /** Classes are sorted (3, 5, 7); ties go to the lower class. */
    @Override
    protected Matrix tiedPredictions() {
        return Matrix.fromRows(new double[][] {{0.2, 0.6, 0.6}, {0.4, 0.4, 0.4}});
    }

    @Override
    protected Matrix expectedTiedOutputs() {
        return Matrix.column(new double[] {5, 3});
    }
}
