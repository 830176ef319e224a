package org.okl.experiments.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.okl.experiments.catalog.Experiments;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.verdict.Comparison.Margin;
import org.okl.experiments.verdict.Comparison.Units;

/** The paired test against known values, and the verdict rule of RESULTS.md applied to constructed comparisons. */
class VerdictTest {

    @Test
    void thePairedTestMatchesAHandComputation() {
        // differences 1, 2, 3, 4, 5: mean 3, sd sqrt(2.5), t = 3 / (sqrt(2.5)/sqrt(5)) = 4.2426, df 4;
        // scipy.stats.ttest_rel gives p = 0.0132356
        PairedTest t = PairedTest.of(new double[] {2, 4, 6, 8, 10}, new double[] {1, 2, 3, 4, 5});
        assertThat(t.n()).isEqualTo(5);
        assertThat(t.mean()).isEqualTo(3.0);
        assertThat(t.sd()).isCloseTo(Math.sqrt(2.5), within(1e-12));
        assertThat(t.t()).isCloseTo(4.242640687, within(1e-8));
        assertThat(t.p()).isCloseTo(0.0132356, within(1e-7));
        // equal values: no difference at all; one unit: no test
        assertThat(PairedTest.of(new double[] {1, 2}, new double[] {1, 2}).p()).isEqualTo(1.0);
        assertThat(PairedTest.of(new double[] {1, 2}, new double[] {0, 1}).p()).isZero();
        assertThat(PairedTest.of(new double[] {1}, new double[] {0}).p()).isNaN();
    }

    private static final Units RUNS = Units.draws("runs");
    private static final double[] LOW = {0.10, 0.12, 0.11, 0.13, 0.10, 0.12};
    private static final double[] HIGH = {0.20, 0.21, 0.23, 0.20, 0.22, 0.21};
    private static final double[] NOISE = {0.11, 0.13, 0.10, 0.12, 0.12, 0.11};

    @Test
    void comparisonsHoldAreContradictedOrAreNotShown() {
        assertThat(Comparison.better("a", "A", LOW, "B", HIGH, false, RUNS).outcome())
                .isEqualTo(Comparison.Outcome.HOLDS);
        assertThat(Comparison.better("a", "A", LOW, "B", HIGH, true, RUNS).outcome())
                .isEqualTo(Comparison.Outcome.CONTRADICTED);
        assertThat(Comparison.better("a", "A", LOW, "B", NOISE, false, RUNS).outcome())
                .isEqualTo(Comparison.Outcome.NOT_SHOWN);
        assertThat(Comparison.alike("a", "A", LOW, "B", NOISE, false, RUNS, new Margin(0.02, "t"))
                .outcome()).isEqualTo(Comparison.Outcome.HOLDS);
        assertThat(Comparison.alike("a", "A", LOW, "B", HIGH, false, RUNS, new Margin(0.02, "t"))
                .outcome()).isEqualTo(Comparison.Outcome.CONTRADICTED);
        assertThat(Comparison.better("a", "A", new double[] {1}, "B", new double[] {2}, false, RUNS).outcome())
                .isEqualTo(Comparison.Outcome.NOT_SHOWN);
    }

    @Test
    void theVerdictFollowsFromTheComparisons() {
        Comparison holds = Comparison.better("n = 10", "A", LOW, "B", HIGH, false, RUNS);
        Comparison notShown = Comparison.better("n = 20", "A", LOW, "B", NOISE, false, RUNS);
        Comparison contradicted = Comparison.better("n = 40", "A", HIGH, "B", LOW, false, RUNS);
        assertThat(Claim.of("P", "c", List.of(holds, holds)).verdict()).isEqualTo(Verdict.REPRODUCED);
        Claim partly = Claim.of("P", "c", List.of(holds, notShown, contradicted));
        assertThat(partly.verdict()).isEqualTo(Verdict.PARTLY);
        // a partly row says which part is contradicted
        assertThat(partly.detail()).isEqualTo("1 of 3 hold: n = 10; contradicted: n = 40; not shown: n = 20");
        assertThat(Claim.of("P", "c", List.of(notShown, contradicted)).verdict()).isEqualTo(Verdict.NOT_REPRODUCED);
        Claim many = Claim.of("P", "c", java.util.Collections.nCopies(6, notShown));
        assertThat(many.detail()).isEqualTo("0 of 6 hold; not shown: n = 20, n = 20, n = 20, n = 20 and 2 more (the"
                + " section's claims table lists them)");
        Claim notRun = Claim.notRun("P", "c", "data not here");
        assertThat(notRun.verdict()).isEqualTo(Verdict.NOT_RUN);
        assertThat(notRun.detail()).isEqualTo("data not here");

        ResultTable summary = VerdictTables.summary(Map.of("exp", List.of(partly, notRun)));
        assertThat(summary.rows()).hasSize(2);
        assertThat(summary.rows().get(0)).containsExactly("exp", "P", "c", "data not stated", partly.detail(),
                "partly");
        assertThat(VerdictTables.comparisons(List.of(partly)).rows()).hasSize(3);
    }

    @Test
    void everyItemOfTheInventoryHasAStatusAndRunItemsNameAnExperiment() {
        assertThat(PaperItems.ALL).allSatisfy(i -> {
            assertThat(i.status()).isNotBlank();
            assertThat(i.paper()).isIn("K13", "B12", "MS11", "BM22");
        });
        assertThat(PaperItems.ALL.stream().map(PaperItems.Item::experiment).filter(e -> e != null))
                .allSatisfy(e -> assertThat(Experiments.all()).containsKey(e));
        ResultTable t = PaperItems.table(Set.of("kadri-usps"));
        assertThat(t.rows().get(2).get(3)).isEqualTo("run on the paper's data (ESL USPS)");
        assertThat(t.rows().get(5).get(3)).startsWith("not run in this invocation (okl experiment kadri-lowrank)");
    }

    @Test
    void substitutesAreNamedInTheRowAndJudgedApart() {
        Comparison holds = Comparison.better("n = 10", "A", LOW, "B", HIGH, false, RUNS);
        Claim own = Claim.of("P", "on the paper's data", List.of(holds)).on(Claim.Data.papers("USPS (P's data)"));
        Claim sub = Claim.of("P", "on a stand-in", List.of(holds)).on(Claim.Data.substitute("yeast", "Bookmarks"));
        Claim found = Claim.of("P", "with a finding", List.of(holds)).withFindings(List.of("λ on its grid's edge"));
        assertThat(found.detail()).isEqualTo("1 of 1 hold: n = 10; findings: λ on its grid's edge");
        assertThat(Claim.on(List.of(found, sub), Claim.Data.papers("D")).stream().map(c -> c.data().name()))
                .containsExactly("D", "yeast (substitute for Bookmarks)");
        List<List<String>> rows = new java.util.ArrayList<>(VerdictTables.summary(Map.of("exp", List.of(own, sub)))
                .rows());
        // a row of a part written before the data column: five cells
        rows.add(List.of("old", "P", "c", "0 of 1 hold", "not reproduced"));
        List<ResultTable> tables = VerdictTables.summaries(rows);
        assertThat(tables).hasSize(2);
        assertThat(tables.get(0).rows()).extracting(r -> r.get(3)).containsExactly("USPS (P's data)",
                "data not stated");
        assertThat(tables.get(1).rows()).hasSize(1);
        assertThat(tables.get(1).rows().get(0)).containsExactly("exp", "P", "on a stand-in",
                "yeast (substitute for Bookmarks)", "1 of 1 hold: n = 10", "reproduced");
        assertThat(tables.get(1).title()).contains("judged apart");
    }
}
