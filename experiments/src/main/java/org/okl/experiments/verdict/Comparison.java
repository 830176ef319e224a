package org.okl.experiments.verdict;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * One comparison a paper's claim makes between two methods (or settings), with our values of both over the same
 * units. Its p-values ({@link #pHolds()}, {@link #pAgainst()}) are corrected within the claim by Holm's method
 * ({@link Claim#outcomes()}); {@link #outcome()} judges it alone, uncorrected.
 *
 * <p>Units must be repeated draws (resampled splits, seeds, folds): a comparison whose units are the test points
 * of one fit is accepted, so that a stored run still prints, but its outcome is {@link Outcome#NOT_COMPARABLE}
 * with the reason, because the spread of one fit's test points is not the spread of the method over draws of the
 * training data, and a difference between two fits on the same test points is one draw's difference. Timings
 * (units {@link Units.Kind#TIMED_REPEATS}) are judged by {@link TimingTest} and refused when the load of other
 * processes over the run is unknown or over {@link Load#boundPerCore()}.
 *
 * @param label          what is compared, for example {@code n = 20 per task}
 * @param first          the method the paper says is better (or alike)
 * @param a              its values, one per unit
 * @param second         the method it is compared with
 * @param b              its values, over the same units in the same order
 * @param expectation    what the paper claims
 * @param higherIsBetter whether larger values are better (AUC, F1) or smaller (losses, errors, times)
 * @param units          what the units are
 * @param margin         the equivalence margin (required for {@link Expectation#ALIKE}; null otherwise): an absolute
 *                       difference of the values, or for timings a factor above 1 on the ratio
 * @param load           the load of other processes over a timing run (required for timings; null otherwise)
 * @param notComparable  why this setting cannot test the comparison (null when it can)
 */
public record Comparison(String label, String first, double[] a, String second, double[] b,
        Expectation expectation, boolean higherIsBetter, Units units, Margin margin, Load load,
        String notComparable) {
    /** The level of every test (family-wise within a claim, by Holm's method). */
    public static final double ALPHA = 0.05;

    /** The reason given for comparisons whose units are the test points of one fit. */
    public static final String ONE_FIT = "the units are the test points of one fit, not repeated draws (re-run with"
            + " resampled splits or seeds)";

    /** What a paper claims of the two. */
    public enum Expectation {
        /** The first is better than the second (for timings: faster). */
        BETTER,
        /** The two are alike: their difference lies within the margin. */
        ALIKE
    }

    /**
     * What the units of a comparison are.
     *
     * @param kind their kind
     * @param name as printed, for example {@code draws} or {@code test digits}
     */
    public record Units(Kind kind, String name) {
        /** The kinds of unit. */
        public enum Kind {
            /** Repeated draws: resampled splits, seeds, folds, repetitions of the protocol. */
            DRAWS,
            /** The test points of one fit: not valid units for a verdict. */
            TEST_POINTS_OF_ONE_FIT,
            /** Timed repeats, interleaved over the methods compared. */
            TIMED_REPEATS
        }

        /** Checks the fields. */
        public Units {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(name, "name");
        }

        /** Repeated draws. */
        public static Units draws(String name) {
            return new Units(Kind.DRAWS, name);
        }

        /** The test points of one fit. */
        public static Units testPointsOfOneFit(String name) {
            return new Units(Kind.TEST_POINTS_OF_ONE_FIT, name);
        }

        /** Interleaved timed repeats. */
        public static Units timedRepeats() {
            return new Units(Kind.TIMED_REPEATS, "timed repeats");
        }
    }

    /**
     * An equivalence margin, stated with the comparison before the run.
     *
     * @param value    the largest difference that counts as alike (for timings: the largest factor, above 1;
     *                 relative: the largest fraction, for example 0.1 for 10 %)
     * @param source   where it comes from, for example the digits the paper prints
     * @param relative whether the values are compared by their logs, within ±log(1 + value) (positive values)
     */
    public record Margin(double value, String source, boolean relative) {
        /** An absolute margin. */
        public Margin(double value, String source) {
            this(value, source, false);
        }

        /** A relative margin: the paired differences of the logs lie within ±log(1 + fraction). */
        public static Margin relative(double fraction, String source) {
            return new Margin(fraction, source, true);
        }

        /** Checks the margin is positive and its source given. */
        public Margin {
            if (!(value > 0) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("a margin must be positive and finite, got " + value);
            }
            if (source == null || source.isBlank()) {
                throw new IllegalArgumentException("a margin must say where it comes from");
            }
        }
    }

    /**
     * The load of other processes over a timing run ({@link TimedRepeats}) and the bound above which no timing
     * verdict is given.
     *
     * @param highest      the most processors other processes took in any window of the run (NaN when not
     *                     measured)
     * @param cores        the machine's cores
     * @param boundPerCore the largest load per core at which timings are judged
     */
    public record Load(double highest, int cores, double boundPerCore) {
        /** The bound of RESULTS.md: 0.5 per core. */
        public static final double BOUND_PER_CORE = 0.5;

        /** Checks the cores. */
        public Load {
            if (cores < 1) {
                throw new IllegalArgumentException("cores must be positive, got " + cores);
            }
        }

        /** A run whose load was not measured: its timings are refused. */
        public static Load notRecorded() {
            return new Load(Double.NaN, 1, BOUND_PER_CORE);
        }

        /** The highest of the loads measured over a run's windows, against the bound of RESULTS.md. */
        public static Load of(int cores, double... samples) {
            double h = samples.length == 0 ? Double.NaN : Arrays.stream(samples).max().orElseThrow();
            return new Load(h, cores, BOUND_PER_CORE);
        }

        /** Whether the run was quiet enough to judge its timings. */
        public boolean quiet() {
            return highest / cores <= boundPerCore;
        }

        /** Why not, as printed. */
        String refusal() {
            return Double.isNaN(highest) ? "load of other processes not measured" : String.format(Locale.ROOT,
                    "other processes' load %.2f per core over the run, above %.2f", highest / cores, boundPerCore);
        }
    }

    /** How a comparison came out. */
    public enum Outcome {
        /** Better: significantly in the paper's direction; alike: significantly within the margin (TOST). */
        HOLDS("holds"),
        /** Better: significantly in the other direction; alike: significantly beyond the margin. */
        CONTRADICTED("contradicted"),
        /** Neither: too imprecise to decide (or too few units to test). */
        NOT_SHOWN("not shown"),
        /** This setting cannot test the comparison (the reason is given). */
        NOT_COMPARABLE("not comparable"),
        /** A timing of a run whose load of other processes is unknown or over the bound: no timing verdict. */
        TIMING_REFUSED("timing refused");

        private final String text;

        Outcome(String text) {
            this.text = text;
        }

        /** As printed. */
        public String text() {
            return text;
        }

        /** Whether the comparison was judged (held, contradicted or not shown). */
        public boolean judged() {
            return this != NOT_COMPARABLE && this != TIMING_REFUSED;
        }
    }

    /** Checks the units pair up, an alike has its margin and a timing its load, and copies the values. */
    public Comparison {
        Objects.requireNonNull(units, label + ": units");
        if (a.length != b.length) {
            throw new IllegalArgumentException(label + ": " + a.length + " values of " + first + " against "
                    + b.length + " of " + second);
        }
        if (expectation == Expectation.ALIKE && margin == null) {
            throw new IllegalArgumentException(label + ": \"alike\" needs an equivalence margin");
        }
        boolean timing = units.kind() == Units.Kind.TIMED_REPEATS;
        if (timing && load == null) {
            throw new IllegalArgumentException(label + ": a timing needs the load of its run");
        }
        if (timing && margin != null && (!(margin.value() > 1) || margin.relative())) {
            throw new IllegalArgumentException(label + ": a timing margin is a factor above 1");
        }
        if (margin != null && margin.relative()
                && !(Arrays.stream(a).allMatch(v -> v > 0) && Arrays.stream(b).allMatch(v -> v > 0))) {
            throw new IllegalArgumentException(label + ": a relative margin needs positive values");
        }
        if (notComparable == null && units.kind() == Units.Kind.TEST_POINTS_OF_ONE_FIT) {
            notComparable = ONE_FIT;
        }
        a = a.clone();
        b = b.clone();
    }

    /** The paper claims {@code first} is better than {@code second}, over repeated draws. */
    public static Comparison better(String label, String first, double[] a, String second, double[] b,
            boolean higherIsBetter, Units units) {
        return new Comparison(label, first, a, second, b, Expectation.BETTER, higherIsBetter, units, null, null, null);
    }

    /** The paper claims the two are alike: their mean difference lies within ±margin. */
    public static Comparison alike(String label, String first, double[] a, String second, double[] b,
            boolean higherIsBetter, Units units, Margin margin) {
        return new Comparison(label, first, a, second, b, Expectation.ALIKE, higherIsBetter, units, margin, null,
                null);
    }

    /** The paper claims {@code first} is faster than {@code second}: times (seconds) of interleaved repeats. */
    public static Comparison faster(String label, String first, double[] a, String second, double[] b, Load load) {
        return new Comparison(label, first, a, second, b, Expectation.BETTER, false, Units.timedRepeats(), null,
                load, null);
    }

    /** The paper claims the two take comparable time: the ratio of medians within [1/factor, factor]. */
    public static Comparison timeAlike(String label, String first, double[] a, String second, double[] b,
            Margin factor, Load load) {
        return new Comparison(label, first, a, second, b, Expectation.ALIKE, false, Units.timedRepeats(), factor,
                load, null);
    }

    /** This comparison, marked as one the setting cannot test. */
    public Comparison notComparable(String reason) {
        Objects.requireNonNull(reason, "reason");
        return new Comparison(label, first, a, second, b, expectation, higherIsBetter, units, margin, load, reason);
    }

    /** The units as printed. */
    public String unit() {
        return units.name();
    }

    /** Whether the values are times of interleaved repeats. */
    public boolean timing() {
        return units.kind() == Units.Kind.TIMED_REPEATS;
    }

    /** The paired test of first − second. */
    public PairedTest test() {
        return PairedTest.of(a, b);
    }

    /** The timing test of first against second (timings only). */
    public TimingTest timingTest() {
        return TimingTest.of(a, b);
    }

    /** The mean of the first's values. */
    public double meanFirst() {
        return Arrays.stream(a).average().orElse(Double.NaN);
    }

    /** The mean of the second's values. */
    public double meanSecond() {
        return Arrays.stream(b).average().orElse(Double.NaN);
    }

    /** The outcome before any test, when the setting cannot give one; null when it can. */
    Outcome refused() {
        if (notComparable != null) {
            return Outcome.NOT_COMPARABLE;
        }
        return timing() && !load.quiet() ? Outcome.TIMING_REFUSED : null;
    }

    /** Why it was refused, as printed (null when it was not). */
    public String refusal() {
        if (notComparable != null) {
            return notComparable;
        }
        return timing() && !load.quiet() ? load.refusal() : null;
    }

    /**
     * The uncorrected p-value of the hypothesis whose rejection makes the comparison hold: better, the two-sided
     * paired t-test when the mean favours the first (1 otherwise); alike, TOST within ±margin. Timings use the sign
     * tests of {@link TimingTest} on the log ratios in place of the t-tests. NaN when it cannot be tested.
     */
    public double pHolds() {
        return p(true);
    }

    /**
     * The uncorrected p-value of the hypothesis whose rejection contradicts the comparison: better, the two-sided
     * paired t-test when the mean favours the second (1 otherwise); alike, a difference beyond ±margin.
     */
    public double pAgainst() {
        return p(false);
    }

    private double p(boolean holds) {
        if (timing()) {
            TimingTest t = timingTest();
            if (expectation == Expectation.ALIKE) {
                double f = margin.value();
                return holds ? Math.max(t.pAbove(1 / f), t.pBelow(f))
                        : Math.min(1, 2 * Math.min(t.pAbove(f), t.pBelow(1 / f)));
            }
            double two = t.pDifferent(1);
            boolean favoursFirst = t.pBelow(1) < t.pAbove(1);
            return Double.isNaN(two) ? two : favoursFirst == holds ? two : 1;
        }
        if (expectation == Expectation.ALIKE) {
            PairedTest t = margin.relative() ? PairedTest.of(logs(a), logs(b)) : test();
            double m = margin.relative() ? Math.log1p(margin.value()) : margin.value();
            return holds ? t.pEquivalent(m) : t.pBeyond(m);
        }
        PairedTest t = test();
        if (Double.isNaN(t.p())) {
            return Double.NaN;
        }
        double gain = higherIsBetter ? t.mean() : -t.mean();
        return (gain > 0) == holds ? t.p() : 1;
    }

    private static double[] logs(double[] v) {
        return Arrays.stream(v).map(Math::log).toArray();
    }

    /** The outcome from p-values already corrected within the claim. */
    Outcome judge(double pHolds, double pAgainst) {
        Outcome r = refused();
        if (r != null) {
            return r;
        }
        if (pHolds < ALPHA) {
            return Outcome.HOLDS;
        }
        return pAgainst < ALPHA ? Outcome.CONTRADICTED : Outcome.NOT_SHOWN;
    }

    /** The outcome of this comparison alone, without correction for the others of its claim. */
    public Outcome outcome() {
        return judge(pHolds(), pAgainst());
    }
}
