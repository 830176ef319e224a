package org.okl.experiments.verdict;

import java.util.Arrays;

/**
 * One comparison a paper's claim makes between two methods (or settings), with our values of both over the same
 * units, judged by the {@link PairedTest} at level {@link #ALPHA}.
 *
 * @param label          what is compared, for example {@code n = 20 per task}
 * @param first          the method the paper says is better (or alike)
 * @param a              its values, one per unit
 * @param second         the method it is compared with
 * @param b              its values, over the same units in the same order
 * @param expectation    what the paper claims
 * @param higherIsBetter whether larger values are better (AUC, F1) or smaller (losses, errors)
 * @param unit           what the units are, for example {@code draws} or {@code test digits}
 */
public record Comparison(String label, String first, double[] a, String second, double[] b,
        Expectation expectation, boolean higherIsBetter, String unit) {
    /** The level of every test. */
    public static final double ALPHA = 0.05;

    /** What a paper claims of the two. */
    public enum Expectation {
        /** The first is better than the second. */
        BETTER,
        /** The two are alike (no difference). */
        ALIKE
    }

    /** How a comparison came out. */
    public enum Outcome {
        /** Better: the difference is in the paper's direction and significant; alike: it is not significant. */
        HOLDS("holds"),
        /** Better: significant in the other direction; alike: significant. */
        CONTRADICTED("contradicted"),
        /** Better: not significant (or too few units to test). */
        NOT_SHOWN("not shown");

        private final String text;

        Outcome(String text) {
            this.text = text;
        }

        /** As printed. */
        public String text() {
            return text;
        }
    }

    /** Checks the units pair up and copies the values. */
    public Comparison {
        if (a.length != b.length) {
            throw new IllegalArgumentException(label + ": " + a.length + " values of " + first + " against "
                    + b.length + " of " + second);
        }
        a = a.clone();
        b = b.clone();
    }

    /** The paper claims {@code first} is better than {@code second}. */
    public static Comparison better(String label, String first, double[] a, String second, double[] b,
            boolean higherIsBetter, String unit) {
        return new Comparison(label, first, a, second, b, Expectation.BETTER, higherIsBetter, unit);
    }

    /** The paper claims the two are alike. */
    public static Comparison alike(String label, String first, double[] a, String second, double[] b,
            boolean higherIsBetter, String unit) {
        return new Comparison(label, first, a, second, b, Expectation.ALIKE, higherIsBetter, unit);
    }

    /** The paired test of first − second. */
    public PairedTest test() {
        return PairedTest.of(a, b);
    }

    /** The mean of the first's values. */
    public double meanFirst() {
        return Arrays.stream(a).average().orElse(Double.NaN);
    }

    /** The mean of the second's values. */
    public double meanSecond() {
        return Arrays.stream(b).average().orElse(Double.NaN);
    }

    /** The outcome by the rule of RESULTS.md. */
    public Outcome outcome() {
        PairedTest t = test();
        if (Double.isNaN(t.p())) {
            return Outcome.NOT_SHOWN;
        }
        boolean significant = t.p() < ALPHA;
        if (expectation == Expectation.ALIKE) {
            return significant ? Outcome.CONTRADICTED : Outcome.HOLDS;
        }
        double gain = higherIsBetter ? t.mean() : -t.mean();
        if (!significant) {
            return Outcome.NOT_SHOWN;
        }
        return gain > 0 ? Outcome.HOLDS : Outcome.CONTRADICTED;
    }
}
