package org.okl.experiments.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.okl.experiments.verdict.Comparison.Load;
import org.okl.experiments.verdict.Comparison.Margin;
import org.okl.experiments.verdict.Comparison.Outcome;
import org.okl.experiments.verdict.Comparison.Units;

/**
 * Each branch of the verdict rule on constructed data: equivalence by two one-sided tests, a difference beyond the
 * margin, too imprecise to decide, not comparable, Holm's correction, timings refused under load, timing ratios of
 * medians. Reference p-values from scipy 1.17 ({@code stats.t.sf/cdf}, {@code ttest_1samp}, {@code binom.sf});
 * TOST is also checked in its confidence-interval form, from t quantiles.
 */
class VerdictRuleTest {

    private static final Units DRAWS = Units.draws("draws");
    private static final Margin MARGIN = new Margin(0.05, "half the last digit printed");

    /** Values b = 1 and a = 1 + mean + step·k, k = −2..2: five draws whose differences have the given mean. */
    private static Comparison alike(double mean, double step) {
        return Comparison.alike("c", "A", shifted(mean, step), "B", ones(), false, DRAWS, MARGIN);
    }

    private static double[] shifted(double mean, double step) {
        double[] a = new double[5];
        for (int k = -2; k <= 2; k++) {
            a[k + 2] = 1 + mean + step * k;
        }
        return a;
    }

    private static double[] ones() {
        return new double[] {1, 1, 1, 1, 1};
    }

    /** TOST at level α in its interval form: the 1 − 2α interval of the mean lies within ±margin. */
    private static boolean intervalWithin(Comparison c, double margin) {
        PairedTest t = c.test();
        double half = new TDistribution(null, t.n() - 1).inverseCumulativeProbability(1 - Comparison.ALPHA)
                * t.sd() / Math.sqrt(t.n());
        return t.mean() - half > -margin && t.mean() + half < margin;
    }

    @Test
    void equivalenceHoldsWhenBothOneSidedTestsPlaceTheMeanWithinTheMargin() {
        Comparison c = alike(0.01, 0.01);
        // scipy: max(t.sf((0.01 + 0.05)/se, 4), t.cdf((0.01 - 0.05)/se, 4)), se = 0.01·sqrt(2.5)/sqrt(5)
        assertThat(c.pHolds()).isCloseTo(0.00240633916502211, within(1e-10));
        assertThat(c.pAgainst()).isEqualTo(1.0);
        assertThat(intervalWithin(c, 0.05)).isTrue();
        assertThat(c.outcome()).isEqualTo(Outcome.HOLDS);
        // many precise units with a small difference: the old rule (p < 0.05 contradicts alike) said contradicted
        Comparison precise = alike(0.01, 0.001);
        assertThat(precise.test().p()).isCloseTo(0.00014512817061320028, within(1e-10));
        assertThat(precise.pHolds()).isCloseTo(2.923593982956432e-07, within(1e-12));
        assertThat(precise.outcome()).isEqualTo(Outcome.HOLDS);
    }

    @Test
    void aSignificantDifferenceBeyondTheMarginContradicts() {
        Comparison c = alike(0.2, 0.01);
        // scipy: 2·t.sf((0.2 − 0.05)/se, 4)
        assertThat(c.pAgainst()).isCloseTo(2.9195739249285478e-05, within(1e-10));
        assertThat(c.pHolds()).isCloseTo(0.9999854021303753, within(1e-10));
        assertThat(intervalWithin(c, 0.05)).isFalse();
        assertThat(c.outcome()).isEqualTo(Outcome.CONTRADICTED);
        // beyond the margin but not significantly: not shown
        Comparison beyond = alike(0.08, 0.05);
        assertThat(beyond.pAgainst()).isCloseTo(0.4439388886920743, within(1e-10));
        assertThat(beyond.pHolds()).isCloseTo(0.7780305556539628, within(1e-10));
        assertThat(beyond.outcome()).isEqualTo(Outcome.NOT_SHOWN);
    }

    @Test
    void anImpreciseComparisonIsNotShownWhereTheOldRuleCalledItAlike() {
        Comparison c = alike(0.01, 0.1);
        assertThat(c.test().p()).isCloseTo(0.8943736167296324, within(1e-10));
        assertThat(c.pHolds()).isCloseTo(0.3009159571194742, within(1e-10));
        assertThat(intervalWithin(c, 0.05)).isFalse();
        assertThat(c.outcome()).isEqualTo(Outcome.NOT_SHOWN);
    }

    @Test
    void anAlikeNeedsAMarginWithItsSource() {
        assertThatThrownBy(() -> new Comparison("c", "A", ones(), "B", ones(), Comparison.Expectation.ALIKE, true,
                DRAWS, null, null, null)).hasMessageContaining("margin");
        assertThatThrownBy(() -> new Margin(0.1, " ")).hasMessageContaining("where it comes from");
        assertThatThrownBy(() -> new Margin(0, "x")).hasMessageContaining("positive");
    }

