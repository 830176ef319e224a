package org.okl.experiments.multilabel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.multilabel.OelMultilabelExperiment.DatasetRun;
import org.okl.experiments.multilabel.OelMultilabelExperiment.Settings;
import org.okl.experiments.verdict.Claim;
import org.okl.experiments.verdict.Comparison;

/** The protocol text, the notes and the claims of {@link OelMultilabelExperiment}. */
final class OelMultilabelNotes {
    private OelMultilabelNotes() {
    }

    /** The protocol as run, and how it differs from BM22's. */
    static String protocol(Settings s, List<DatasetRun> runs, ExperimentContext context, BibtexRun.Result bibtex) {
        StringBuilder sets = new StringBuilder();
        for (DatasetRun r : runs) {
            sets.append(String.format(Locale.ROOT, "%s%s: n = %d labelled, m = %d unlabelled outputs, %d test,"
                            + " l̄ = %.2f, %d distinct training label sets", sets.length() == 0 ? "" : "; ",
                    r.dataset(), r.n(), r.m(), r.test(), r.meanLabels(), r.distinct()));
        }
        BibtexRun.Settings b = BibtexRun.FULL;
        String bib = bibtex == null ? "" : bibtex.ran() ? String.format(Locale.ROOT, " Bibtex, BM22's own data (Mulan:"
                + " 4,880 training and 2,515 test documents, 1,836 features, 159 labels, l̄ = %.2f): Table 5's protocol"
                + " with n = %d labelled documents drawn at random and the other %d training outputs unlabelled, %d"
                + " draws (seeds %d..%d; BM22 report one), each selected by %d sub-samplings of 80/20 over p ∈ %s ×"
                + " λ ∈ %s (OEL also c ∈ %s) and fitted alone; Fig. 3 at each draw's choice; Table 6's with labelled"
                + " documents only (m = 0), %d draws of %d of the training documents (seeds %d..%d), %d sub-samplings"
                + " over p ∈ %s × λ ∈ %s (each costs eigendecompositions of order 3,500: fewer, to keep the run"
                + " bounded on two cores); beside them, in every draw, OEL0 and OEL at BM22's own chosen p (their"
                + " Table 13: %d in Table 5, %d in Table 6), λ and c selected the same way; units of the tests: the"
                + " draws. OEL's p is capped at the number of distinct label sets among its dictionary (the rank"
                + " bound of its output Gram, where OEL scores as IOKR).", bibtex.meanLabels(), b.labelled(),
                4880 - b.labelled(), b.draws(), context.seed(), context.seed() + b.draws() - 1, b.repetitions(),
                b.ps(), b.lambdas(), b.cs(), b.table6Draws(), bibtex.table6Size(), context.seed(),
                context.seed() + b.table6Draws() - 1, b.table6Repetitions(), b.table6Ps(),
                BibtexRun.table6Lambdas(b), BibtexRun.BM22_P5, BibtexRun.BM22_P6)
                : " Bibtex not run: " + bibtex.reason() + ".";
        return OelMultilabelExperiment.GRIDS.describe() + ". Substitutes for BM22's Bookmarks and Corel5k (not"
                + " available): Mulan train/test splits of "
                + String.join(", ", s.datasets()) + " (" + sets + "). Small-training regime: a random "
                + Math.round(100 * s.fraction()) + "% of the training set is labelled, the outputs of all other"
                + " training rows are the unlabelled outputs; " + s.draws() + " seeded draw(s) (seeds " + context.seed()
                + ".." + (context.seed() + s.draws() - 1) + "), mean ± sd over draws, the draws the units of the"
                + " tests. Gaussian kernels exp(-||a - b||²/(2σ²)): input σ = the median distance between the"
                + " labelled inputs of the draw; output σ² = 1/l̄ (l̄ = mean labels per training row), read as σ² in"
                + " this parameterisation. Pre-image over all training outputs (labelled then unlabelled) for every"
                + " method. Selection on the labelled set only, by " + s.repetitions() + " repeated random 80/20"
                + " sub-samplings maximising the mean validation example-based F1 (the unlabelled outputs stay"
                + " available to every sub-sample; the validation rows' own outputs are not candidates during"
                + " selection), then a refit on the whole labelled set: OEL0 (c = 1, m unused) over p ∈ " + s.ps()
                + " × λ ∈ " + s.lambdas() + "; OEL over c ∈ " + s.cs() + " × p × λ, the same p and λ grids;"
                + " IOKR at OEL's λ (BM22: \"the same hyper-parameters were used for IOKR\") and, beside it, IOKR with"
                + " its own λ selected the same way. Randomized eigensolver for OEL. The test labels are sealed"
                + " until every model of a draw is fitted. Reference: the most frequent label set of the labelled"
                + " outputs, predicted for every test point." + bib + (context.quick() ? " Quick protocol: the"
                + " bundled data only (yeast, and scene-sample: every 3rd training and every 6th test row of scene),"
                + " 2 sub-samplings, smaller grids, no Bibtex." : "");
    }

