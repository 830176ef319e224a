package org.okl.core;

import java.util.Arrays;
import java.util.List;
import org.okl.api.text.UserText;

/**
 * How a pipeline's prediction intervals are computed, as its pipeline file's {@code "intervals"} member says:
 * {@code {"method": "cv+", "folds": 5, "scores": "normalised"}}. {@link Method#AUTO} (the default) keeps what a fit does without it:
 * jackknife+ on the exact route, split conformal on the streamed route when calibration rows are held out. The fit's
 * plan ({@link FitPlan#intervals()}) records the method the fit uses.
 *
 * @param method how the intervals are computed
 * @param folds  for {@link Method#CV_PLUS}, the number of fold models K (at least 2), or 0 for the selection's folds
 *               when it is k-fold, else 5
 * @param scores how residuals are scored: as they are, or over a fitted residual scale (locally adaptive widths)
 */
public record IntervalSpec(Method method, int folds, Scores scores) {
    /** The folds of CV+ when neither the intervals nor a k-fold selection name them. */
    public static final int DEFAULT_FOLDS = 5;

    /** A spec; folds are 0 or at least 2. */
    public IntervalSpec {
        if (method == null || scores == null) {
            throw new IllegalArgumentException("an interval method and scores are required");
        }
        if (folds != 0 && folds < 2) {
            throw new IllegalArgumentException("CV+ needs at least 2 folds, not " + folds);
        }
    }

    /** A spec with absolute residual scores. */
    public IntervalSpec(Method method, int folds) {
        this(method, folds, Scores.ABSOLUTE);
    }

    /** The default: {@link Method#AUTO}, absolute scores. */
    public static IntervalSpec auto() {
        return new IntervalSpec(Method.AUTO, 0);
    }

    /** CV+ with K fold models (0: the selection's folds when it is k-fold, else {@link #DEFAULT_FOLDS}). */
    public static IntervalSpec cvPlus(int folds) {
        return new IntervalSpec(Method.CV_PLUS, folds);
    }

    /** The same with another method. */
    public IntervalSpec withMethod(Method other) {
        return new IntervalSpec(other, folds, scores);
    }

    /** The same with other scores. */
    public IntervalSpec withScores(Scores other) {
        return new IntervalSpec(method, folds, other);
    }

    /** How residuals are scored. */
    public enum Scores {
        /** {@code |y - mu(x)|}: the same width everywhere (per output, beside the leave-out models' spread). */
        ABSOLUTE("absolute"),
        /**
         * {@code |y - mu(x)| / s(x)} with s a residual scale fitted on the training rows
         * ({@link org.okl.core.conformal.ResidualScale}): narrower where the noise is small, wider where it is large.
         */
        NORMALISED("normalised");

        private final String id;

        Scores(String id) {
            this.id = id;
        }

        /** The name in pipeline and model files. */
        public String id() {
            return id;
        }

        /**
         * The scores of a name.
         *
         * @throws IllegalArgumentException naming the allowed names
         */
        public static Scores of(String id) {
            for (Scores s : values()) {
                if (s.id.equals(id)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown interval scores " + UserText.quote(id) + "; allowed: "
                    + String.join(", ", Arrays.stream(values()).map(Scores::id).toList()));
        }
    }

    /** How intervals are computed. */
    public enum Method {
        /** Jackknife+ on the exact route where it is available, split conformal on the streamed route. */
        AUTO("auto"),
        /** Jackknife+ on the closed-form leave-one-out fits (exact route, at most 4000 rows). */
        JACKKNIFE_PLUS("jackknife+"),
        /**
         * CV+ on the K fold models of the chosen fit (exact route): O(n K d) per predicted row instead of
         * jackknife+'s O(n² d).
         */
        CV_PLUS("cv+"),
        /** Split conformal on held-out calibration rows (streamed route, {@code okl fit --calibration-rows N}). */
        SPLIT("split");

        private final String id;

        Method(String id) {
            this.id = id;
        }

        /** The name in pipeline and model files. */
        public String id() {
            return id;
        }

        /**
         * The method of a name.
         *
         * @throws IllegalArgumentException naming the allowed names
         */
        public static Method of(String id) {
            for (Method m : values()) {
                if (m.id.equals(id)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("unknown interval method " + UserText.quote(id) + "; allowed: "
                    + String.join(", ", ids()));
        }

        /** Every name, in order. */
        public static List<String> ids() {
            return Arrays.stream(values()).map(Method::id).toList();
        }
    }
}
