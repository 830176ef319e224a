package org.okl.experiments.verdict;

import java.util.List;

/**
 * A claim of a paper (a table's ordering, a figure's trend), the comparisons it makes, and the verdict our numbers
 * give it: {@link Verdict#REPRODUCED} when every comparison holds, {@link Verdict#NOT_REPRODUCED} when none does,
 * {@link Verdict#PARTLY} otherwise, and {@link Verdict#NOT_RUN} with the reason when it was not tested.
 *
 * @param source      paper and item, for example {@code B12 Fig. 3 left}
 * @param text        the claim, in a sentence
 * @param comparisons what it compares (empty when not run)
 * @param notRun      why it was not run (null when it was)
 */
public record Claim(String source, String text, List<Comparison> comparisons, String notRun) {

    /** The rule, as RESULTS.md states it before the verdicts. */
    public static final String RULE = "Every claim of a paper that we test is a list of comparisons between two "
            + "methods or settings, each either \"A is better than B\" or \"A and B are alike\", computed on the "
            + "same units for both (the repetitions, draws or folds of the protocol; the test points where the "
            + "protocol is a single run, as the papers' standard errors are). Each comparison is judged by one "
            + "test, the same everywhere: the two-sided paired t-test of the per-unit differences at level "
            + Comparison.ALPHA + ", without correction for multiple comparisons. \"A better than B\" holds when the "
            + "mean difference favours A and p < " + Comparison.ALPHA + "; it is contradicted when it favours B "
            + "with p < " + Comparison.ALPHA + "; otherwise it is not shown. We hold every directional claim to "
            + "this test, also where the paper reports means only. \"A and B alike\" holds when p ≥ "
            + Comparison.ALPHA + " and is contradicted otherwise (with few units this is weak evidence of "
            + "equality, and the table gives the number of units). A claim is reproduced when every comparison "
            + "holds, not reproduced when none holds, partly reproduced otherwise (the table lists which hold), "
            + "and not run when we could not test it (the reason is given). Levels (how close our numbers are to "
            + "the paper's) are shown beside ours but are not part of any verdict: protocols, data and "
            + "hardware differ.";

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

    /** A claim not tested, with the reason. */
    public static Claim notRun(String source, String text, String reason) {
        return new Claim(source, text, List.of(), reason);
    }

    /** The verdict by the rule. */
    public Verdict verdict() {
        if (notRun != null) {
            return Verdict.NOT_RUN;
        }
        long holding = comparisons.stream().filter(c -> c.outcome() == Comparison.Outcome.HOLDS).count();
        if (holding == comparisons.size()) {
            return Verdict.REPRODUCED;
        }
        return holding == 0 ? Verdict.NOT_REPRODUCED : Verdict.PARTLY;
    }

    /**
     * Which comparisons hold and which do not, for the summary (at most {@link #LISTED} labels each, the rest
     * counted); the reason when not run.
     */
    public String detail() {
        if (notRun != null) {
            return notRun;
        }
        List<String> held = comparisons.stream().filter(c -> c.outcome() == Comparison.Outcome.HOLDS)
                .map(Comparison::label).toList();
        List<String> not = comparisons.stream().filter(c -> c.outcome() != Comparison.Outcome.HOLDS)
                .map(c -> c.label() + " (" + c.outcome().text() + ")").toList();
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
