package org.okl.experiments.usps;

import java.util.List;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.experiments.baldassarre.Fits;
import org.okl.experiments.usps.KadriLowRankExperiment.Settings;

/**
 * K13's own kernels for Fig. 2 on the substitute (issue 39's K13 investigation): K13 §6.3 use "a RBF kernel for
 * inputs and a linear kernel for outputs" and score the mean squared error, where the main protocol keeps the
 * Gaussian output kernel and RBF loss of K13's USPS experiment. Per repetition, on the same N training digits and
 * at the σ_k the main protocol chose: the exact conditional KDE (ε and λ chosen by a 20 % hold-out on the squared
 * error), Cortes KDE on all N (λ by 5-fold cross-validation) and the low-rank conditional KDE at rank m1 = m2 = the
 * claim's rank (the exact model's ε, λ by the hold-out), each decoding over the N training bottom halves; the test
 * digits' squared error is scored with the main protocol's, once.
 */
final class SquaredLossArm {
    private static final String OUTPUT = "{\"name\": \"kernel\", \"kernel\": {\"name\": \"linear\"}}";

    private SquaredLossArm() {
    }

    /**
     * One repetition's predictions of the test digits, not yet scored.
     *
     * @param exact     the exact conditional KDE
     * @param cortesAll Cortes KDE on all N
     * @param lowRank   the low-rank conditional KDE at the claim's rank
     * @param epsilon   the ε the exact model chose
     */
    record Pending(Matrix exact, Matrix cortesAll, Matrix lowRank, double epsilon) {
        /** The test digits' mean squared error per pixel of each model, given their true bottom halves. */
        double[] score(Matrix y) {
            return new double[] {Fits.mse(y, exact), Fits.mse(y, cortesAll), Fits.mse(y, lowRank)};
        }
    }

    static Pending fit(Okl okl, Settings s, TrainingData all, Matrix testX, double sigmaK, long seed) {
        String grid = "{\"operator.epsilon\": " + s.epsilons() + "}";
        Model exact = okl.pipeline(pipeline("kde-conditional-covariance", sigmaK, s.lambdas(), s.epsilons().get(0), 0,
                selection("holdout", 0, seed, grid), okl)).fit(all);
        double epsilon = ((Number) exact.provenance().chosen().get("operator.epsilon")).doubleValue();
        Model cortes = okl.pipeline(pipeline("kde-cortes", sigmaK, s.lambdas(), 0, 0, selection("kfold", 5, seed,
                null), okl)).fit(all);
        Model low = okl.pipeline(pipeline("kde-conditional-covariance", sigmaK, s.lambdas(), epsilon, s.sweepRank(),
                selection("holdout", 0, seed, null), okl)).fit(all);
        return new Pending(exact.predict(testX).outputs(), cortes.predict(testX).outputs(),
                low.predict(testX).outputs(), epsilon);
    }

    /** A KDE pipeline with the linear output kernel (K13 §6.3), the λ path chosen on the squared error. */
    static PipelineSpec pipeline(String preset, double sigmaK, List<Double> lambdas, double epsilon, int rank,
            String selection, Okl okl) {
        return KadriLowRankExperiment.pipeline(preset, sigmaK, OUTPUT, lambdas, epsilon, rank, selection, okl);
    }

    private static String selection(String method, int folds, long seed, String grid) {
        return KadriLowRankExperiment.selection(method, folds, "{\"name\": \"mse\"}", seed, grid);
    }
}
