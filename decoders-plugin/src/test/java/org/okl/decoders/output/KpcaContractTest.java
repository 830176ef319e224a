package org.okl.decoders.output;

import org.okl.api.component.ComponentContext;
import org.okl.api.decoder.Decoder;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.OutputEmbedding;
import org.okl.decoders.decoder.CandidatesDecoder;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.testkit.OutputEmbeddingContract;
import org.okl.testkit.TestMatrices;

class KpcaContractTest extends OutputEmbeddingContract {

    @Override
    protected OutputEmbedding embedding() {
        return new KpcaEmbedding(KernelTestContext.gaussian(1.0), 64);
    }

    @Override
    protected ComponentContext context() {
        return new KernelTestContext();
    }

    @Override
    protected Matrix randomOutputs(int n, long seed) {
        return TestMatrices.random(n, 3, seed);
    }

    @Override
    protected Decoder exactDecoder() {
        return new CandidatesDecoder(CandidatesDecoder.TRAIN, 1, CandidatesDecoder.DEFAULT_BUDGET);
    }
}
