package org.okl.experiments.verdict;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A claim of a paper (a table's ordering, a figure's trend), the comparisons it makes, and the verdict our numbers
 * give it (the rule is {@link #RULE}).
 *
 * @param source      paper and item, for example {@code B12 Fig. 3 left}
 * @param text        the claim, in a sentence
 * @param comparisons what it compares (empty when not run)
 * @param notRun      why it was not run (null when it was)
 */
public record Claim(String source, String text, List<Comparison> comparisons, String notRun) {

    /** The rule, as RESULTS.md states it before the verdicts. */
    public static final String RULE = "Every claim of a paper that we test is a list of comparisons between two "
            + "methods or settings, each either \"A is better than B\" or \"A and B are alike within a margin\", "
            + "computed on the same units for both. Units are repeated draws (resampled splits, seeds, folds, "
            + "repetitions of the protocol); a comparison whose units are the test points of one fit is not "
            + "comparable (its spread is not the spread over draws) until it is re-run with repeated draws. "
            + "\"A better than B\" is tested by the two-sided paired t-test of the per-unit differences: it holds "
            + "when the difference favours A significantly, is contradicted when it favours B significantly, and is "
            + "otherwise not shown. \"A and B alike\" carries an equivalence margin M stated with the comparison "
            + "before the run and derived from the paper's own resolution (the digits it prints, its error bars): "
            + "it holds when two one-sided tests (TOST) place the mean difference within ±M, is contradicted when "
            + "the difference lies significantly beyond ±M, and is otherwise not shown (too imprecise to decide). "
            + "All tests are at level " + Comparison.ALPHA + ", family-wise within a claim by Holm's step-down "
            + "correction over its comparisons (once for the tests that make comparisons hold, once for those that "
            + "contradict them). Timings are times of repeats interleaved over the methods, judged by the ratio of "
            + "medians and sign tests on the per-repeat log ratios (a margin is then a factor); a timing verdict "
            + "is refused when the load average over the run is unknown or above " + Comparison.Load.BOUND_PER_CORE
            + " per core. A comparison is not comparable, with the reason, where the setting cannot test it (for "
            + "example a substitute data set without the headroom the claim needs). A claim is reproduced when "
            + "every comparison holds, not reproduced when none of those judged holds, partly reproduced otherwise "
            + "(the table lists which hold), not comparable when none could be judged, and not run when we could "
            + "not test it (the reason is given). Levels (how close our numbers are to the paper's) are shown "
            + "beside ours but are not part of any verdict: protocols, data and hardware differ.";

    /** Copies the list. */
    public Claim {
        comparisons = List.copyOf(comparisons);
    }

    /** A claim tested by the comparisons. */
    public static Claim of(String source, String text, List<Comparison> comparisons) {
        if (comparisons.isEmpty()) {
            throw new IllegalArgumentException(source + ": a tested claim needs at least one comparison");
        }
        return new Claim(source, text, comparisons, null);
    }

    /** A claim whose comparisons this setting cannot test, for the reason (kept so that their numbers print). */
    public static Claim notComparable(String source, String text, List<Comparison> comparisons, String reason) {
        return of(source, text, comparisons.stream().map(c -> c.notComparable(reason)).toList());
    }

    /** A claim not tested, with the reason. */
    public static Claim notRun(String source, String text, String reason) {
        return new Claim(source, text, List.of(), reason);
    }

    /** The p-values that make each comparison hold, Holm-corrected over the claim's judged comparisons. */
    public double[] pHolds() {
        return holm(comparisons.stream().mapToDouble(Comparison::pHolds).toArray());
    }

    /** The p-values that contradict each comparison, Holm-corrected over the claim's judged comparisons. */
    public double[] pAgainst() {
        return holm(comparisons.stream().mapToDouble(Comparison::pAgainst).toArray());
    }

    /** Each comparison's outcome, at the Holm-corrected level. */
    public List<Comparison.Outcome> outcomes() {
        double[] h = pHolds();
        double[] x = pAgainst();
        return IntStream.range(0, comparisons.size()).mapToObj(i -> comparisons.get(i).judge(h[i], x[i])).toList();
    }

    /**
     * Holm's adjusted p-values over the comparisons that are judged and testable (refused comparisons and NaN
     * p-values keep NaN and do not count): the k-th smallest of m becomes max over j ≤ k of min(1, (m − j + 1)
     * p_(j)).
     */
    double[] holm(double[] raw) {
        double[] adjusted = new double[raw.length];
        Arrays.fill(adjusted, Double.NaN);
        List<Integer> tested = new ArrayList<>();
        for (int i = 0; i < raw.length; i++) {
            if (comparisons.get(i).refused() == null && !Double.isNaN(raw[i])) {
                tested.add(i);
            }
        }
        tested.sort((i, j) -> Double.compare(raw[i], raw[j]));
        int m = tested.size();
        double running = 0;
        for (int k = 0; k < m; k++) {
            int i = tested.get(k);
            running = Math.max(running, Math.min(1, (m - k) * raw[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }

    /** The verdict by the rule. */
    public Verdict verdict() {
        if (notRun != null) {
            return Verdict.NOT_RUN;
        }
        List<Comparison.Outcome> o = outcomes();
        long judged = o.stream().filter(Comparison.Outcome::judged).count();
        long holding = o.stream().filter(x -> x == Comparison.Outcome.HOLDS).count();
        if (judged == 0) {
            return Verdict.NOT_COMPARABLE;
        }
        if (holding == o.size()) {
            return Verdict.REPRODUCED;
        }
        return holding == 0 ? Verdict.NOT_REPRODUCED : Verdict.PARTLY;
    }

    /**
     * Which comparisons hold and which do not, for the summary (at most {@link #LISTED} labels each, the rest
     * counted); the reason when not run; the reasons when not comparable.
     */
    public String detail() {
        if (notRun != null) {
            return notRun;
        }
        List<Comparison.Outcome> o = outcomes();
        List<String> held = new ArrayList<>();
        List<String> not = new ArrayList<>();
        for (int i = 0; i < o.size(); i++) {
            Comparison c = comparisons.get(i);
            if (o.get(i) == Comparison.Outcome.HOLDS) {
                held.add(c.label());
            } else {
                not.add(c.label() + " (" + o.get(i).text() + (o.get(i).judged() ? "" : ": " + c.refusal()) + ")");
            }
        }
        return held.size() + " of " + comparisons.size() + " hold" + (held.isEmpty() ? "" : ": " + list(held))
                + (not.isEmpty() ? "" : "; not: " + list(not));
    }

    /** Labels listed per kind in {@link #detail()} before the rest is counted. */
    static final int LISTED = 4;

    private static String list(List<String> labels) {
        if (labels.size() <= LISTED) {
            return String.join(", ", labels);
        }
        return String.join(", ", labels.subList(0, LISTED)) + " and " + (labels.size() - LISTED) + " more (the"
                + " section's claims table lists them)";
    }
}
