package org.okl.experiments.verdict;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.table.Stats;

/** The verdict tables of RESULTS.md: every comparison of an experiment's claims, and the summary of all claims. */
public final class VerdictTables {
    private VerdictTables() {
    }

    /** One row per comparison (the claim's verdict on its first row). */
    public static ResultTable comparisons(List<Claim> claims) {
        ResultTable.Builder t = ResultTable.builder("Claims of the paper, each comparison judged by the paired t-test"
                        + " (two-sided, level " + Comparison.ALPHA + ") over the units named", "claim", "comparison",
                "A (paper: better or alike)", "B", "units", "mean A", "mean B", "A − B (sd)", "p", "outcome",
                "verdict");
        for (Claim c : claims) {
            if (c.comparisons().isEmpty()) {
                t.row(c.source() + ": " + c.text(), "-", "-", "-", "-", "-", "-", "-", "-", c.detail(),
                        c.verdict().text());
                continue;
            }
            boolean first = true;
            for (Comparison x : c.comparisons()) {
                PairedTest test = x.test();
                t.row(first ? c.source() + ": " + c.text() : "", x.label()
                                + (x.expectation() == Comparison.Expectation.ALIKE ? " (alike)" : ""), x.first(),
                        x.second(), test.n() + " " + x.unit(), num(x.meanFirst()), num(x.meanSecond()),
                        num(test.mean()) + " (" + num(test.sd()) + ")", p(test.p()), x.outcome().text(),
                        first ? c.verdict().text() : "");
                first = false;
            }
        }
        return t.build();
    }

    /** One row per claim of every experiment, in order. */
    public static ResultTable summary(Map<String, List<Claim>> byExperiment) {
        ResultTable.Builder t = ResultTable.builder("Verdicts, decided by the rule above from the numbers of each"
                + " section", "experiment", "paper, item", "claim", "what holds", "verdict");
        byExperiment.forEach((experiment, claims) -> {
            for (Claim c : claims) {
                t.row(experiment, c.source(), c.text(), c.detail(), c.verdict().text());
            }
        });
        return t.build();
    }

    /** A p-value as printed. */
    static String p(double p) {
        if (Double.isNaN(p)) {
            return "-";
        }
        return p < 0.001 ? "< 0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "-" : Stats.number(v, 3);
    }
}
