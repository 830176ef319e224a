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
        ResultTable.Builder t = ResultTable.builder("Claims of the paper, each comparison judged by the rule above"
                        + " (level " + Comparison.ALPHA + ", Holm-corrected within the claim) over the units named",
                "claim", "comparison", "A (paper: better or alike)", "B", "units", "mean A", "mean B",
                "A − B (sd); timings: median A / median B", "margin", "p (Holm): holds, against", "outcome",
                "verdict");
        for (Claim c : claims) {
            if (c.comparisons().isEmpty()) {
                t.row(c.source() + ": " + c.text(), "-", "-", "-", "-", "-", "-", "-", "-", "-", c.detail(),
                        c.verdict().text());
                continue;
            }
            List<Comparison.Outcome> outcomes = c.outcomes();
            double[] holds = c.pHolds();
            double[] against = c.pAgainst();
            for (int i = 0; i < outcomes.size(); i++) {
                Comparison x = c.comparisons().get(i);
                Comparison.Outcome o = outcomes.get(i);
                t.row(i == 0 ? c.source() + ": " + c.text() : "", x.label()
                                + (x.expectation() == Comparison.Expectation.ALIKE ? " (alike)" : ""), x.first(),
                        x.second(), x.a().length + " " + x.unit(), num(x.meanFirst()), num(x.meanSecond()),
                        difference(x), margin(x), p(holds[i]) + ", " + p(against[i]),
                        o.text() + (o.judged() ? "" : ": " + x.refusal()), i == 0 ? c.verdict().text() : "");
            }
        }
        return t.build();
    }

    private static String difference(Comparison x) {
        if (x.timing()) {
            String load = Double.isNaN(x.load().highest()) ? "load not recorded" : String.format(Locale.ROOT,
                    "load %.2f per core", x.load().highest() / x.load().cores());
            return "× " + num(x.timingTest().ratio()) + " (" + load + ")";
        }
        PairedTest test = x.test();
        return num(test.mean()) + " (" + num(test.sd()) + ")";
    }

    private static String margin(Comparison x) {
        if (x.margin() == null) {
            return "-";
        }
        String value = x.margin().relative() ? "± " + num(100 * x.margin().value()) + " %"
                : (x.timing() ? "× " : "± ") + num(x.margin().value());
        return value + " (" + x.margin().source() + ")";
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
