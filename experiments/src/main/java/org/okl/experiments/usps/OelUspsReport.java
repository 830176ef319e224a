package org.okl.experiments.usps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.table.Stats;
import org.okl.experiments.usps.OelUspsExperiment.PaperRow;
import org.okl.experiments.usps.OelUspsExperiment.Settings;
import org.okl.experiments.usps.OelUspsRun.Outcome;
import org.okl.experiments.usps.OelUspsRun.Results;
import org.okl.experiments.verdict.Claim;
import org.okl.experiments.verdict.Comparison;

/** The tables, figures, claims and notes of {@link OelUspsExperiment}. */
final class OelUspsReport {
    /** BM22 Table 11, USPS row (fit / decode seconds; hardware not stated). */
    private static final Map<String, String> PAPER_TIMES = Map.of("IOKR", "0.1 / 9", "OEL0", "0.4 / 1", "OEL",
            "37 / 38", "KDE", "-");

    private OelUspsReport() {
    }

    static ExperimentResult result(String name, Settings s, Results r, int tests, ExperimentContext context) {
        Map<String, Outcome> by = new LinkedHashMap<>();
        r.outcomes().forEach(o -> by.put(o.label(), o));
        ResultTable.Builder table = ResultTable.builder("Test RBF loss ± standard error over the " + tests
                        + " test digits; candidates = the " + (s.labelled() + s.unlabelled()) + " training bottom"
                        + " halves", "method", "chosen", "p", "RBF loss, σ² = 10 on [-1, 1] (ours)", "RBF loss (BM22)",
                "same predictions, σ² = 40 on [-1, 1] (ours)", "selection (s)");
        table.row("SPEN", "-", "128", "not run", plusMinus(OelUspsExperiment.PAPER.get(0)), "not run", "-");
        for (Outcome o : r.outcomes()) {
            PaperRow paper = OelUspsExperiment.PAPER.stream().filter(p -> p.label().equals(o.label())).findFirst()
                    .orElseThrow();
            String p = switch (o.label()) {
                case "IOKR" -> "∞";
                case "KDE" -> "64";
                default -> String.valueOf(o.chosen().get("output.p"));
            };
            table.row(o.label(), describe(o.chosen()), p, Formats.plusMinus(Stats.mean(o.losses()),
                            Formats.standardError(o.losses())), plusMinus(paper), Formats.plusMinus(
                            Stats.mean(o.rescaled()), Formats.standardError(o.rescaled())),
                    Formats.seconds(o.selectNanos()));
        }
        double[][] mean = r.meanLosses();
        table.row("mean training bottom half (reference)", "-", "-", Formats.plusMinus(Stats.mean(mean[0]),
                Formats.standardError(mean[0])), "-", Formats.plusMinus(Stats.mean(mean[1]),
                Formats.standardError(mean[1])), "-");

        List<String> cols = new ArrayList<>(List.of("λ", "IOKR"));
        s.figPs().forEach(p -> cols.add("OEL p = " + p));
        ResultTable.Builder fig2 = ResultTable.builder("Fig. 2 as a table: mean test surrogate MSE ‖G*G ĥ(x) − ψ(y)‖²"
                + " of OEL (c = " + Formats.compact(r.fig2C()) + ", σ_k = " + Formats.compact(r.fig2Sigma()) + ") over λ"
                + " × p, and of IOKR over λ; every cell is its own model scored once on the test digits, none is chosen"
                + " on them", cols.toArray(String[]::new));
        Map<String, double[]> series = new LinkedHashMap<>();
        double[] lambdas = s.figLambdas().stream().mapToDouble(Double::doubleValue).toArray();
        series.put("IOKR", r.fig2Iokr());
        for (int b = 0; b < s.figPs().size(); b++) {
            double[] v = new double[lambdas.length];
            for (int a = 0; a < lambdas.length; a++) {
                v[a] = r.fig2()[a][b];
            }
            series.put("OEL, p = " + s.figPs().get(b), v);
        }
        for (int a = 0; a < lambdas.length; a++) {
            List<String> row = new ArrayList<>(List.of(Formats.compact(lambdas[a]), fmt(r.fig2Iokr()[a])));
            for (int b = 0; b < s.figPs().size(); b++) {
                row.add(fmt(r.fig2()[a][b]));
            }
            fig2.row(row.toArray(String[]::new));
        }

        ResultTable.Builder times = ResultTable.builder("Table 11 (USPS row): fit and prediction (decoding over every"
                        + " candidate) wall-clock times, median of " + s.timings() + " timed repeats after one untimed"
                        + " run, repeats interleaved over the methods (the bench harness's timer)", "method",
                "fit (s)", "predict (s)", "BM22 fit / decode (s)");
        for (Outcome o : r.outcomes()) {
            times.row(o.label(), Stats.number(Stats.median(o.fit()), 3), Stats.number(Stats.median(o.predict()), 3),
                    PAPER_TIMES.get(o.label()));
        }

        Outcome oel = by.get("OEL");
        int shown = r.shown()[0].rows();
        List<ExperimentResult.Figure> figures = List.of(
                DigitFigures.lines("fig2-surrogate-mse", "Fig. 2: test surrogate MSE against λ", "λ",
                        "test surrogate MSE", true, lambdas, series),
                DigitFigures.validationCurve("iokr-validation", "IOKR: validation loss, " + s.repetitions()
                        + " sub-samplings", "validation RBF loss", by.get("IOKR").curve()),
                DigitFigures.completions("completions", "OEL: first " + shown + " test digits", r.shown()[0],
                        r.shown()[1], r.shown()[2]));
        return new ExperimentResult(name, protocol(s, tests, context), List.of(table.build(), drawTable(r.draws()),
                fig2.build(), times.build()), figures, notes(r, oel), Claim.on(claims(by, s, r.load(), r.draws()),
                Claim.Data.papers("USPS (BM22's data)")));
    }

