package org.okl.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.TypedSpec;
import org.okl.api.metric.Metric;

/**
 * How a pipeline chooses its regularization-path point and kernel parameters. Built in code with a typed builder,
 * <pre>{@code
 * SelectionSpec.kfold(5).metric(Metrics.rmse()).grid("kernel.sigma", 1, 2, 4).seed(3).build()
 * }</pre>
 * and written in a pipeline file as its serialised twin, the {@code "selection"} member:
 * {@code {"method": "kfold", "folds": 5, "metric": "mse", "grid": {"kernel.sigma": [1, 2, 4]}, "seed": 3}}.
 *
 * <p>{@code prefer} names grid values to keep unless beaten beyond the noise, for example
 * {@code {"operator.matrix.omega": 0}} (independent outputs): when the best candidate has other values, the best
 * candidate with the preferred ones is chosen instead unless its validation error exceeds the best's by more than one
 * standard error of their paired differences over the splits.
 *
 * <p>{@code screen} makes a grid search coarse-to-fine on the low-rank route (a pipeline with an
 * {@code approximation}): it maps grid keys to one value each, for example {@code {"approximation.rank": 500}}, and
 * every variant of the grid is first scored with those values (a smaller sketch, on the same splits); then, with the
 * pipeline's own values, a local search starts from the screen's best and moves to a better neighbour (the next or
 * previous value of one numeric grid key) until none is better. Values of a non-numeric key (such as whole kernels)
 * are decided by the screen. Routes that do not stream (an exact fit, an estimated output matrix) fit every grid
 * point and leave the screen unused.
 */
public final class SelectionSpec {
    private final Method method;
    private final int folds;
    private final double fraction;
    private final int repetitions;
    private final ComponentSpec metric;
    private final Map<String, List<Object>> grid;
    private final Map<String, Object> prefer;
    private final long seed;
    private final Learn learn;
    private final Map<String, Object> screen;

    /**
     * The learned candidate beside the grid ({@code "learn": {"rank": 2, "rows": 1000, "iterations": 50}}): per-feature
     * widths of the chosen Gaussian or Laplacian kernel, a rank-{@code rank} plus diagonal output matrix and lambda,
     * fitted by L-BFGS on the Gaussian-process marginal likelihood of at most {@code rows} training rows, then
     * cross-validated on the selection's splits and kept only when its error is lower than the grid's choice.
     *
     * @param rank       the rank of the output coupling B (A = B B^T + diag(d))
     * @param rows       the most training rows the learner sees (a seeded draw above)
     * @param iterations the most L-BFGS iterations (each one eigendecomposition of a rows x rows Gram); 0: no learned
     *                   candidate, which turns an automatic preset's off
     */
    public record Learn(int rank, int rows, int iterations) {
        /** Checks the ranges. */
        public Learn {
            if (rank < 0 || rows < 10 || iterations < 0) {
                throw new IllegalArgumentException("selection.learn needs rank >= 0, rows >= 10 and iterations >= 0, "
                        + "got rank " + rank + ", rows " + rows + ", iterations " + iterations);
            }
        }
    }

    /** How the validation data are drawn. */
    public enum Method {
        /** k-fold cross-validation. */
        KFOLD,
        /** k-fold cross-validation repeated over fresh permutations ({@code repetitions} rounds of {@code folds}). */
        REPEATED_KFOLD,
        /** One random hold-out split. */
        HOLDOUT,
        /** Repeated random sub-sampling. */
        SUBSAMPLING,
        /** Closed-form leave-one-out along a Tikhonov path. */
        LOO;

        /**
         * Which of the settings {@code folds}, {@code fraction} and {@code repetitions} the method reads: kfold its
         * folds, repeated-kfold its folds and repetitions, holdout its fraction, subsampling its repetitions and
         * fraction, loo none.
         */
        public boolean uses(String setting) {
            return switch (setting) {
                case "folds" -> this == KFOLD || this == REPEATED_KFOLD;
                case "fraction" -> this == HOLDOUT || this == SUBSAMPLING;
                case "repetitions" -> this == SUBSAMPLING || this == REPEATED_KFOLD;
                default -> throw new IllegalArgumentException("not a split setting: " + setting);
            };
        }