    @Test
    void testPointsOfOneFitAndSubstitutesWithoutHeadroomAreNotComparable() {
        double[] low = shifted(-0.5, 0.01);
        Comparison onePoints = Comparison.better("c", "A", low, "B", ones(), false,
                Units.testPointsOfOneFit("test digits"));
        // a clear difference, yet no verdict: the units are one fit's test points
        assertThat(onePoints.test().p()).isLessThan(1e-6);
        assertThat(onePoints.outcome()).isEqualTo(Outcome.NOT_COMPARABLE);
        assertThat(onePoints.refusal()).isEqualTo(Comparison.ONE_FIT);
        Claim claim = Claim.of("P", "c", List.of(onePoints));
        assertThat(claim.verdict()).isEqualTo(Verdict.NOT_COMPARABLE);
        assertThat(claim.detail()).isEqualTo("0 of 1 hold; not judged: c (not comparable: " + Comparison.ONE_FIT
                + ")");

        Comparison draws = Comparison.better("d", "A", low, "B", ones(), false, DRAWS);
        Claim substitute = Claim.notComparable("P", "c", List.of(draws), "no headroom on the substitute");
        assertThat(substitute.verdict()).isEqualTo(Verdict.NOT_COMPARABLE);
        assertThat(substitute.outcomes()).containsExactly(Outcome.NOT_COMPARABLE);
        // one comparable comparison that holds and one that is not comparable: partly
        assertThat(Claim.of("P", "c", List.of(draws, onePoints)).verdict()).isEqualTo(Verdict.PARTLY);
    }

