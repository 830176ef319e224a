package org.okl.experiments.usps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.bench.Timing;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.table.Stats;
import org.okl.experiments.usps.KadriLowRankExperiment.Settings;
import org.okl.experiments.usps.LowRankRun.Repetition;
import org.okl.experiments.usps.LowRankRun.Sweep;
import org.okl.experiments.verdict.Claim;
import org.okl.experiments.verdict.Comparison;
import org.okl.experiments.verdict.PairedTest;

/** The tables, figures, claims and notes of {@link KadriLowRankExperiment}. */
final class KadriLowRankReport {
    /** K13's gap on the faces between Cortes KDE and the conditional-covariance KDE (Table 3, 0.1773 to 0.1130). */
    static final double FACES_GAP = 1 - 0.1130 / 0.1773;

    /**
     * The least gap between Cortes on all N and the exact conditional KDE at which a substitute can test "low rank
     * beats Cortes on all N": a tenth of K13's (our choice); below it the low-rank model, which approximates the
     * exact one, has no room to show the effect.
     */
    static final double MIN_HEADROOM = FACES_GAP / 10;

    private KadriLowRankReport() {
    }

    static ExperimentResult result(String name, Settings s, List<Repetition> reps, Sweep sweep,
            List<double[]> squared, int tests, ExperimentContext context) {
        Comparison.Units units = Comparison.Units.draws("repetitions");
        ResultTable.Builder loss = ResultTable.builder("Test RBF loss (σ_l = " + Formats.compact(
                        KadriLowRankExperiment.SIGMA_L) + ", mean ± sd over " + reps.size() + " repetitions) against n:"
                        + " Cortes KDE on n of the N = " + s.train() + " training digits, and the conditional KDE on all N"
                        + " with incomplete-Cholesky factors of rank m1 = m2 = n", "n", "Cortes KDE on n examples",
                "low-rank cond. KDE, m = n (all N)", "low rank − Cortes (p)", "λ chosen for the low rank (median)");
        Map<String, double[][]> series = new LinkedHashMap<>();
        double[] xs = s.sizes().stream().mapToDouble(Integer::doubleValue).toArray();
        double[] cMean = new double[xs.length];
        double[] lMean = new double[xs.length];
        List<Comparison> perN = new ArrayList<>();
        for (int i = 0; i < xs.length; i++) {
            int n = s.sizes().get(i);
            double[] c = reps.stream().mapToDouble(r -> r.cortes().get(n)).toArray();
            double[] l = reps.stream().mapToDouble(r -> r.lowRank().get(n)).toArray();
            cMean[i] = Stats.mean(c);
            lMean[i] = Stats.mean(l);
            PairedTest t = PairedTest.of(l, c);
            loss.row(String.valueOf(n), Formats.plusMinus(Stats.mean(c), Stats.std(c)),
                    Formats.plusMinus(Stats.mean(l), Stats.std(l)), String.format(Locale.ROOT, "%+.4f (%s)",
                            t.mean(), p(t.p())), Formats.compact(Stats.median(reps.stream()
                            .mapToDouble(r -> r.lowRankLambda().get(n)).toArray())));
            perN.add(Comparison.better("n = " + n, "low rank, m = " + n, l, "Cortes on " + n, c, false, units));
        }
        double[] all = reps.stream().mapToDouble(Repetition::cortesAll).toArray();
        double[] exact = reps.stream().mapToDouble(Repetition::exact).toArray();
        loss.row("N = " + s.train(), Formats.plusMinus(Stats.mean(all), Stats.std(all)) + " (Cortes on all N)",
                Formats.plusMinus(Stats.mean(exact), Stats.std(exact)) + " (exact cond. KDE)", "-", "-");
        series.put("Cortes KDE on n", new double[][] {xs, cMean});
        series.put("low-rank cond. KDE, m = n", new double[][] {xs, lMean});
        series.put("Cortes KDE on all N", new double[][] {xs, constant(Stats.mean(all), xs.length)});
        series.put("exact cond. KDE on all N", new double[][] {xs, constant(Stats.mean(exact), xs.length)});

        Map<String, double[]> times = reps.get(0).times();
        ResultTable.Builder timeTable = ResultTable.builder("Fit + prediction (decoding over the N candidates) wall-clock"
                + " time against n, first repetition, median of " + s.timings() + " timed repeats after one untimed"
                + " run (the bench harness's timer); λ fixed at the chosen value", "n", "Cortes KDE on n [s]",
                "low-rank cond. KDE, m = n [s]");
        Map<String, double[][]> timeSeries = new LinkedHashMap<>();
        double[] tc = new double[xs.length];
        double[] tl = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            int n = s.sizes().get(i);
            tc[i] = Timing.median(times.get("Cortes, n = " + n));
            tl[i] = Timing.median(times.get("low rank, m = " + n));
            timeTable.row(String.valueOf(n), Stats.number(tc[i], 3), Stats.number(tl[i], 3));
        }
        timeTable.row("N = " + s.train(), Stats.number(Timing.median(times.get("Cortes, n = N")), 3) + " (Cortes on all"
                + " N)", Stats.number(Timing.median(times.get("cond. covariance, exact")), 3) + " (exact cond. KDE)");
        timeSeries.put("Cortes KDE on n", new double[][] {xs, tc});
        timeSeries.put("low-rank cond. KDE, m = n", new double[][] {xs, tl});

