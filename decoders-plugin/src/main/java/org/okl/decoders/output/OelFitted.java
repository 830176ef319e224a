package org.okl.decoders.output;

import java.util.Arrays;
import java.util.Optional;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;

/**
 * A learned OEL embedding (see {@link OelEmbedding}): the dictionary coefficients Theta over the labelled and
 * unlabelled outputs, and {@code R = Theta^T l(D, Y)} (p x n) that maps prediction weights to embedded predictions.
 * The regression view (implicit, output Gram L) is unchanged.
 */
final class OelFitted implements FittedOutputEmbedding, CandidateScoring {
    /** Memory for one block of output-kernel columns when embedding candidates. */
    static final long BLOCK_BYTES = 64L << 20;

    private final KernelEmbedding.Fitted base;
    private final Matrix thetaLabelled;
    private final Matrix thetaUnlabelled;
    private final Matrix unlabelled;
    private final Matrix responseT;
    private final double[] eigenvalues;

    /**
     * @param base            the unrefined embedding (labelled outputs, kernel, Gram)
     * @param thetaLabelled   the rows of Theta on the labelled outputs (n x p; zero when c = 0)
     * @param thetaUnlabelled the rows of Theta on the unlabelled outputs (m x p; m = 0 when the block is dropped)
     * @param unlabelled      the unlabelled outputs matching {@code thetaUnlabelled}
     * @param responseT       {@code R^T = l(Y, D) Theta} (n x p)
     * @param eigenvalues     the eigenvalues of the mixed Gram (first {@code kept} used)
     * @param kept            the embedding dimension p actually used
     */
    OelFitted(KernelEmbedding.Fitted base, Matrix thetaLabelled, Matrix thetaUnlabelled, Matrix unlabelled,
            Matrix responseT, double[] eigenvalues, int kept) {
        this.base = base;
        this.thetaLabelled = thetaLabelled;
        this.thetaUnlabelled = thetaUnlabelled;
        this.unlabelled = unlabelled;
        this.responseT = responseT;
        this.eigenvalues = Arrays.copyOf(eigenvalues, kept);
    }

    /** The embedding dimension p used (eigenvalues at or below 1e-10 mu_1 are dropped). */
    int dimension() {
        return eigenvalues.length;
    }

    /** The kept eigenvalues of the mixed Gram, decreasing. */
    double[] eigenvalues() {
        return eigenvalues.clone();
    }

    /** Empty: the regression view stays implicit. */
    @Override
    public Optional<Matrix> targets() {
        return Optional.empty();
    }

    /** L over the labelled outputs. */
    @Override
    public Matrix outputGram() {
        return base.outputGram();
    }

    @Override
    public Matrix scores(Matrix h) {
        return base.scores(h);
    }

    @Override
    public Matrix toOutputs(Matrix decisions) {
        return base.toOutputs(decisions);
    }

    /** Learns again from new training predictions, starting from the unrefined embedding. */
    @Override
    public FittedOutputEmbedding refine(Matrix trainingPredictions) {
        return base.refine(trainingPredictions);
    }

    /** The embedded predictions {@code Q^T = h R^T} (t x p) for weight rows h (t x n). */
    Matrix embedPredictions(Matrix h) {
        PreImage.requireColumns(OelEmbedding.ID, h, base.outputs().rows(), "one weight per labelled output");
        return base.linearAlgebra().multiply(h, responseT);
    }

    /** The embedded candidates {@code P_c = Theta^T l(D, C)} (p x N_c), by blocks of candidates. */
    Matrix embedCandidates(Matrix candidates) {
        LinearAlgebra la = base.linearAlgebra();
        int nc = candidates.rows();
        int dictionary = base.outputs().rows() + unlabelled.rows();
        int block = (int) Math.max(1, Math.min(Math.max(nc, 1), BLOCK_BYTES / (8L * Math.max(dictionary, 1))));
        Matrix out = Matrix.zeros(dimension(), nc);
        for (int from = 0; from < nc; from += block) {
            int to = Math.min(nc, from + block);
            Matrix cb = candidates.rowRange(from, to);
            Matrix part = la.multiply(thetaLabelled, true, base.kernel().gram(base.outputs(), cb), false);
            if (unlabelled.rows() > 0) {
                la.gemm(1.0, thetaUnlabelled, true, base.kernel().gram(unlabelled, cb), false, 1.0, part);
            }
            System.arraycopy(part.data(), 0, out.data(), from * dimension(), part.data().length);
        }
        return out;
    }

    @Override
    public PreparedCandidates prepare(Matrix candidates) {
        Matrix embedded = embedCandidates(candidates);
        double[] self = base.kernel().diagonal(candidates);
        return h -> PreImage.scores(base.linearAlgebra(), embedPredictions(h), embedded, false, self);
    }

    @Override
    public Matrix candidateDistances(Matrix h, Matrix candidates) {
        return prepare(candidates).distances(h);
    }
}