        /**
         * The name in pipeline files: {@code kfold}, {@code repeated-kfold}, {@code holdout}, {@code subsampling},
         * {@code loo}.
         */
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        /**
         * The method a pipeline file names.
         *
         * @throws IllegalArgumentException for any other name, listing the valid ones
         */
        public static Method of(String id) {
            for (Method m : values()) {
                if (m.id().equals(id)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("selection.method must be one of " + ids() + ", got '" + id + "'");
        }

        /** Every method's name, as pipeline files write them. */
        public static List<String> ids() {
            return Arrays.stream(values()).map(Method::id).toList();
        }
    }

    private SelectionSpec(Builder b) {
        this.method = b.method;
        this.folds = b.folds;
        this.fraction = b.fraction;
        this.repetitions = b.repetitions;
        this.metric = b.metric;
        Map<String, List<Object>> g = new LinkedHashMap<>();
        b.grid.forEach((k, v) -> g.put(k, List.copyOf(v)));
        this.grid = Collections.unmodifiableMap(g);
        this.prefer = Collections.unmodifiableMap(new LinkedHashMap<>(b.prefer));
        this.seed = b.seed;
        this.learn = b.learn;
        this.screen = Collections.unmodifiableMap(new LinkedHashMap<>(b.screen));
    }

    /** k-fold cross-validation with {@code folds} folds (at least 2). */
    public static Builder kfold(int folds) {
        return new Builder(Method.KFOLD).folds(folds);
    }

    /**
     * k-fold cross-validation repeated {@code repetitions} times (at least 1) over fresh permutations, the first round
     * being {@link #kfold} with the same seed.
     */
    public static Builder repeatedKfold(int folds, int repetitions) {
        return new Builder(Method.REPEATED_KFOLD).folds(folds).repetitions(repetitions);
    }

    /** One hold-out split keeping {@code fraction} of the data (in (0, 1)) for validation. */
    public static Builder holdout(double fraction) {
        return new Builder(Method.HOLDOUT).fraction(fraction);
    }

    /** {@code repetitions} random splits, each keeping {@code fraction} of the data for validation. */
    public static Builder subsampling(int repetitions, double fraction) {
        return new Builder(Method.SUBSAMPLING).repetitions(repetitions).fraction(fraction);
    }

    /** Closed-form leave-one-out along a Tikhonov path (exact, one decomposition per grid point). */
    public static Builder leaveOneOut() {
        return new Builder(Method.LOO);
    }

    /** A builder for a method, with the default of every other setting. */
    public static Builder builder(Method method) {
        return new Builder(method);
    }

    /**
     * The selection a pipeline with several path points and no selection uses, and the settings a selection leaves
     * out: 5-fold cross-validation, hold-out fraction 0.2, 5 repetitions, seed 0, the default metric
     * ({@link PipelineDefaults#complete(SelectionSpec)} names it).
     */
    public static SelectionSpec defaults() {
        return kfold(5).build();
    }

    /** A copy with another metric. */
    public SelectionSpec withMetric(ComponentSpec newMetric) {
        return toBuilder().metric(newMetric).build();
    }

    /** A builder holding this selection's settings, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder(method).folds(folds).fraction(fraction).repetitions(repetitions).metric(metric)
                .seed(seed);
        grid.forEach(b::grid);
        prefer.forEach(b::prefer);
        screen.forEach(b::screen);
        return b.learn(learn);
    }

    /** The learned candidate's budget, when the selection tries one (none for 0 iterations). */
    public Optional<Learn> learn() {
        return Optional.ofNullable(learn).filter(l -> l.iterations() > 0);
    }

    /** {@code selection.learn} as given, 0 iterations included (what a pipeline file writes back). */
    public Optional<Learn> learnSetting() {
        return Optional.ofNullable(learn);
    }

    /** How the validation data are drawn. */
    public Method method() {
        return method;
    }

    /** Folds of k-fold (of every round of repeated k-fold). */
    public int folds() {
        return folds;
    }

    /** Validation fraction of hold-out and sub-sampling. */
    public double fraction() {
        return fraction;
    }

    /** Repetitions of sub-sampling, rounds of repeated k-fold. */
    public int repetitions() {
        return repetitions;
    }

    /**
     * The validation metric (lower-is-better metrics are minimised, the others maximised), or {@code null} for the
     * default.
     */
    public ComponentSpec metric() {
        return metric;
    }

    /**
     * Values to try per parameter path, such as {@code kernel.sigma} or {@code operator.matrix.omega}, in order; the
     * regularization path is computed inside each grid point.
     */
    public Map<String, List<Object>> grid() {
        return grid;
    }

    /** Grid values kept unless beaten by more than one standard error (empty: the best candidate wins). */
    public Map<String, Object> prefer() {
        return prefer;
    }

    /**
     * The values a coarse first pass over the grid takes, by grid key (empty: every grid point is fitted as given);
     * see the class comment.
     */
    public Map<String, Object> screen() {
        return screen;
    }

    /** The seed of the random splits. */
    public long seed() {
        return seed;
    }

    /**
     * Equal selections choose alike: the split settings the method does not read ({@link Method#uses}) play no part,
     * as pipeline files leave them out.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof SelectionSpec s && method == s.method && Objects.equals(read("folds", folds),
                s.read("folds", s.folds)) && Objects.equals(read("fraction", fraction), s.read("fraction", s.fraction))
                && Objects.equals(read("repetitions", repetitions), s.read("repetitions", s.repetitions))
                && Objects.equals(metric, s.metric) && grid.equals(s.grid) && prefer.equals(s.prefer)
                && seed == s.seed && Objects.equals(learn, s.learn) && screen.equals(s.screen);
    }

    @Override
    public int hashCode() {
        return Objects.hash(method, read("folds", folds), read("fraction", fraction),
                read("repetitions", repetitions), metric, grid, prefer, seed, learn, screen);
    }

    /** A split setting's value when the method reads it, else null. */
    private Object read(String setting, Object value) {
        return method.uses(setting) ? value : null;
    }

    /** How the values are chosen, as model provenance records it: {@code 5-fold cross-validation on mse, seed 0}. */
    @Override
    public String toString() {
        return switch (method) {
            case KFOLD -> folds + "-fold cross-validation";
            case REPEATED_KFOLD -> repetitions + " x " + folds + "-fold cross-validation";
            case HOLDOUT -> "hold-out of " + fraction;
            case SUBSAMPLING -> repetitions + " random sub-samplings of " + fraction;
            case LOO -> "leave-one-out";
        } + " on " + (metric == null ? "the default metric" : metric) + ", seed " + seed;
    }

    /** Builds a {@link SelectionSpec}; every setting not given keeps its default. */
    public static final class Builder {
        private final Method method;
        private int folds = 5;
        private double fraction = 0.2;
        private int repetitions = 5;
        private ComponentSpec metric;
        private final Map<String, List<Object>> grid = new LinkedHashMap<>();
        private final Map<String, Object> prefer = new LinkedHashMap<>();
        private long seed;
        private Learn learn;
        private final Map<String, Object> screen = new LinkedHashMap<>();

        private Builder(Method method) {
            this.method = Objects.requireNonNull(method, "method");
        }

        /** Folds of k-fold and of repeated k-fold's rounds (default 5, at least 2). */
        public Builder folds(int value) {
            this.folds = value;
            return this;
        }

        /** Validation fraction of hold-out and sub-sampling (default 0.2, in (0, 1)). */
        public Builder fraction(double value) {
            this.fraction = value;
            return this;
        }

        /** Repetitions of sub-sampling, rounds of repeated k-fold (default 5, at least 1). */
        public Builder repetitions(int value) {
            this.repetitions = value;
            return this;
        }

        /** The validation metric ({@code null}: the default, {@link PipelineDefaults}). */
        public Builder metric(ComponentSpec value) {
            this.metric = value;
            return this;
        }

        /** The validation metric ({@code Metrics.rmse()}). */
        public Builder metric(TypedSpec<Metric> value) {
            return metric(value.spec());
        }

        /** Numbers to try for a parameter path such as {@code kernel.sigma}, in order. */
        public Builder grid(String parameterPath, double... values) {
            List<Object> list = new ArrayList<>(values.length);
            for (double v : values) {
                list.add(v);
            }
            return grid(parameterPath, list);
        }

        /**
         * Values to try for a parameter path, in order: numbers, strings, booleans, lists, or nested
         * {@link ComponentSpec}s (for example several output matrices for {@code operator.matrix}).
         */
        public Builder grid(String parameterPath, List<?> values) {
            Objects.requireNonNull(parameterPath, "parameterPath");
            if (values.isEmpty()) {
                throw new IllegalArgumentException("selection.grid." + parameterPath + " must be a non-empty list");
            }
            grid.put(parameterPath, new ArrayList<>(values));
            return this;
        }

        /**
         * Prefers a grid value: kept unless the best candidate beats the best one with it by more than one standard
         * error of their paired split differences.
         */
        public Builder prefer(String parameterPath, Object value) {
            prefer.put(Objects.requireNonNull(parameterPath, "parameterPath"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * A value the coarse first pass over the grid takes ({@code "approximation.rank", 500}): see the class
         * comment.
         */
        public Builder screen(String parameterPath, Object value) {
            screen.put(Objects.requireNonNull(parameterPath, "parameterPath"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** The learned candidate beside the grid ({@code null}: none, the default). */
        public Builder learn(Learn value) {
            this.learn = value;
            return this;
        }

        /** The seed of the random splits (default 0). */
        public Builder seed(long value) {
            this.seed = value;
            return this;
        }

        /**
         * The selection.
         *
         * @throws IllegalArgumentException for folds below 2, a fraction outside (0, 1), repetitions below 1, or a
         *                                  preferred value that is not in the grid
         */
        public SelectionSpec build() {
            prefer.forEach((key, value) -> {
                List<Object> values = grid.get(key);
                if (values == null || values.stream().noneMatch(v -> sameValue(v, value))) {
                    throw new IllegalArgumentException("selection.prefer." + key + " = " + value + " is not a value of "
                            + "selection.grid." + key + (values == null ? " (no such grid key)" : " " + values));
                }
            });
            screen.keySet().forEach(key -> {
                if (grid.containsKey(key)) {
                    throw new IllegalArgumentException("selection.screen." + key + " is also a grid key: the screen "
                            + "sets what the grid leaves fixed, such as approximation.rank");
                }
            });
            if (folds < 2) {
                throw new IllegalArgumentException("selection.folds must be at least 2, got " + folds);
            }
            if (!(fraction > 0 && fraction < 1)) {
                throw new IllegalArgumentException("selection.fraction must be in (0, 1), got " + fraction);
            }
            if (repetitions < 1) {
                throw new IllegalArgumentException("selection.repetitions must be at least 1, got " + repetitions);
            }
            return new SelectionSpec(this);
        }
    }

    /** Whether two grid values are the same (numbers by value, so 0 and 0.0 match). */
    static boolean sameValue(Object a, Object b) {
        if (a instanceof Number x && b instanceof Number y) {
            return Double.compare(x.doubleValue(), y.doubleValue()) == 0;
        }
        return Objects.equals(a, b);
    }
}
