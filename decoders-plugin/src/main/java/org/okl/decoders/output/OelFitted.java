package org.okl.decoders.output;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;

/**
 * A learned OEL embedding (see {@link OelEmbedding}): the dictionary coefficients Theta over the dictionary D
 * (labelled outputs, then the unlabelled outputs when their block is present), {@code R = Theta^T l(D, Y)} (p x n)
 * that maps prediction weights to embedded predictions, and the embedding {@code Theta^T l(D, D)} of the dictionary
 * itself, computed during training. A candidate equal to a dictionary output reuses its column, so decoding over the
 * training outputs (BM22's candidate sets) needs no output-kernel evaluation; other candidates are embedded by blocks.
 * The regression view (implicit, output Gram L) is unchanged.
 */
final class OelFitted implements FittedOutputEmbedding, CandidateScoring {
    /** Memory for one block of output-kernel columns when embedding candidates. */
    static final long BLOCK_BYTES = 64L << 20;

    private final KernelEmbedding.Fitted base;
    private final Matrix thetaLabelled;
    private final Matrix thetaUnlabelled;
    private final Matrix unlabelled;
    private final Matrix dictionaryEmbedding;
    private final Map<OutputRow, Integer> dictionaryIndex = new HashMap<>();
    private final Matrix responseT;
    private final int dimension;

    /**
     * @param base                the unrefined embedding (labelled outputs, kernel, Gram)
     * @param thetaLabelled       the rows of Theta on the labelled outputs (n x p; zero when c = 0)
     * @param thetaUnlabelled     the rows of Theta on the unlabelled outputs (m x p; m = 0 when the block is dropped)
     * @param dictionary          the labelled then the used unlabelled outputs ((n + m) x q)
     * @param dictionaryEmbedding {@code Theta^T l(D, D)} (p x (n + m)), column r = G psi(D_r)
     * @param responseT           {@code R^T = l(Y, D) Theta} (n x p)
     * @param dimension           the embedding dimension p actually used
     */
    OelFitted(KernelEmbedding.Fitted base, Matrix thetaLabelled, Matrix thetaUnlabelled, Matrix dictionary,
            Matrix dictionaryEmbedding, Matrix responseT, int dimension) {
        this.base = base;
        this.thetaLabelled = thetaLabelled;
        this.thetaUnlabelled = thetaUnlabelled;
        this.unlabelled = dictionary.rowRange(base.outputs().rows(), dictionary.rows());
        this.dictionaryEmbedding = dictionaryEmbedding;
        this.responseT = responseT;
        this.dimension = dimension;
        for (int r = 0; r < dictionary.rows(); r++) {
            dictionaryIndex.putIfAbsent(new OutputRow(dictionary.row(r)), r);
        }
    }

    /** The embedding dimension p used (eigenvalues at or below 1e-10 mu_1 are dropped). */
    int dimension() {
        return dimension;
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

    /** True: {@link #refine(Matrix)} learns again from new in-sample predictions. */
    @Override
    public boolean learnsFromRegression() {
        return true;
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

    /**
     * The embedded candidates {@code P_c = Theta^T l(D, C)} (p x N_c): dictionary outputs from the stored
     * embedding, the others through the output kernel by blocks.
     */
    Matrix embedCandidates(Matrix candidates) {
        int nc = candidates.rows();
        int p = dimension();
        Matrix out = Matrix.zeros(p, nc);
        List<Integer> missing = new ArrayList<>();
        for (int c = 0; c < nc; c++) {
            Integer r = dictionaryIndex.get(new OutputRow(candidates.row(c)));
            if (r == null) {
                missing.add(c);
            } else {
                System.arraycopy(dictionaryEmbedding.data(), r * p, out.data(), c * p, p);
            }
        }
        if (!missing.isEmpty()) {
            int[] rows = missing.stream().mapToInt(Integer::intValue).toArray();
            Matrix computed = embedThroughKernel(candidates.selectRows(rows));
            for (int k = 0; k < rows.length; k++) {
                System.arraycopy(computed.data(), k * p, out.data(), rows[k] * p, p);
            }
        }
        return out;
    }

    private Matrix embedThroughKernel(Matrix candidates) {
        LinearAlgebra la = base.linearAlgebra();
        int nc = candidates.rows();
        int dictionary = base.outputs().rows() + unlabelled.rows();
        int block = (int) Math.max(1, Math.min(Math.max(nc, 1), BLOCK_BYTES / (8L * Math.max(dictionary, 1))));
        Matrix out = Matrix.zeros(dimension(), nc);
        for (int from = 0; from < nc; from += block) {
            Matrix cb = candidates.rowRange(from, Math.min(nc, from + block));
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
        return PreImage.prepared(base.linearAlgebra(), this::embedPredictions, embedded, false, self);
    }

    @Override
    public Matrix candidateDistances(Matrix h, Matrix candidates) {
        return prepare(candidates).distances(h);
    }
}