    /** What the table shows, where the grids' edges were chosen, and the differences from BM22's protocol. */
    static List<String> notes(List<DatasetRun> runs, Settings s) {
        List<String> notes = new ArrayList<>();
        for (DatasetRun r : runs) {
            notes.add(String.format(Locale.ROOT, "%s: IOKR %.1f, OEL0 %.1f, OEL %.1f (IOKR with its own λ %.1f,"
                            + " most frequent label set %.1f).", r.dataset(), 100 * r.mean("IOKR (OEL's λ)"),
                    100 * r.mean("OEL0"), 100 * r.mean("OEL"), 100 * r.mean("IOKR (own λ)"),
                    100 * r.mean("most frequent label set")));
        }
        int top = s.ps().get(s.ps().size() - 1);
        List<String> ceiling = new ArrayList<>();
        for (DatasetRun r : runs) {
            for (String method : List.of("OEL0", "OEL")) {
                long atTop = r.chosen().get(OelMultilabelExperiment.METHODS.indexOf(method)).stream()
                        .filter(c -> c.get("output.p") instanceof Number p && p.intValue() == top).count();
                if (atTop > 0) {
                    ceiling.add(r.dataset() + " " + method + " (" + atTop + " of " + r.chosen().get(0).size() + ")");
                }
            }
        }
        notes.add("The p grid now reaches " + top + " (it stopped at 64 before, and the choice hit that ceiling on"
                + " yeast and enron; a wider grid moved yeast's first draw by 3.3 F1 points, more than any gap between"
                + " methods). Draws whose chosen p is the largest of the grid: " + (ceiling.isEmpty() ? "none"
                : String.join(", ", ceiling)) + ".");
        notes.add("Our label spaces (6-53 labels) are much smaller than BM22's (159-260), which may leave less for a"
                + " learned output embedding to gain; that is why Bibtex, BM22's own data, is run beside them.");
        notes.add("Differences from BM22: the substitutes and their labelled fraction (a fixed fraction of a smaller"
                + " training set), the input width (BM22 do not say how they chose it; ours is the median heuristic"
                + " on the labelled inputs), our grids (theirs are \"logarithmic\", unpublished), OEL's c selected on"
                + " a grid (BM22 mention only λ and p for Table 5), the selection metric (we maximise validation F1;"
                + " BM22's USPS selection used the validation MSE) and the randomized eigensolver instead of an exact"
                + " SVD. σ²_output = 1/l̄ could also be read as γ = 1/l̄ in exp(-γ||y - y'||²) (σ² = l̄/2); we use the"
                + " σ² reading.");
        return notes;
    }

    private static final Comparison.Units DRAWS = Comparison.Units.draws("draws");