    /** One number per draw of a method: its mean test RBF loss ({@code k} 0) or surrogate MSE (1). */
    static double[] perDraw(Map<String, double[][]> draws, String method, int k) {
        return java.util.Arrays.stream(draws.get(method)).mapToDouble(v -> v[k]).toArray();
    }

    /** The per-draw means: one row per draw, one column per method. */
    private static ResultTable drawTable(Map<String, double[][]> draws) {
        List<String> cols = new ArrayList<>(List.of("draw"));
        draws.keySet().forEach(m -> cols.add(m));
        ResultTable.Builder t = ResultTable.builder("The verdicts' units: mean test RBF loss of each draw of the"
                + " training digits (draw 0: BM22's split; the others: random partitions of zip.train into as many"
                + " labelled and unlabelled digits, each method selected and fitted on the draw alone), the same"
                + " test digits", cols.toArray(String[]::new));
        int n = draws.values().iterator().next().length;
        for (int d = 0; d < n; d++) {
            List<String> row = new ArrayList<>(List.of(d == 0 ? "0 (BM22's split)" : String.valueOf(d)));
            for (double[][] v : draws.values()) {
                row.add(fmt(v[d][0]));
            }
            t.row(row.toArray(String[]::new));
        }
        return t.build();
    }

    static List<Claim> claims(Map<String, Outcome> by, Settings s, Comparison.Load load,
            Map<String, double[][]> draws) {
        // the units are draws of the training digits (BM22's split and random partitions of zip.train), each a mean
        // over the same test digits; the per-digit spread of one fit is not the spread over draws
        Comparison.Units units = Comparison.Units.draws("draws of the training digits");
        double[] iokr = perDraw(draws, "IOKR", 0);
        double[] oel0 = perDraw(draws, "OEL0", 0);
        List<Claim> claims = new ArrayList<>();
        claims.add(Claim.of("BM22 Table 3", "OEL0 (no unlabelled outputs) has a lower RBF loss than IOKR and KDE",
                List.of(Comparison.better("OEL0 < IOKR", "OEL0", oel0, "IOKR", iokr, false, units),
                        Comparison.better("OEL0 < KDE", "OEL0", oel0, "KDE", perDraw(draws, "KDE", 0), false,
                                units)))
                .withFindings(edges(by, s, "OEL0", "IOKR", "KDE")));
        claims.add(Claim.of("BM22 Table 3", "adding the m unlabelled outputs, OEL improves further on OEL0",
                List.of(Comparison.better("OEL < OEL0", "OEL", perDraw(draws, "OEL", 0), "OEL0", oel0, false,
                        units))).withFindings(edges(by, s, "OEL", "OEL0")));
        claims.add(Claim.of("BM22 Fig. 2", "OEL reaches a lower test surrogate MSE than IOKR (here both at their"
                + " validation-chosen values, not at the test minimum)", List.of(Comparison.better(
                "OEL < IOKR", "OEL", perDraw(draws, "OEL", 1), "IOKR", perDraw(draws, "IOKR", 1), false, units)))
                .withFindings(edges(by, s, "OEL", "IOKR")));
        claims.add(Claim.of("BM22 Table 11 (USPS)", "OEL0 decodes faster than IOKR; OEL0 and OEL need extra training"
                + " time (IOKR fits fastest, OEL slowest)", List.of(
                Comparison.faster("OEL0 predicts faster", "OEL0", by.get("OEL0").predict(), "IOKR",
                        by.get("IOKR").predict(), load),
                Comparison.faster("IOKR fits faster than OEL0", "IOKR", by.get("IOKR").fit(), "OEL0",
                        by.get("OEL0").fit(), load),
                Comparison.faster("OEL0 fits faster than OEL", "OEL0", by.get("OEL0").fit(), "OEL",
                        by.get("OEL").fit(), load))));
        claims.add(Claim.notRun("BM22 Table 3", "SPEN is worse than KDE, IOKR and OEL", "SPEN is not part of OKL"));
        return claims;
    }