        ResultTable sweepTable = sweepTable(s, sweep);
        int rank = s.sweepRank();
        List<Claim> claims = new ArrayList<>();
        if (s.sizes().contains(rank)) {
            double[] low = reps.stream().mapToDouble(r -> r.lowRank().get(rank)).toArray();
            // the low-rank model approximates the exact conditional KDE: it can beat Cortes on all N only by the
            // exact model's gap, which on K13's faces is 36 % (Table 3: 0.1130 against 0.1773)
            double headroom = 1 - Stats.mean(exact) / Stats.mean(all);
            String source = "K13 Fig. 2";
            String text = "the low-rank conditional KDE with m1 = m2 = " + rank + " has a lower error than Cortes KDE"
                    + " on all N examples, at much lower cost";
            List<Comparison> both = List.of(
                    Comparison.better("error", "low rank, m = " + rank, low, "Cortes on all N", all, false, units),
                    Comparison.faster("time", "low rank, m = " + rank, times.get("low rank, m = " + rank),
                            "Cortes on all N", times.get("Cortes, n = N"), reps.get(0).load()));
            claims.add(headroom < MIN_HEADROOM ? Claim.notComparable(source, text, both, String.format(Locale.ROOT,
                    "on this substitute the exact conditional KDE is only %.1f %% below Cortes on all N (K13's faces:"
                    + " %.0f %%), under the %.1f %% the claim needs", 100 * headroom, 100 * FACES_GAP,
                    100 * MIN_HEADROOM)) : Claim.of(source, text, both));
        }
        claims.add(Claim.of("K13 Fig. 2", "at every n of the figure the low-rank model's error is below Cortes KDE's on"
                + " n examples (the two curves)", perN));
        if (!squared.isEmpty() && s.sizes().contains(rank)) {
            claims.add(squaredClaim(squared, rank, units));
        }
        claims.replaceAll(c -> c.on(Claim.Data.substitute("USPS digits (N = " + s.train() + ")",
                "K13's MPI faces")));
        claims.add(Claim.notRun("K13 Fig. 2", "the same on the MPI faces", "the face data are not available (see the"
                + " list of tables and figures); USPS digits stand in").on(Claim.Data.papers("K13's MPI faces")));