    /** BM22's claims of Table 5, Fig. 3, Table 6 and Table 11 (Bibtex), with the substitutes beside. */
    static List<Claim> claims(List<DatasetRun> runs, BibtexRun.Result bibtex) {
        List<Comparison> oel0OverIokr = new ArrayList<>();
        List<Comparison> oelOverOel0 = new ArrayList<>();
        boolean bib = bibtex != null && bibtex.ran();
        Claim.Data bibtexData = Claim.Data.papers("Bibtex (BM22's data)");
        Claim.Data substitutes = Claim.Data.substitute(String.join(", ", runs.stream().map(DatasetRun::dataset)
                .toList()), "BM22's Bookmarks and Corel5k");
        for (DatasetRun r : runs) {
            String label = r.dataset() + " (substitute)";
            oel0OverIokr.add(Comparison.better(label, "OEL0", values(r, "OEL0"), "IOKR (OEL's λ)",
                    values(r, "IOKR (OEL's λ)"), true, DRAWS));
            oelOverOel0.add(Comparison.better(label, "OEL", values(r, "OEL"), "OEL0", values(r, "OEL0"), true,
                    DRAWS));
        }
        List<Claim> claims = new ArrayList<>();
        String oel0Text = "OEL0 has a higher F1 than IOKR at the same hyper-parameters";
        if (bib) {
            // on BM22's own data: judged apart from the substitutes, never pooled with them
            claims.add(Claim.of("BM22 Table 5 (Bibtex)", oel0Text, List.of(Comparison.better("bibtex", "OEL0",
                    pct(bibtex.table5().get("OEL0")), "IOKR (OEL's λ)", pct(bibtex.table5().get("IOKR (OEL's λ)")),
                    true, DRAWS))).on(bibtexData).withFindings(bibtex.findings5()));
        }
        if (!oel0OverIokr.isEmpty()) {
            claims.add(Claim.of("BM22 Table 5", oel0Text + " (BM22: on Bibtex, Bookmarks and Corel5k; here on"
                    + " substitutes)", oel0OverIokr).on(substitutes));
        }
        if (!oelOverOel0.isEmpty()) {
            claims.add(Claim.of("BM22 Table 5", "the unlabelled outputs improve OEL over OEL0 (BM22: on Bookmarks and"
                    + " Corel5k; here on their substitutes)", oelOverOel0).on(substitutes));
        }
        String reason = bibtex == null ? "not part of the quick protocol" : bibtex.reason();
        if (bib) {
            Map<String, double[]> t5 = bibtex.table5();
            claims.add(Claim.of("BM22 Table 5 (Bibtex)", "on Bibtex OEL and OEL0 are alike (39.7 both)", List.of(
                    // BM22 prints 39.7 for both at one decimal: the true gap is below 0.1 F1 points
                    Comparison.alike("bibtex", "OEL", pct(t5.get("OEL")), "OEL0", pct(t5.get("OEL0")), true,
                            DRAWS, new Comparison.Margin(0.1, "BM22 prints 39.7 for both at one decimal"))))
                    .on(bibtexData).withFindings(bibtex.findings5()));
            // the same two claims at BM22's own chosen p (their Table 13), λ and c selected as above
            String atP5 = BibtexRun.OEL0_AT_P5;
            claims.add(Claim.of("BM22 Table 5 (Bibtex)", "at BM22's chosen p = " + BibtexRun.BM22_P5 + " (their"
                    + " Table 13), OEL0 has a higher F1 than IOKR (here IOKR with its own λ)", List.of(
                    Comparison.better("bibtex", atP5, pct(t5.get(atP5)), "IOKR (own λ)", pct(t5.get("IOKR (own λ)")),
                            true, DRAWS))).on(bibtexData).withFindings(bibtex.findings5()));
            claims.add(Claim.of("BM22 Table 5 (Bibtex)", "at BM22's chosen p = " + BibtexRun.BM22_P5 + ", OEL and OEL0"
                    + " are alike (39.7 both)", List.of(Comparison.alike("bibtex", BibtexRun.OEL_AT_P5,
                    pct(t5.get(BibtexRun.OEL_AT_P5)), atP5, pct(t5.get(atP5)), true, DRAWS,
                    new Comparison.Margin(0.1, "BM22 prints 39.7 for both at one decimal"))))
                    .on(bibtexData).withFindings(bibtex.findings5()));
            int mMax = bibtex.fig3().keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
            claims.add(Claim.of("BM22 Fig. 3", "more unlabelled outputs raise OEL's F1 (here Bibtex for Bookmarks)",
                    List.of(Comparison.better("m = " + mMax + " vs m = 0", "OEL, m = " + mMax,
                            pct(bibtex.fig3().get(mMax)), "OEL, m = 0", pct(bibtex.fig3().get(0)), true,
                            DRAWS))).on(Claim.Data.substitute("Bibtex", "BM22's Bookmarks (Fig. 3)"))
                    .withFindings(bibtex.findings5()));
            claims.add(Claim.of("BM22 Table 6 (Bibtex)", "with all training data (m = 0), OEL0 reaches IOKR's F1 (here draws of 90 % of it)",
                    // BM22 calls 43.8 (OEL0) against 44.0 (IOKR) the same F1: a printed gap of 0.2, up to 0.3
                    // with each number's rounding (± 0.05)
                    List.of(Comparison.alike("bibtex", "OEL0", pct(bibtex.table6().get("OEL0")), "IOKR",
                            pct(bibtex.table6().get("IOKR")), true, DRAWS, new Comparison.Margin(0.3,
                                    "BM22 calls 43.8 against 44.0 alike: 0.2 printed, 0.3 with rounding"))))
                    .on(bibtexData).withFindings(bibtex.findings6()));
            String atP6 = BibtexRun.OEL0_AT_P6;
            claims.add(Claim.of("BM22 Table 6 (Bibtex)", "at BM22's chosen p = " + BibtexRun.BM22_P6 + " (their"
                    + " Table 13), OEL0 reaches IOKR's F1 (here draws of 90 % of the data)", List.of(
                    Comparison.alike("bibtex", atP6, pct(bibtex.table6().get(atP6)), "IOKR",
                            pct(bibtex.table6().get("IOKR")), true, DRAWS, new Comparison.Margin(0.3,
                                    "BM22 calls 43.8 against 44.0 alike: 0.2 printed, 0.3 with rounding"))))
                    .on(bibtexData).withFindings(bibtex.findings6()));
            claims.add(Claim.of("BM22 Table 11 (Bibtex)", "OEL0 decodes faster than IOKR and needs more fitting time",
                    List.of(Comparison.faster("decoding", "OEL0", bibtex.decode().get("OEL0"), "IOKR",
                                    bibtex.decode().get("IOKR"), bibtex.load()),
                            Comparison.faster("fitting", "IOKR", bibtex.fit().get("IOKR"), "OEL0",
                                    bibtex.fit().get("OEL0"), bibtex.load()))).on(bibtexData));
        } else {
            claims.add(Claim.notRun("BM22 Table 5, Fig. 3, Tables 6 and 11 (Bibtex)", "the Bibtex claims", reason)
                    .on(bibtexData));
        }
        claims.add(Claim.notRun("BM22 Tables 5, 6 (Bookmarks, Corel5k)", "the same on Bookmarks and Corel5k",
                "data not available (see the list of tables and figures)").on(Claim.Data.papers("Bookmarks, Corel5k"
                + " (BM22's data)")));
        return claims;
    }

    private static double[] values(DatasetRun r, String method) {
        return pct(r.f1()[OelMultilabelExperiment.METHODS.indexOf(method)]);
    }

    /** F1 values in percent, as the tables print them. */
    private static double[] pct(double[] f) {
        return java.util.Arrays.stream(f).map(v -> 100 * v).toArray();
    }
}
