package org.okl.experiments.verdict;

/** The verdict on a claim of a paper, decided from the numbers by the rule of {@link Claim#verdict()}. */
public enum Verdict {
    /** Every comparison of the claim holds. */
    REPRODUCED("reproduced"),
    /** Some comparisons hold, some do not (the table says which). */
    PARTLY("partly"),
    /** No comparison of the claim holds. */
    NOT_REPRODUCED("not reproduced"),
    /** None of the claim's comparisons could be judged in this setting (the reasons are given). */
    NOT_COMPARABLE("not comparable"),
    /** The claim was not tested (the reason is given). */
    NOT_RUN("not run");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    /** As printed in RESULTS.md. */
    public String text() {
        return text;
    }
}