        List<String> notes = new ArrayList<>();
        notes.add("Independent computation (experiments/src/main/resources/org/okl/experiments/independent/"
                + "k13_lowrank.py: numpy, the exact KDE equation with the incomplete-Cholesky Grams solved densely in"
                + " their eigenbases, first repetition, the chosen σ_k, ε and λ): " + reps.get(0).check() + ".");
        notes.add(whyNote(s, sweep));
        if (!squared.isEmpty()) {
            notes.add(squaredNote(squared));
        }
        notes.add("K13 Fig. 2 is on the MPI faces (linear output kernel, MSE), which are not available; this runs"
                + " K13's comparison as they state it on USPS digits with the output kernel and loss of their USPS"
                + " experiment (Gaussian, σ_l = 10), and, in a table and claim row of its own, with the faces'"
                + " linear output kernel and squared error. Every method decodes over the same N training bottom halves"
                + " (Cortes on n examples too, so that its candidates do not shrink with n). Times are wall-clock on"
                + " this shared machine (see the header's load average).");
        String protocol = KadriLowRankExperiment.GRIDS.describe() + ". USPS (ESL): in every repetition N = "
                + s.train() + " training digits drawn at random from"
                + " zip.train (seeds " + context.seed() + ".." + (context.seed() + reps.size() - 1) + "), test = the"
                + " first " + tests + " digits of zip.test (K13: 200 test faces); top half -> bottom half; candidates"
                + " = the N training bottom halves for every method; Gaussian output kernel σ_l = "
                + Formats.compact(KadriLowRankExperiment.SIGMA_L) + ", RBF loss at the same width. σ_k and ε chosen"
                + " per repetition by a 20% hold-out of the N digits for the exact conditional KDE (σ_k ∈ "
                + s.sigmas() + ", ε ∈ " + s.epsilons() + ", λ ∈ " + s.lambdas() + "); Cortes KDE on n examples"
                + " chooses its λ by min(5, n)-fold cross-validation on its n examples; the low-rank model chooses its"
                + " λ on the same 20% hold-out of the N digits (σ_k and ε fixed). n = m1 = m2 ∈ " + s.sizes() + ". The"
                + " test digits are sealed until every model of a repetition is fitted. Chosen (σ_k, ε, λ) per"
                + " repetition: " + String.join("; ", reps.stream().map(r -> Formats.compact(r.sigmaK()) + ", "
                + Formats.compact(r.epsilon()) + ", " + Formats.compact(r.lambda())).toList())
                + (context.quick() ? "; quick protocol." : ".");
        List<ExperimentResult.Figure> figures = List.of(
                new ExperimentResult.Figure("loss-vs-n", org.okl.experiments.baldassarre.Charts.lines("Test RBF loss"
                        + " against n (N = " + s.train() + ")", "n = m1 = m2", "test RBF loss", true, false, series)),
                new ExperimentResult.Figure("time-vs-n", org.okl.experiments.baldassarre.Charts.lines("Fit +"
                        + " prediction time against n", "n = m1 = m2", "seconds", true, true, timeSeries)));
        List<ResultTable> tables = new ArrayList<>(List.of(loss.build(), timeTable.build(), sweepTable));
        if (!squared.isEmpty()) {
            tables.add(squaredTable(squared, s.sweepRank()));
        }
        return new ExperimentResult(name, protocol, tables, figures, notes, claims);
    }

    /** Per repetition: the exact conditional KDE, Cortes on all N and the low rank (SquaredLossArm's order). */
    private static double[] column(List<double[]> squared, int k) {
        return squared.stream().mapToDouble(r -> r[k]).toArray();
    }

    /** The headroom of the squared-error arm: how far the exact conditional KDE is below Cortes on all N. */
    static double squaredHeadroom(List<double[]> squared) {
        return 1 - Stats.mean(column(squared, 0)) / Stats.mean(column(squared, 1));
    }

    private static ResultTable squaredTable(List<double[]> squared, int rank) {
        ResultTable.Builder t = ResultTable.builder("Investigation: K13's face kernels on the substitute (§6.3: RBF"
                        + " input kernel, linear output kernel, squared error). Test mean squared error per pixel"
                        + " (mean ± sd over " + squared.size() + " repetitions; σ_k as chosen above, ε and λ chosen on"
                        + " the squared error), and the difference to Cortes on all N (paired p)", "model",
                "squared error", "minus Cortes on all N (p)");
        String[] names = {"exact cond. KDE (all N)", "Cortes KDE (all N)", "low-rank cond. KDE, m = " + rank
                + " (all N)"};
        double[] cortes = column(squared, 1);
        for (int k = 0; k < names.length; k++) {
            double[] v = column(squared, k);
            PairedTest d = PairedTest.of(v, cortes);
            t.row(names[k], Formats.plusMinus(Stats.mean(v), Stats.std(v)), k == 1 ? "-" : String.format(Locale.ROOT,
                    "%+.5f (%s)", d.mean(), p(d.p())));
        }
        return t.build();
    }

    /** K13's claim on the face kernels: judged only where the exact model has the headroom the claim needs. */
    private static Claim squaredClaim(List<double[]> squared, int rank, Comparison.Units units) {
        String source = "K13 Fig. 2, K13's face kernels";
        String text = "with K13's linear output kernel and squared error, the low-rank conditional KDE with m1 = m2 = "
                + rank + " has a lower error than Cortes KDE on all N examples";
        List<Comparison> error = List.of(Comparison.better("error", "low rank, m = " + rank, column(squared, 2),
                "Cortes on all N", column(squared, 1), false, units));
        double headroom = squaredHeadroom(squared);
        return headroom < MIN_HEADROOM ? Claim.notComparable(source, text, error, String.format(Locale.ROOT,
                "with these kernels too the exact conditional KDE is only %.1f %% below Cortes on all N (K13's faces:"
                + " %.0f %%), under the %.1f %% the claim needs", 100 * headroom, 100 * FACES_GAP,
                100 * MIN_HEADROOM)) : Claim.of(source, text, error);
    }

    private static String squaredNote(List<double[]> squared) {
        double headroom = squaredHeadroom(squared);
        return String.format(Locale.ROOT, "K13's face kernels (linear output kernel, squared error) on the substitute:"
                + " the exact conditional KDE is %.1f %% below Cortes on all N (K13's faces: %.0f %%; the claim needs"
                + " %.1f %%), so %s", 100 * headroom, 100 * FACES_GAP, 100 * MIN_HEADROOM, headroom < MIN_HEADROOM
                ? "the kernels are not why USPS cannot test the claim: the digits themselves leave the conditional"
                + " covariance no room over Cortes; a substitute with the headroom would need outputs that depend on"
                + " the inputs through a structure the output covariance captures, as the faces' views do (none of"
                + " the data sets this machine reaches is one)"
                : "with K13's own kernels USPS has the headroom, and the claim row of these kernels is judged");
    }

    private static ResultTable sweepTable(Settings s, Sweep sweep) {
        ResultTable.Builder t = ResultTable.builder("Investigation: Cortes KDE on all N against the low-rank conditional"
                + " KDE at rank " + s.sweepRank() + ", each with its λ chosen on the training digits, at other output"
                + " widths σ_l (loss at that σ_l) and input widths (multiples of the chosen σ_k); mean over "
                + sweep.cortes()[0][0].length + " repetitions, paired t-test p; and the share of the trace of K and"
                + " of L that rank-" + s.sweepRank() + " incomplete-Cholesky factors capture (first repetition)",
                "σ_l", "σ_k (× chosen)", "Cortes on all N", "low rank, m = " + s.sweepRank(), "low rank − Cortes (p)",
                "trace of K captured", "trace of L captured");
        for (int a = 0; a < sweep.sigmaL().size(); a++) {
            for (int b = 0; b < sweep.scale().size(); b++) {
                PairedTest test = PairedTest.of(sweep.lowRank()[a][b], sweep.cortes()[a][b]);
                t.row(Formats.compact(sweep.sigmaL().get(a)), Formats.compact(sweep.scale().get(b)),
                        KadriLowRankExperiment.fmt(Stats.mean(sweep.cortes()[a][b])),
                        KadriLowRankExperiment.fmt(Stats.mean(sweep.lowRank()[a][b])),
                        String.format(Locale.ROOT, "%+.4f (%s)", test.mean(), p(test.p())),
                        String.format(Locale.ROOT, "%.1f%%", 100 * sweep.inputTrace()[b]),
                        String.format(Locale.ROOT, "%.1f%%", 100 * sweep.outputTrace()[a]));
            }
        }
        return t.build();
    }

    private static String whyNote(Settings s, Sweep sweep) {
        List<String> holds = new ArrayList<>();
        for (int a = 0; a < sweep.sigmaL().size(); a++) {
            for (int b = 0; b < sweep.scale().size(); b++) {
                PairedTest t = PairedTest.of(sweep.lowRank()[a][b], sweep.cortes()[a][b]);
                if (t.p() < Comparison.ALPHA && t.mean() < 0) {
                    holds.add("σ_l = " + Formats.compact(sweep.sigmaL().get(a)) + ", σ_k × "
                            + Formats.compact(sweep.scale().get(b)));
                }
            }
        }
        return "Why K13's claim fails or holds (investigation table): a rank-" + s.sweepRank() + " factor replaces"
                + " K and L by their restriction to " + s.sweepRank() + " pivot columns; what it leaves out (the"
                + " uncaptured share of the trace, last two columns) is lost to the low-rank model, while Cortes on"
                + " all N keeps it. The low-rank model is significantly better than Cortes on all N at "
                + (holds.isEmpty() ? "no setting of the sweep" : String.join("; ", holds)) + ".";
    }

    private static double[] constant(double v, int n) {
        double[] out = new double[n];
        java.util.Arrays.fill(out, v);
        return out;
    }

    private static String p(double p) {
        return Double.isNaN(p) ? "-" : p < 0.001 ? "< 0.001" : String.format(Locale.ROOT, "%.3f", p);
    }
}
