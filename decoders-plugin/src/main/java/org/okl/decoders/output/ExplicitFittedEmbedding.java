package org.okl.decoders.output;

import java.util.Optional;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;

/**
 * An explicit embedding: outputs are coded into vectors z(y) in R^d, the regression targets are the codes of the
 * training outputs, and the pre-image criterion is {@code ||z(c)||^2 - 2 h . z(c)} (one gemm against the codes).
 */
abstract class ExplicitFittedEmbedding implements FittedOutputEmbedding, CandidateScoring {
    private final String id;
    private final Matrix targets;
    private final LinearAlgebra linearAlgebra;

    /**
     * @param id            the component id, for messages
     * @param targets       the codes of the training outputs (n x d)
     * @param linearAlgebra the back-end
     */
    ExplicitFittedEmbedding(String id, Matrix targets, LinearAlgebra linearAlgebra) {
        this.id = id;
        this.targets = targets;
        this.linearAlgebra = linearAlgebra;
    }

    /** Codes outputs given in the original representation (N x q) as rows of R^d (N x d). */
    abstract Matrix encode(Matrix outputs);

    /** The component id. */
    final String id() {
        return id;
    }

    /** The embedding dimension d. */
    final int dimension() {
        return targets.cols();
    }

    final LinearAlgebra linearAlgebra() {
        return linearAlgebra;
    }

    /** The predictions, checked to have d columns. */
    final Matrix checked(Matrix h) {
        return PreImage.requireColumns(id, h, dimension(), "one per embedding coordinate");
    }

    @Override
    public Optional<Matrix> targets() {
        return Optional.of(targets);
    }

    /** The linear Gram {@code Z Z^T} of the targets. */
    @Override
    public Matrix outputGram() {
        return linearAlgebra.outerGram(targets);
    }

    /** The predictions themselves (one score per coordinate); codings override this. */
    @Override
    public Matrix scores(Matrix h) {
        return checked(h).copy();
    }

    @Override
    public PreparedCandidates prepare(Matrix candidates) {
        Matrix codes = encode(candidates);
        double[] norms = PreImage.squaredRowNorms(codes);
        return PreImage.prepared(linearAlgebra, this::checked, codes, true, norms);
    }

    @Override
    public Matrix candidateDistances(Matrix h, Matrix candidates) {
        return prepare(candidates).distances(h);
    }
}
