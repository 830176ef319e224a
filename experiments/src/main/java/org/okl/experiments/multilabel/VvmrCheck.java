package org.okl.experiments.multilabel;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.okl.api.decoder.Decoded;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.TrainingData;
import org.okl.experiments.IndependentCheck;

/**
 * The independent computation of a VVMR model ({@code independent/ms11_vvmr.py}, numpy and scipy from MS11's
 * equations): given the labelled images, the unlabelled images and the chosen γ_I and γ_O, its scores on the unlabelled
 * images against OKL's, and the mean AUC of its scores (computed in the final scoring, where the labels are open).
 */
final class VvmrCheck {
    private VvmrCheck() {
    }

    /**
     * The script's scores beside OKL's.
     *
     * @param result the script's run
     * @param okl    OKL's scores for the same images
     */
    record Outcome(IndependentCheck.Result result, Matrix okl) {

        /** One sentence for the notes; {@code truth} are the scored images' labels (inside the final scoring). */
        String describe(Okl runtime, Matrix truth, double oklAuc) {
            if (!result.ran()) {
                return "not run (" + result.unavailable() + ")";
            }
            Matrix scores = result.matrix("scores");
            double auc = MinhSceneExperiment.meanAuc(runtime, truth, new Decoded(scores, Optional.of(scores),
                    Optional.empty()));
            return String.format(Locale.ROOT, "mean AUC %.4f (OKL %.4f), largest score difference %.1e over %d x %d"
                    + " scores", auc, oklAuc, scores.maxAbsDifference(okl), scores.rows(), scores.cols());
        }
    }

    /** Runs the script on the draw's data at the chosen (γ_I, γ_O). */
    static Outcome run(TrainingData td, Matrix scored, Map<String, Object> chosen, Decoded okl) {
        double gammaI = ((Number) chosen.get("regularizers.0.gammaI")).doubleValue();
        double gammaO = ((Number) chosen.get("operator.matrix.gammaO")).doubleValue();
        IndependentCheck.Result r = IndependentCheck.run("ms11_vvmr.py", Map.of("xl", td.inputs(), "yl",
                td.outputs(), "xu", td.unlabelledInputs().orElseThrow(), "xt", scored),
                List.of(String.valueOf(MinhSceneExperiment.SIGMA), String.valueOf(MinhSceneExperiment.LAMBDA),
                        String.valueOf(gammaI), String.valueOf(gammaO), "5", "2"), List.of("scores"));
        return new Outcome(r, okl.scores().orElseThrow());
    }
}
