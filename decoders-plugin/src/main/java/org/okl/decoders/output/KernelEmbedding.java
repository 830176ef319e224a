package org.okl.decoders.output;

import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;

/**
 * The {@code kernel} output: the implicit feature map psi of an output kernel l (Cortes et al. 2005, Kadri et al. 2013,
 * IOKR of Brouard et al.). The regression sees only the output Gram L = l(Y, Y); a prediction is a weight row w with
 * {@code h(x) = sum_j w_j psi(y_j)}, and the pre-image over candidates is
 * {@code l(c, c) - 2 w . l(Y, c)} (docs/conventions.md#output-embedding-learning), one gemm with the cross Gram of the
 * training outputs and the candidates.
 */
public final class KernelEmbedding implements OutputEmbedding {

    /** The component id. */
    public static final String ID = "kernel";

    private final ComponentSpec kernel;

    /** @param kernel the output kernel spec, for example {@code gaussian(sigma=10)} */
    public KernelEmbedding(ComponentSpec kernel) {
        this.kernel = kernel;
    }

    @Override
    public FittedOutputEmbedding fit(OutputData data, ComponentContext context) {
        VectorKernel l = OutputKernels.create(kernel, data.outputs(), context);
        return new Fitted(ID, data.outputs(), l, context.linearAlgebra());
    }

    /** The fitted implicit embedding: the training outputs, their kernel and Gram. */
    static class Fitted implements FittedOutputEmbedding, CandidateScoring {
        private final String id;
        private final Matrix outputs;
        private final VectorKernel kernel;
        private final LinearAlgebra linearAlgebra;
        private final Matrix gram;

        Fitted(String id, Matrix outputs, VectorKernel kernel, LinearAlgebra linearAlgebra) {
            this.id = id;
            this.outputs = outputs;
            this.kernel = kernel;
            this.linearAlgebra = linearAlgebra;
            this.gram = kernel.gram(outputs);
        }

        /** The training outputs (n x q). */
        final Matrix outputs() {
            return outputs;
        }

        /** The output kernel l. */
        final VectorKernel kernel() {
            return kernel;
        }

        final LinearAlgebra linearAlgebra() {
            return linearAlgebra;
        }

        final String id() {
            return id;
        }

        /** Empty: the embedding is implicit. */
        @Override
        public Optional<Matrix> targets() {
            return Optional.empty();
        }

        /** L = l(Y, Y) over the training outputs (n x n). */
        @Override
        public Matrix outputGram() {
            return gram;
        }

        /** Unsupported: an implicit embedding decodes only against a candidate set. */
        @Override
        public Matrix scores(Matrix h) {
            throw new UnsupportedOperationException(id + ": an implicit output embedding has no per-output scores;"
                    + " decode with the 'candidates' decoder");
        }

        /** Unsupported: an implicit embedding decodes only against a candidate set. */
        @Override
        public Matrix toOutputs(Matrix decisions) {
            throw new UnsupportedOperationException(id + ": an implicit output embedding cannot map decisions back"
                    + " to outputs; decode with the 'candidates' decoder");
        }

        /** Prepares {@code l(Y, C)} (n x N_c) and {@code l(c, c)}; scoring is then one gemm per block. */
        @Override
        public PreparedCandidates prepare(Matrix candidates) {
            Matrix cross = kernel.gram(outputs, candidates);
            double[] self = kernel.diagonal(candidates);
            return PreImage.prepared(linearAlgebra, h -> PreImage.requireColumns(id, h, outputs.rows(),
                    "one weight per training output"), cross, false, self);
        }

        @Override
        public Matrix candidateDistances(Matrix h, Matrix candidates) {
            return prepare(candidates).distances(h);
        }
    }
}
