package org.okl.decoders.decoder;

import java.util.Optional;
import java.util.OptionalDouble;
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

/**
 * Plus-minus labels, at-least-one: a score equal to the threshold (0) is positive. Tuned for the metric per label,
 * so the contract sees its two ways of tuning.
 */
class ThresholdDecoderContractTest extends DecoderContract {
    private final KernelTestContext context = new KernelTestContext();
    private final Matrix training = Outputs.distinctLabels(6, 4, 1);

    @Override
    protected Decoder decoder() {
        return new ThresholdDecoder(OptionalDouble.empty(), true, true, true, null);
    }

    @Override
    protected DecodingContext decodingContext() {
        return SimpleDecodingContext.of(new LabelEmbedding(LabelCoding.Coding.PLUS_MINUS)
                .fit(new OutputData(training, Optional.empty()), context), training, context);
    }

    @Override
    protected Matrix predictions() {
        return TestMatrices.random(5, 4, 2);
    }

    @Override
    protected Matrix tiedPredictions() {
        return Matrix.fromRows(new double[][] {{0.0, -0.5, 0.2, -1}, {-0.3, -0.1, -0.1, -0.2}});
    }

    /** Row 1: nothing passes, the largest margin ties between labels 1 and 2: the lower one is set. */
    @Override
    protected Matrix expectedTiedOutputs() {
        return Matrix.fromRows(new double[][] {{1, 0, 1, 0}, {0, 1, 0, 0}});
    }
}
