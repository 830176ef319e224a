package org.okl.metrics;

import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.api.metric.Metric;

/**
 * {@code top-k-accuracy} (Brogat-Motte et al. 2022): the fraction of test points whose true output is among the k
 * best candidates of the decoder.
 *
 * <p>Rule: test point i is a hit when, for some r &lt; k, the candidate {@code indices[i][r]} of the decoder's
 * {@link org.okl.api.decoder.Ranking} (best first) equals the true output row, every value within 1e-9. A ranking
 * shorter than k counts only the candidates it lists; ask the candidates decoder for {@code rank} &gt;= k. Without a
 * ranking, k = 1 is still defined: the decoded output is the best candidate, so a hit is a decoded output equal to
 * the truth; k &gt; 1 then fails with an explanation.
 */
public final class TopKAccuracy implements Metric {
    private static final double TOLERANCE = 1e-9;

    private final int k;

    /** @param k how many of the best candidates count (at least 1) */
    public TopKAccuracy(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("top-k-accuracy: k must be >= 1, got " + k);
        }
        this.k = k;
    }

    @Override
    public double evaluate(Matrix truth, Decoded predicted) {
        if (predicted.ranking().isPresent()) {
            var ranking = predicted.ranking().get();
            return accuracy(truth, ranking.indices(), ranking.candidates(), k);
        }
        if (k > 1) {
            throw new IllegalArgumentException("top-k-accuracy with k = " + k + " needs the decoder's candidate "
                    + "ranking: use the candidates decoder with rank >= " + k);
        }
        Matrix f = predicted.outputs();
        Checks.sameShape("top-k-accuracy", truth, f);
        int hits = 0;
        for (int i = 0; i < truth.rows(); i++) {
            if (rowsEqual(truth, i, f, i)) {
                hits++;
            }
        }
        return (double) hits / truth.rows();
    }

    /**
     * The top-k accuracy of a ranking over a candidate set (see the class comment).
     *
     * @param truth      true outputs (t x q)
     * @param ranking    per test point, candidate indices best first (t rows)
     * @param candidates candidate outputs (N_c x q)
     * @param k          how many of the best candidates count
     */
    public static double accuracy(Matrix truth, int[][] ranking, Matrix candidates, int k) {
        if (ranking.length != truth.rows()) {
            throw new IllegalArgumentException("top-k-accuracy: " + ranking.length + " rankings for "
                    + truth.rows() + " test points");
        }
        if (candidates.cols() != truth.cols()) {
            throw new IllegalArgumentException("top-k-accuracy: candidates have " + candidates.cols()
                    + " columns but the true outputs " + truth.cols());
        }
        if (truth.rows() == 0) {
            throw new IllegalArgumentException("top-k-accuracy: no test points");
        }
        int hits = 0;
        for (int i = 0; i < truth.rows(); i++) {
            int depth = Math.min(k, ranking[i].length);
            for (int r = 0; r < depth; r++) {
                int c = ranking[i][r];
                if (c < 0 || c >= candidates.rows()) {
                    throw new IllegalArgumentException("top-k-accuracy: ranking of test point " + i
                            + " names candidate " + c + ", but there are " + candidates.rows());
                }
                if (rowsEqual(truth, i, candidates, c)) {
                    hits++;
                    break;
                }
            }
        }
        return (double) hits / truth.rows();
    }

    private static boolean rowsEqual(Matrix a, int i, Matrix b, int c) {
        for (int j = 0; j < a.cols(); j++) {
            if (!(Math.abs(a.get(i, j) - b.get(c, j)) <= TOLERANCE)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean higherIsBetter() {
        return true;
    }
}
