package org.okl.core;

import java.util.Optional;
import org.okl.api.linalg.Matrix;
import org.okl.core.conformal.ResidualScale;
import org.okl.core.select.TikhonovFolds;
import org.okl.core.select.TikhonovLeaveOneOut;

/**
 * What a model keeps for its prediction intervals, by method. {@link Method#JACKKNIFE_PLUS}: the closed-form
 * leave-one-out residuals of its fit (n x q, on the transformed targets' scale), and the transformed training inputs
 * from which, with the stored training outputs, it recomputes its n leave-one-out fits at new points.
 * {@link Method#SPLIT}: the residuals of the fitted model on calibration rows it was not fitted on (n_cal x q, on the
 * transformed targets' scale), and no inputs (a 0 x 0 matrix). {@link Method#CV_PLUS}: the out-of-fold residuals
 * (n x q), the transformed training inputs, and the K fold models ({@code folds}) over them.
 *
 * @param residuals the leave-one-out or calibration residuals
 * @param inputs    the transformed training inputs (n x p'), or 0 x 0 for split conformal
 * @param method    how the intervals are computed from them
 * @param fits      the decomposed leave-one-out fits of a model just fitted, else empty (computed on first use)
 * @param folds     for CV+, the fold models, else empty
 * @param scale     for normalised scores, the residual scale fitted on the training rows, else empty
 */
record Calibration(Matrix residuals, Matrix inputs, Method method, Optional<TikhonovLeaveOneOut.Fits> fits,
        Optional<TikhonovFolds.Fits> folds, Optional<ResidualScale> scale) {

    /** What a method keeps, without fold models or scale. */
    Calibration(Matrix residuals, Matrix inputs, Method method, Optional<TikhonovLeaveOneOut.Fits> fits) {
        this(residuals, inputs, method, fits, Optional.empty(), Optional.empty());
    }

    /** What a method keeps, with its fold models (or none) and no scale. */
    Calibration(Matrix residuals, Matrix inputs, Method method, Optional<TikhonovLeaveOneOut.Fits> fits,
            Optional<TikhonovFolds.Fits> folds) {
        this(residuals, inputs, method, fits, folds, Optional.empty());
    }

    /** The same with normalised scores over a residual scale (jackknife+ and CV+). */
    Calibration withScale(ResidualScale fitted) {
        return new Calibration(residuals, inputs, method, fits, folds, Optional.of(fitted));
    }

    /** CV+ from the out-of-fold residuals, the training inputs and the K fold models over them. */
    static Calibration cvPlus(Matrix residuals, Matrix inputs, TikhonovFolds.Fits folds) {
        return new Calibration(residuals, inputs, Method.CV_PLUS, Optional.empty(), Optional.of(folds));
    }

    /** Jackknife+ from leave-one-out residuals and the training inputs (read from a model file). */
    Calibration(Matrix residuals, Matrix inputs) {
        this(residuals, inputs, Method.JACKKNIFE_PLUS, Optional.empty());
    }

    /**
     * Jackknife+ from a fit's leave-one-out fits, whose decomposition a model just fitted keeps for its intervals
     * (not stored in the model file).
     */
    Calibration(Matrix residuals, Matrix inputs, TikhonovLeaveOneOut.Fits fits) {
        this(residuals, inputs, Method.JACKKNIFE_PLUS, Optional.of(fits));
    }

    /** Multi-class label sets from the leave-one-out residuals of the coded targets and the fit's decomposition. */
    static Calibration classSets(Matrix residuals, Matrix inputs, TikhonovLeaveOneOut.Fits fits) {
        return new Calibration(residuals, inputs, Method.CLASS_SETS, Optional.of(fits));
    }

    /** The same read from a model file (no decomposition yet). */
    Calibration withMethod(Method other) {
        return new Calibration(residuals, inputs, other, fits, folds, scale);
    }

    /** Split conformal from the residuals on held-out calibration rows. */
    static Calibration split(Matrix residuals) {
        return new Calibration(residuals, Matrix.zeros(0, 0), Method.SPLIT, Optional.empty());
    }

    /**
     * Platt scaling per label ({@link org.okl.core.conformal.PlattScaling}): row 0 the slopes a, row 1 the intercepts
     * b (2 x q), fitted on the closed-form leave-one-out scores of the fit.
     */
    static Calibration platt(Matrix parameters) {
        return new Calibration(parameters, Matrix.zeros(0, 0), Method.PLATT, Optional.empty());
    }

    /** How a model's intervals (or label probabilities) are computed. */
    enum Method {
        /** Jackknife+ on the closed-form leave-one-out fits (exact route). */
        JACKKNIFE_PLUS("jackknife+"),
        /** CV+ on the K fold models of the chosen fit (exact route). */
        CV_PLUS("cv+"),
        /** Split conformal on the residuals of held-out calibration rows (streamed route). */
        SPLIT("split"),
        /**
         * Multi-class label sets by jackknife+ on the class scores (LAC scores, Romano, Sesia and Candes 2020): the
         * leave-one-out residuals of the coded targets (n x d) and the training inputs, as for jackknife+.
         */
        CLASS_SETS("jackknife+-classes"),
        /** Label probabilities by Platt scaling of leave-one-out scores (the residuals hold a and b). */
        PLATT("platt");

        private final String id;

        Method(String id) {
            this.id = id;
        }

        /** The name in the model file. */
        String id() {
            return id;
        }
    }
}
