package org.okl.decoders.output;

import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.decoder.Decoder;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;
import org.okl.decoders.decoder.CandidatesDecoder;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.testkit.OutputEmbeddingContract;
import org.okl.testkit.TestMatrices;

/** OEL with c = 1, p = n, refined with Bx = I: the learned embedding is exact on the training outputs. */
class OelExactContractTest extends OutputEmbeddingContract {

    @Override
    protected OutputEmbedding embedding() {
        return new OelEmbedding(KernelTestContext.gaussian(1.0), 1.0, N, OelEmbedding.Svd.EXACT, 10, 2);
    }

    @Override
    protected FittedOutputEmbedding fit(Matrix outputs) {
        return embedding().fit(new OutputData(outputs, Optional.empty()), context())
                .refine(Matrix.identity(outputs.rows()));
    }

    @Override
    protected double tolerance() {
        return 1e-7;
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
