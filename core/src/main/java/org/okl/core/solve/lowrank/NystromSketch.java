package org.okl.core.solve.lowrank;

import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import org.okl.api.component.ComponentContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.sketch.SketchFeatures;
import org.okl.api.sketch.SketchRows;
import org.okl.core.stream.FoldScheme;
import org.okl.core.stream.Whitening;

/**
 * The {@code nystrom} sketch: m = min(rank, n) landmarks drawn
 * <ul>
 *   <li>{@code uniform}ly without replacement ({@link SketchRows#uniformSample}, one pass), or</li>
 *   <li>by approximate ridge {@code leverage} scores (three passes): a uniform sketch of m landmarks gives whitened
 *       features z_i, then {@code l_i = z_i^T (Z^T Z + n·lambda·I)^-1 z_i}, and m rows are drawn without
 *       replacement with probabilities proportional to l_i (Efraimidis-Spirakis: the m largest keys
 *       {@code log(u_i)/l_i}, u_i from {@code Random(mix(seed, 1))} row by row); {@code lambda} is the ridge of the
 *       scores only.</li>
 * </ul>
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
        Matrix uniform = rows.uniformSample(rank, context.seed());
        NystromFeatures first = new NystromFeatures(kernel, uniform);
        if (!leverage) {
            return first;
        }
        return new NystromFeatures(kernel, leverageSample(first, rows, context));
    }

    @Override
    public SketchFeatures restore(VectorKernel kernel, Map<String, Matrix> arrays, ComponentContext context) {
        return NystromFeatures.restore(kernel, arrays, ID);
    }

    private Matrix leverageSample(NystromFeatures first, SketchRows rows, ComponentContext context) {
        LinearAlgebra la = context.linearAlgebra();
        Whitening whitening = Whitening.of(first.metric(), first.size(), la);
        int r = whitening.rank();
        Matrix gram = Matrix.zeros(r, r);
        long[] count = new long[1];
        rows.forEachBlock((firstRow, inputs) -> {
            Matrix z = whitening.left(first.features(inputs).transpose(), la);
            la.symmetricRankUpdate(1.0, z, false, 1.0, gram);
            count[0] += inputs.rows();
        });
        Matrix system = lowerToSymmetric(gram).addToDiagonal(count[0] * lambda);
        Matrix lower = la.cholesky(system).orElseThrow(
                () -> new IllegalStateException("the leverage-score system is not positive definite"));
        int m = (int) Math.min(rank, count[0]);
        Random random = new Random(FoldScheme.mix(context.seed(), 1));
        PriorityQueue<Keyed> best = new PriorityQueue<>((a, b) -> Double.compare(a.key, b.key));
        rows.forEachBlock((firstRow, inputs) -> {
            Matrix solved = la.triangularSolve(lower, true, false, whitening.left(first.features(inputs).transpose(),
                    la));
            for (int i = 0; i < inputs.rows(); i++) {
                double score = 0;
                for (int k = 0; k < r; k++) {
                    double v = solved.get(k, i);
                    score += v * v;
                }
                double u = random.nextDouble();
                double key = score > 0 ? Math.log(u) / score : Double.NEGATIVE_INFINITY;
                if (best.size() < m) {
                    best.add(new Keyed(key, firstRow + i, inputs.row(i)));
                } else if (key > best.peek().key) {
                    best.poll();
                    best.add(new Keyed(key, firstRow + i, inputs.row(i)));
                }
            }
        });
        Keyed[] chosen = best.toArray(new Keyed[0]);
        java.util.Arrays.sort(chosen, (a, b) -> Long.compare(a.row, b.row));
        double[][] out = new double[chosen.length][];
        for (int i = 0; i < chosen.length; i++) {
            out[i] = chosen[i].values;
        }
        return Matrix.fromRows(out);
    }

    private static Matrix lowerToSymmetric(Matrix lower) {
        int n = lower.rows();
        for (int j = 0; j < n; j++) {
            for (int i = j + 1; i < n; i++) {
                lower.set(j, i, lower.get(i, j));
            }
        }
        return lower;
    }

    /** A candidate landmark with its sampling key. */
    private record Keyed(double key, long row, double[] values) {
    }
}