    @Test
    void holmsCorrectionTurnsTwoRawHoldsIntoNotShown() {
        // ttest_1samp of 2.4 + k and 2.2 + k (k = −2..2): p = 0.0274257..., 0.0358278...
        Comparison first = Comparison.better("1", "A", shifted(-2.4, 1), "B", ones(), false, DRAWS);
        Comparison second = Comparison.better("2", "A", shifted(-2.2, 1), "B", ones(), false, DRAWS);
        assertThat(first.pHolds()).isCloseTo(0.027425752140507364, within(1e-10));
        assertThat(second.pHolds()).isCloseTo(0.03582783192021213, within(1e-10));
        assertThat(first.outcome()).isEqualTo(Outcome.HOLDS);
        assertThat(second.outcome()).isEqualTo(Outcome.HOLDS);
        Claim claim = Claim.of("P", "c", List.of(first, second));
        // Holm: 2 × 0.02743 = 0.05485, then max(0.05485, 1 × 0.03583)
        assertThat(claim.pHolds()[0]).isCloseTo(2 * 0.027425752140507364, within(1e-10));
        assertThat(claim.pHolds()[1]).isCloseTo(2 * 0.027425752140507364, within(1e-10));
        assertThat(claim.outcomes()).containsExactly(Outcome.NOT_SHOWN, Outcome.NOT_SHOWN);
        assertThat(claim.verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
        // p = 0.00776 (3.5 + k) and 0.0358: Holm 0.0155 and 0.0358, both hold
        Comparison strong = Comparison.better("3", "A", shifted(-3.5, 1), "B", ones(), false, DRAWS);
        assertThat(strong.pHolds()).isCloseTo(0.00776260268987069, within(1e-10));
        assertThat(Claim.of("P", "c", List.of(strong, second)).verdict()).isEqualTo(Verdict.REPRODUCED);
    }

    @Test
    void holmsAdjustmentMatchesAHandComputation() {
        Claim c = Claim.of("P", "c", List.of(alike(0, 1), alike(0, 1), alike(0, 1), alike(0, 1)));
        // sorted 0.01 (× 4), 0.03 (× 3), 0.04 (× 2 = 0.08, below the running 0.09), 0.2 (× 1)
        assertThat(c.holm(new double[] {0.01, 0.04, 0.03, 0.2}))
                .containsExactly(new double[] {0.04, 0.09, 0.09, 0.2}, within(1e-12));
        // a refused comparison neither counts nor gets a p-value
        Claim withRefused = Claim.of("P", "c", List.of(alike(0, 1), alike(0, 1).notComparable("no headroom")));
        assertThat(withRefused.holm(new double[] {0.03, 0.01})[0]).isEqualTo(0.03);
        assertThat(withRefused.holm(new double[] {0.03, 0.01})[1]).isNaN();
    }

    private static final double[] FAST = {1.0, 1.1, 0.9, 5.0, 1.0, 1.05};
    private static final double[] SLOW = {2.0, 2.1, 1.9, 2.0, 2.2, 2.05};

    @Test
    void aTimingIsTheRatioOfMediansJudgedBySignTests() {
        Comparison c = Comparison.faster("fit", "A", FAST, "B", SLOW, Load.of(2, 0.6, 0.8));
        // medians 1.025 and 2.025 (the outlier 5.0 would move the mean ratio to 0.820)
        assertThat(c.timingTest().ratio()).isCloseTo(1.025 / 2.025, within(1e-12));
        // 5 of 6 log ratios below 0: two-sided sign test 2·P(X ≥ 5), X ~ Bin(6, 1/2) = 2 · 7/64
        assertThat(c.pHolds()).isCloseTo(14.0 / 64, within(1e-12));
        assertThat(c.outcome()).isEqualTo(Outcome.NOT_SHOWN);
        double[] clean = FAST.clone();
        clean[3] = 1.0;
        Comparison all = Comparison.faster("fit", "A", clean, "B", SLOW, Load.of(2, 0.6, 0.8));
        assertThat(all.pHolds()).isCloseTo(2.0 / 64, within(1e-12));
        assertThat(all.outcome()).isEqualTo(Outcome.HOLDS);
        assertThat(Comparison.faster("fit", "B", SLOW, "A", clean, Load.of(2, 0.6)).outcome())
                .isEqualTo(Outcome.CONTRADICTED);
        // comparable times within a factor 2: every log ratio within (log 1/2, log 2), P(X ≥ 6) = 1/64 each side
        double[] near = {1.1, 1.2, 1.0, 1.1, 1.3, 1.2};
        Comparison alike = Comparison.timeAlike("fit", "A", near, "B", clean, new Margin(2, "\"comparable\""),
                Load.of(2, 0.5));
        assertThat(alike.pHolds()).isCloseTo(1.0 / 64, within(1e-12));
        assertThat(alike.outcome()).isEqualTo(Outcome.HOLDS);
        assertThat(Comparison.timeAlike("fit", "A", FAST, "B", clean, new Margin(1.5, "x"), Load.of(2, 0.5))
                .outcome()).isEqualTo(Outcome.NOT_SHOWN);
    }

    @Test
    void aTimingIsRefusedUnderLoadOrWithoutARecordedLoad() {
        double[] clean = {1.0, 1.1, 0.9, 1.0, 1.0, 1.05};
        Comparison loaded = Comparison.faster("fit", "A", clean, "B", SLOW, Load.of(2, 0.6, 1.5));
        assertThat(loaded.outcome()).isEqualTo(Outcome.TIMING_REFUSED);
        assertThat(loaded.refusal()).isEqualTo("other processes' load 0.75 per core over the run, above 0.50");
        Comparison unknown = Comparison.faster("fit", "A", clean, "B", SLOW, Load.notRecorded());
        assertThat(unknown.outcome()).isEqualTo(Outcome.TIMING_REFUSED);
        assertThat(unknown.refusal()).isEqualTo("load of other processes not measured");
        Claim claim = Claim.of("P", "speed", List.of(loaded, unknown));
        assertThat(claim.verdict()).isEqualTo(Verdict.NOT_COMPARABLE);
        assertThat(Comparison.faster("fit", "A", clean, "B", SLOW, Load.of(2, 1.0)).outcome())
                .isEqualTo(Outcome.HOLDS);
        assertThatThrownBy(() -> new Comparison("t", "A", clean, "B", SLOW, Comparison.Expectation.BETTER, false,
                Units.timedRepeats(), null, null, null)).hasMessageContaining("needs the load of its run");
    }

    /**
     * A timing claim of m comparisons can hold under Holm only with enough repeats: with
     * {@code repeatsToDecide(m)} repeats in which one method is always faster every comparison holds, with one
     * repeat fewer none can (the protocols time at least that many).
     */
    @Test
    void aTimingClaimNeedsTheRepeatsHolmsCorrectionAsksFor() {
        assertThat(TimingTest.repeatsToDecide(1)).isEqualTo(6);
        assertThat(TimingTest.repeatsToDecide(2)).isEqualTo(7);
        assertThat(TimingTest.repeatsToDecide(10)).isEqualTo(9);
        for (int m : new int[] {1, 2, 3, 6, 10}) {
            int n = TimingTest.repeatsToDecide(m);
            for (int repeats : new int[] {n, n - 1}) {
                List<Comparison> timings = new java.util.ArrayList<>();
                for (int c = 0; c < m; c++) {
                    double[] fast = new double[repeats];
                    double[] slow = new double[repeats];
                    for (int i = 0; i < repeats; i++) {
                        fast[i] = 1 + 0.01 * ((i * 7 + c) % 5);
                        slow[i] = 2 + 0.01 * ((i * 3 + c) % 5);
                    }
                    timings.add(Comparison.faster("t" + c, "A", fast, "B", slow, Load.of(2, 0.1)));
                }
                List<Outcome> outcomes = Claim.of("x", "A is faster", timings).outcomes();
                assertThat(outcomes).as("%d comparisons, %d repeats", m, repeats)
                        .containsOnly(repeats == n ? Outcome.HOLDS : Outcome.NOT_SHOWN);
            }
        }
    }
}
