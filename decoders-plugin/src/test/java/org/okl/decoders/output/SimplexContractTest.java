package org.okl.decoders.output;

import org.okl.api.component.ComponentContext;
import org.okl.api.decoder.Decoder;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.OutputEmbedding;
import org.okl.decoders.decoder.ArgmaxDecoder;
import org.okl.decoders.testing.KernelTestContext;
import org.okl.decoders.testing.Outputs;
import org.okl.testkit.OutputEmbeddingContract;

class SimplexContractTest extends OutputEmbeddingContract {

    @Override
    protected OutputEmbedding embedding() {
        return ClassEmbedding.simplex();
    }

    @Override
    protected ComponentContext context() {
        return new KernelTestContext();
    }

    @Override
    protected Matrix randomOutputs(int n, long seed) {
        return Outputs.distinctClasses(n, seed);
    }

    @Override
    protected Decoder exactDecoder() {
        return new ArgmaxDecoder();
    }
}
