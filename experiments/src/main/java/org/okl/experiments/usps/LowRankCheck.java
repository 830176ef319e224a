package org.okl.experiments.usps;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.TrainingData;
import org.okl.experiments.IndependentCheck;

/**
 * The independent computation of a low-rank conditional KDE ({@code independent/k13_lowrank.py}, numpy by a dense
 * route): its prediction weights against OKL's, and the RBF loss of its decoded outputs (computed in the final
 * scoring).
 */
final class LowRankCheck {
    private LowRankCheck() {
    }

    /**
     * The script's results beside OKL's.
     *
     * @param result  the script's run
     * @param weights OKL's prediction weights for the test inputs
     * @param decoded OKL's decoded test outputs
     * @param rank    the rank
     */
    record Outcome(IndependentCheck.Result result, Matrix weights, Matrix decoded, int rank) {

        /** One sentence for the notes; {@code truth} are the test outputs (inside the final scoring). */
        String describe(Matrix truth) {
            if (!result.ran()) {
                return "not run (" + result.unavailable() + ")";
            }
            Matrix h = result.matrix("h");
            double scale = 0;
            for (double v : weights.data()) {
                scale = Math.max(scale, Math.abs(v));
            }
            Matrix pred = result.matrix("pred");
            int same = 0;
            for (int i = 0; i < pred.rows(); i++) {
                if (java.util.Arrays.equals(pred.row(i), decoded.row(i))) {
                    same++;
                }
            }
            return String.format(Locale.ROOT, "rank %d: largest weight difference %.1e relative to the largest"
                            + " weight; the same decoded bottom half for %d of %d test digits; test RBF loss %.4f (OKL"
                            + " %.4f)", rank, h.maxAbsDifference(weights) / scale, same, pred.rows(),
                    org.okl.experiments.table.Stats.mean(RbfLosses.perPoint(KadriLowRankExperiment.SIGMA_L, truth,
                            pred)),
                    org.okl.experiments.table.Stats.mean(RbfLosses.perPoint(KadriLowRankExperiment.SIGMA_L, truth,
                            decoded)));
        }
    }

    static Outcome run(TrainingData all, Matrix testX, double sigmaK, double epsilon, double lambda, int rank,
            Model okl) {
        IndependentCheck.Result r = IndependentCheck.run("k13_lowrank.py", Map.of("x", all.inputs(), "y",
                all.outputs(), "xt", testX), List.of(String.valueOf(sigmaK),
                String.valueOf(KadriLowRankExperiment.SIGMA_L), String.valueOf(lambda), String.valueOf(epsilon),
                String.valueOf(rank)), List.of("h", "pred"));
        return new Outcome(r, okl.predictRegression(testX), okl.predict(testX).outputs(), rank);
    }
}