    private static List<String> edges(Map<String, Outcome> by, Settings s, String... methods) {
        List<String> out = new ArrayList<>();
        for (String m : methods) {
            out.addAll(OelUspsExperiment.edgeFindings(m, by.get(m).chosen(), s));
        }
        return out;
    }

    private static String describe(Map<String, Object> chosen) {
        List<String> parts = new ArrayList<>();
        chosen.forEach((k, v) -> parts.add(k.substring(k.indexOf('.') + 1) + " = "
                + (v instanceof Number x ? Formats.compact(x.doubleValue()) : v)));
        return String.join(", ", parts);
    }

    private static String plusMinus(PaperRow row) {
        return String.format(Locale.ROOT, "%.3f ± %.3f", row.loss(), row.error());
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    private static String protocol(Settings s, int tests, ExperimentContext context) {
        return "USPS (ESL, pixels in [-1, 1]), top half -> bottom half. Labelled: the first " + s.labelled()
                + " digits of zip.train; unlabelled outputs: the bottom halves of the last " + s.unlabelled()
                + " digits of zip.train (BM22: \"the 6000 last bottom half train digits\"); test: "
                + (tests == 2007 ? "all 2007 digits" : "the first " + tests + " digits") + " of zip.test;"
                + " candidates: the " + (s.labelled() + s.unlabelled()) + " training bottom halves, for every"
                + " method. Gaussian kernels exp(-||x - x'||²/(2σ²)); the output kernel and the RBF loss use BM22's"
                + " σ²_output = 10, read on ESL's [-1, 1] pixels as distributed (BM22 state no rescaling; BM22 chose"
                + " it \"visually\"). It is not selected here, since the loss that would select it changes with it,"
                + " but it was not fixed before any run: an earlier version of this experiment used σ² = 40, chosen"
                + " because it matched BM22's IOKR loss on the test digits, and the width went back to BM22's 10"
                + " when that was seen to be a choice made on the test set. " + OelUspsExperiment.GRIDS.describe()
                + ". Selection by " + s.repetitions()
                + " repeated random 80/20 sub-samplings of the labelled"
                + " set (the unlabelled outputs and candidates stay available to every sub-sample), best mean"
                + " validation RBF loss, then refit on the whole training set: IOKR chooses σ_k ∈ " + s.sigmas()
                + " and the other three take IOKR's (the input kernel is the same ridge regression in all four); every"
                + " method over λ ∈ " + s.lambdas() + "; KDE with BM22's p = 64 kPCA components; OEL0"
                + " (c = 1, so the unlabelled block has zero weight) and OEL over the same p ∈ " + s.ps()
                + "; OEL over c ∈ " + s.cs() + " too. The verdicts' units are " + s.draws() + " draws of the"
                + " training digits: draw 0 is BM22's split, draw d > 0 a random partition of zip.train (seed "
                + context.seed() + " + 1000·d) into as many labelled and unlabelled digits, every method selected and"
                + " fitted on each; the first table, Fig. 2 and the times are draw 0's. The test digits are sealed"
                + " until every model of every draw is fitted."
                + " Seed " + context.seed() + (context.quick() ? "; quick protocol (smaller sets and grids)." : ".");
    }

    private static List<String> notes(Results r, Outcome oel) {
        List<String> notes = new ArrayList<>();
        Map<String, Double> loss = new LinkedHashMap<>();
        r.outcomes().forEach(o -> loss.put(o.label(), Stats.mean(o.losses())));
        notes.add(String.format(Locale.ROOT, "Ours at σ² = 10 on [-1, 1]: IOKR %.4f, KDE %.4f, OEL0 %.4f, OEL %.4f"
                        + " (mean bottom half %.4f); order %s. BM22's order is OEL < OEL0 < IOKR < KDE. The claims"
                        + " table tests each step over the draws of the training digits.", loss.get("IOKR"), loss.get("KDE"),
                loss.get("OEL0"), loss.get("OEL"), Stats.mean(r.meanLosses()[0]), loss.entrySet().stream()
                        .sorted(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
                        .reduce((a, b) -> a + " < " + b).orElse("")));
        Map<String, Double> rescaled = new LinkedHashMap<>();
        r.outcomes().forEach(o -> rescaled.put(o.label(), Stats.mean(o.rescaled())));
        notes.add(String.format(Locale.ROOT, "Levels: BM22 print 0.725-0.764 for these four methods. The same"
                        + " predictions scored at σ² = 40 on [-1, 1] (σ² = 10 on pixels rescaled to [0, 1], another"
                        + " reading of BM22's width) give IOKR %.4f, KDE %.4f, OEL0 %.4f, OEL %.4f. A level that"
                        + " matches would not show which reading BM22 used (σ² = 40 was once chosen because it matched"
                        + " BM22's IOKR loss on the test digits; the width is now BM22's 10 on the pixels as"
                        + " distributed), and no verdict uses levels.", rescaled.get("IOKR"), rescaled.get("KDE"),
                rescaled.get("OEL0"), rescaled.get("OEL")));
        notes.add("Fig. 2: BM22 report that the minimum of OEL's test surrogate MSE over their λ × p grid lies below"
                + " IOKR's; the table shows the whole landscape (descriptive, test-set values), and the claims table"
                + " compares OEL and IOKR at the values chosen on the labelled digits instead of at the test minimum.");
        notes.add("Differences from BM22: they select on the validation \"MSE\" (most likely the surrogate MSE of Fig."
                + " 2), we on the RBF loss at the same width; their grids are not published, ours are listed above;"
                + " the randomized eigensolver (oversampling 10, 2 power iterations) replaces their exact SVD. BM22's"
                + " ± is a standard error; ours is the standard error over test digits (descriptive; the verdicts' units are the draws). SPEN is"
                + " not part of OKL.");
        notes.add("Times: wall-clock on this machine (shared with other jobs; see the header's load average), final"
                + " fit with the chosen values and prediction with decoding over all candidates, medians of the timed"
                + " repeats; the selection is one run. BM22 Table 11 (hardware not stated) is shown beside.");
        return notes;
    }
}
