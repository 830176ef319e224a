package org.okl.decoders.output;

import java.util.OptionalDouble;
import org.okl.api.component.ComponentContext;
import org.okl.api.decoder.Decoder;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.OutputEmbedding;
import org.okl.decoders.decoder.ThresholdDecoder;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.decoders.testing.Outputs;
import org.okl.testkit.OutputEmbeddingContract;

class LabelsPlusMinusContractTest extends OutputEmbeddingContract {

    @Override
    protected OutputEmbedding embedding() {
        return new LabelEmbedding(LabelCoding.Coding.PLUS_MINUS);
    }

    @Override
    protected ComponentContext context() {
        return new KernelTestContext();
    }

    @Override
    protected Matrix randomOutputs(int n, long seed) {
        return Outputs.distinctLabels(n, 5, seed);
    }

    @Override
    protected Decoder exactDecoder() {
        return new ThresholdDecoder(OptionalDouble.empty(), false, false);
    }
}
