package org.okl.solvers.lowrank;

import java.util.Map;
import org.okl.api.component.ComponentContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.rows.FoldScheme;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.sketch.SketchRows;
import org.okl.api.sketch.WeightedSample;
import org.okl.linalg.expansion.NystromFeatures;
import org.okl.linalg.streamed.Whitening;

/**
 * The {@code nystrom} sketch: m = min(rank, n) landmarks drawn
 * <ul>
 *   <li>{@code uniform}ly without replacement ({@link SketchRows#uniformSample}, one pass), or</li>
 *   <li>by approximate ridge {@code leverage} scores (three passes): a uniform sketch of m landmarks gives whitened
 *       features z_i, then {@code l_i = z_i^T (Z^T Z + n·lambda·I)^-1 z_i}, and m rows are drawn without
 *       replacement with probabilities proportional to l_i (Efraimidis-Spirakis, {@link WeightedSample}: the m
 *       largest keys {@code log(u_i)/l_i}, u_i = {@code RowRandom.uniform(mix(seed, 1), i)}); {@code lambda} is the
 *       ridge of the scores only.</li>
 * </ul>
 * The passes are {@link SketchRows} methods ({@link SketchRows#sample}, {@link SketchRows#featureGram},
 * {@link SketchRows#scoreSample}), so rows held by a cluster are sampled and scored where they are. Sparse rows
 * stay sparse (so do the landmarks) when the kernel takes them ({@link org.okl.api.kernel.SparseVectorKernel}).
 * Memory: the landmarks and m x m sums, never n x m.
 */
public final class NystromSketch implements KernelSketch {
    /** The sketch id. */
    public static final String ID = "nystrom";

    private final int rank;
    private final boolean leverage;
    private final double lambda;

    /**
     * @param rank     the number of landmarks wanted (at least 1)
     * @param leverage whether to sample by leverage scores (else uniformly)
     * @param lambda   the ridge of the leverage scores (> 0)
     */
    public NystromSketch(int rank, boolean leverage, double lambda) {
        if (rank < 1 || !(lambda > 0)) {
            throw new IllegalArgumentException("nystrom needs rank >= 1 and lambda > 0, got " + rank + " and "
                    + lambda);
        }
        this.rank = rank;
        this.leverage = leverage;
        this.lambda = lambda;
    }

    @Override
    public int features(long rows) {
        return (int) Math.min(rank, rows);
    }

    @Override
    public SketchFeatures draw(VectorKernel kernel, SketchRows rows, ComponentContext context) {
        boolean sparse = rows.sparse() && NystromFeatures.sparseKernel(kernel);
        InputRows uniform = sparse ? rows.sample(rank, context.seed()) : rows.uniformSample(rank, context.seed());
        NystromFeatures first = new NystromFeatures(kernel, uniform);
        if (!leverage) {
            return first;
        }
        InputRows chosen = leverageSample(first, rows, context);
        return new NystromFeatures(kernel, sparse ? chosen : chosen.toDense());
    }

    @Override
    public SketchFeatures restore(VectorKernel kernel, Map<String, Matrix> arrays, ComponentContext context) {
        return NystromFeatures.restore(kernel, arrays, ID);
    }

    /**
     * The leverage-score sample: with Z = Phi T the whitened uniform features, {@code l_i = ||F^T phi_i||^2} for
     * {@code F = T L^-T}, {@code L L^T = Z^T Z + n·lambda·I}; Z^T Z is {@code T^T (Phi^T Phi) T}, Phi^T Phi one pass
     * ({@link SketchRows#featureGram}), and the draw another ({@link SketchRows#scoreSample}): a cluster runs both
     * where the rows are.
     */
    private InputRows leverageSample(NystromFeatures first, SketchRows rows, ComponentContext context) {
        LinearAlgebra la = context.linearAlgebra();
        Whitening whitening = Whitening.of(first.metric(), first.size(), la);
        Matrix gram = whitening.congruence(rows.featureGram(first, la), la).symmetrize();
        long n = rows.size();
        Matrix lower = la.cholesky(gram.addToDiagonal(n * lambda)).orElseThrow(
                () -> new IllegalStateException("the leverage-score system is not positive definite"));
        Matrix factor = la.triangularSolve(lower, true, false, whitening.left(Matrix.identity(first.size()), la))
                .transpose();
        int m = (int) Math.min(rank, n);
        return rows.scoreSample(first, factor, m, FoldScheme.mix(context.seed(), 1), la);
    }
}
