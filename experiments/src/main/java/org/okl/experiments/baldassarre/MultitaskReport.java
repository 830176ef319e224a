package org.okl.experiments.baldassarre;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.baldassarre.MultitaskExperiment.Method;
import org.okl.experiments.baldassarre.MultitaskExperiment.Protocol;
import org.okl.experiments.baldassarre.MultitaskExperiment.Repetition;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.table.Stats;
import org.okl.experiments.verdict.Claim;
import org.okl.experiments.verdict.Comparison;
import org.okl.experiments.verdict.PairedTest;

/** The tables, figures, claims and notes of {@link MultitaskExperiment}. */
final class MultitaskReport {
    private MultitaskReport() {
    }

    static ExperimentResult result(String name, Protocol protocol, Map<Integer, List<Repetition>> results,
            MultitaskTiming.Times holdout, MultitaskTiming.Times loo, MultitaskSweep.Result sweep,
            ExperimentResult.Figure tasks) {
        ResultTable.Builder mseTable = ResultTable.builder("Test MSE against the noiseless targets (mean ± std over "
                + protocol.repetitions() + " repetitions; 1,000 test points) against training points per task."
                + " Paper (Fig. 3, figure only): multi-task coupling significantly below independent tasks;"
                + " vector-valued: no gain", "n per task", Method.MT_COUPLED.label, Method.MT_INDEPENDENT.label,
                "median ω (MT)", Method.VV_COUPLED.label, Method.VV_INDEPENDENT.label, "median ω (VV)");
        ResultTable.Builder filters = ResultTable.builder("Multi-task test MSE of the three filters (same data and"
                + " selection; B12: \"very similar\", not shown)", "n per task", "Tikhonov (25 λ)",
                "Landweber (1000 it.)", "ν-method (200 it.)");
        Map<String, double[][]> mseSeries = new LinkedHashMap<>();
        double[] xs = results.keySet().stream().mapToDouble(Integer::doubleValue).toArray();
        for (Method m : List.of(Method.MT_COUPLED, Method.MT_INDEPENDENT, Method.VV_COUPLED, Method.VV_INDEPENDENT)) {
            mseSeries.put(m.label, new double[][] {xs, new double[xs.length]});
        }
        List<Double> mtOmegas = new ArrayList<>();
        int row = 0;
        for (var e : results.entrySet()) {
            List<Repetition> reps = e.getValue();
            for (String key : mseSeries.keySet()) {
                Method m = java.util.Arrays.stream(Method.values()).filter(x -> x.label.equals(key)).findFirst()
                        .orElseThrow();
                mseSeries.get(key)[1][row] = Stats.mean(mse(reps, m));
            }
            double[] omegaMt = reps.stream().mapToDouble(r -> r.omega().get(Method.MT_COUPLED)).toArray();
            double[] omegaVv = reps.stream().mapToDouble(r -> r.omega().get(Method.VV_COUPLED)).toArray();
            for (double w : omegaMt) {
                mtOmegas.add(w);
            }
            mseTable.row(String.valueOf(e.getKey()), Stats.meanStd(mse(reps, Method.MT_COUPLED), 3),
                    Stats.meanStd(mse(reps, Method.MT_INDEPENDENT), 3), Stats.number(Stats.median(omegaMt), 2),
                    Stats.meanStd(mse(reps, Method.VV_COUPLED), 3), Stats.meanStd(mse(reps, Method.VV_INDEPENDENT), 3),
                    Stats.number(Stats.median(omegaVv), 2));
            filters.row(String.valueOf(e.getKey()), Stats.meanStd(mse(reps, Method.MT_TIKHONOV), 3),
                    Stats.meanStd(mse(reps, Method.MT_LANDWEBER), 3), Stats.meanStd(mse(reps, Method.MT_COUPLED), 3));
            row++;
        }
        ResultTable holdoutTable = timeTable("Fig. 4 (left) as a table: multi-task time to choose the path point by"
                + " hold-out (validation set as large as the training set; ω = " + MultitaskTiming.OMEGA + " fixed, as"
                + " B12 time the regularization parameter alone), wall-clock seconds of the whole fit, median of "
                + protocol.timings()
                + " timed repeats (bench harness timer, repeats interleaved over the filters)", holdout);
        ResultTable looTable = timeTable("Fig. 4 (right) as a table: vector-valued time to choose the path point by"
                + " leave-one-out on n training points (ω = " + MultitaskTiming.OMEGA + "; closed form for Tikhonov,"
                + " n-fold runs for the iterative filters), wall-clock"
                + " seconds, median of " + protocol.looTimings() + " timed repeats", loo);

        List<String> cols = new ArrayList<>(List.of("α \\ n per task"));
        for (int n : sweep.sizes()) {
            cols.add(String.valueOf(n));
        }
        ResultTable.Builder sweepTable = ResultTable.builder("Investigation: test MSE of independent tasks minus"
                + " that of the coupled kernel (positive = coupling helps), mean over " + protocol.sweepReps()
                + " repetitions, paired t-test p in parentheses, against the task perturbation weight α (B12: 0.6;"
                + " α = 0 makes the four tasks identical) and the training size", cols.toArray(String[]::new));
        for (int a = 0; a < sweep.alphas().length; a++) {
            List<String> r = new ArrayList<>(List.of(Stats.number(sweep.alphas()[a], 2)));
            for (int i = 0; i < sweep.sizes().length; i++) {
                r.add(cell(PairedTest.of(sweep.independent()[a][i], sweep.coupled()[a][i])));
            }
            sweepTable.row(r.toArray(String[]::new));
        }

        ResultTable.Builder refitTable = ResultTable.builder("Investigation: the refit. Test MSE of independent tasks"
                + " minus that of the coupled kernel (positive = coupling helps), mean over the same "
                + protocol.repetitions() + " draws, paired t-test p in parentheses: as in the main table (chosen on"
                + " the validation half, refitted on training + validation) and under B12's protocol (the model kept on"
                + " the n training points per task at the same chosen ω and iteration)", "n per task",
                "refitted on 2n", "kept on n (B12)", "coupled: kept minus refitted");
        for (var e : results.entrySet()) {
            List<Repetition> reps = e.getValue();
            PairedTest refit = PairedTest.of(mse(reps, Method.MT_INDEPENDENT), mse(reps, Method.MT_COUPLED));
            PairedTest kept = PairedTest.of(trainingOnly(reps, Method.MT_INDEPENDENT),
                    trainingOnly(reps, Method.MT_COUPLED));
            PairedTest cost = PairedTest.of(trainingOnly(reps, Method.MT_COUPLED), mse(reps, Method.MT_COUPLED));
            refitTable.row(String.valueOf(e.getKey()), cell(refit), cell(kept), cell(cost));
        }

        Map<String, double[][]> holdoutSeries = new LinkedHashMap<>();
        Map<String, double[][]> looSeries = new LinkedHashMap<>();
        double[] hx = java.util.Arrays.stream(holdout.sizes()).asDoubleStream().toArray();
        double[] lx = java.util.Arrays.stream(loo.sizes()).asDoubleStream().toArray();
        for (String f : MultitaskTiming.FILTERS) {
            holdoutSeries.put(f, new double[][] {hx, holdout.medians(f)});
            looSeries.put(f, new double[][] {lx, loo.medians(f)});
        }
        List<ExperimentResult.Figure> figures = List.of(tasks,
                new ExperimentResult.Figure("fig3-mse", Charts.lines("Related tasks: test MSE", "training points per"
                        + " task", "test MSE (noiseless targets)", true, true, mseSeries)),
                new ExperimentResult.Figure("fig4-left-holdout-time", Charts.lines("Hold-out selection time (multi-task)",
                        "training points per task", "seconds", true, true, holdoutSeries)),
                new ExperimentResult.Figure("fig4-right-loo-time", Charts.lines("Leave-one-out selection time"
                        + " (vector-valued)", "training points", "seconds", true, true, looSeries)));
        List<String> notes = new ArrayList<>();
        notes.add("Median selected ω over all multi-task runs: " + Stats.number(Stats.median(Stats.array(mtOmegas)), 2)
                + " (paper: 0.6).");
        notes.add("Independent computation (experiments/src/main/resources/org/okl/experiments/independent/"
                + "b12_multitask.py: numpy from the paper's kernel and the ν-method recurrence of docs/conventions.md,"
                + " same rows, same validation rows): " + sweep.check() + ".");
        notes.add(sweepNote(sweep));
        notes.add(drawsNote(results, sweep));
        notes.add("Differences from B12: the task weights of the perturbations are not printed, OKL fixes them (Fig. 2"
                + " shows the four tasks); the Gaussian width is not given (σ = " + MultitaskExperiment.SIGMA + ", the"
                + " width of the perturbations); the hold-out is drawn per task from the pooled 2n points of each task"
                + " (B12: a fresh validation set of n points per task, the same in distribution); after selection the"
                + " model is refitted on training + validation (2n per task), while B12 keep the model trained on the"
                + " n training points (both are scored: the refit table, and a claim row of its own); the test MSE is against the noiseless targets (B12 do not say; a noisy test set"
                + " adds the noise variance 0.01 to every value). Timings: wall-clock on this machine, which other jobs"
                + " share (see the header), one data draw per size; B12's MATLAB times (2 GHz Core 2 Duo) are a figure"
                + " only, so the orderings are compared.");
        String text = MultitaskExperiment.Protocol.GRIDS.describe() + ". "
                + "Generator related-tasks (B12 §6.1: f_t = sin(2πx) + α·task Gaussians at 0.05, 0.4, 0.7 of width"
                + " 0.1, α = 0.6, noise variance 0.01; OKL's task weights). Per repetition: n training + n validation"
                + " points per task (4 tasks), 250 test points per task; Gaussian kernel σ = " + MultitaskExperiment.SIGMA
                + "; ω over " + protocol.omegas() + " and the path point chosen on a hold-out of half of every task's"
                + " 2n points (MSE), then the model refitted on all 2n. ν-method up to "
                + MultitaskExperiment.NU_ITERATIONS + " iterations for the comparisons (B12: same). Multi-task: each"
                + " task has its own inputs (task-indexed kernel, B12 §5.2); vector-valued: the 4 outputs share"
                + " inputs (separable kernel). Sizes " + java.util.Arrays.toString(protocol.sizes()) + " per task (the"
                + " paper's x-axis values are not given), " + protocol.repetitions() + " repetitions (paper: 10). The"
                + " test targets are sealed until every method of a repetition is fitted.";
        return new ExperimentResult(name, text, List.of(mseTable.build(), filters.build(), holdoutTable, looTable,
                sweepTable.build(), refitTable.build()), figures, notes, Claim.on(claims(results, holdout, loo),
                Claim.Data.papers("B12's four related sine tasks, regenerated by B12 §6.1's recipe")));
    }

    static List<Claim> claims(Map<Integer, List<Repetition>> results, MultitaskTiming.Times holdout,
            MultitaskTiming.Times loo) {
        Comparison.Units reps = Comparison.Units.draws("repetitions");
        // B12 prints no numbers for Fig. 3 (right) or §6.1 and its test MSE spans 40-fold over n (0.0005 to 0.02
        // here): a relative margin, 10 % of the MSE, our choice fixed before the re-run
        Comparison.Margin tenPercent = Comparison.Margin.relative(0.1, "B12 prints no numbers; 10 % of the MSE,"
                + " fixed here");
        List<Comparison> coupling = new ArrayList<>();
        List<Comparison> vector = new ArrayList<>();
        List<Comparison> filters = new ArrayList<>();
        results.forEach((n, r) -> {
            coupling.add(Comparison.better("n = " + n, Method.MT_COUPLED.label, mse(r, Method.MT_COUPLED),
                    Method.MT_INDEPENDENT.label, mse(r, Method.MT_INDEPENDENT), false, reps));
            vector.add(Comparison.alike("n = " + n, Method.VV_COUPLED.label, mse(r, Method.VV_COUPLED),
                    Method.VV_INDEPENDENT.label, mse(r, Method.VV_INDEPENDENT), false, reps, tenPercent));
            filters.add(Comparison.alike("n = " + n + ", Tikhonov", "Tikhonov", mse(r, Method.MT_TIKHONOV),
                    "ν-method", mse(r, Method.MT_COUPLED), false, reps, tenPercent));
            filters.add(Comparison.alike("n = " + n + ", Landweber", "Landweber", mse(r, Method.MT_LANDWEBER),
                    "ν-method", mse(r, Method.MT_COUPLED), false, reps, tenPercent));
        });
        List<Claim> claims = new ArrayList<>();
        claims.add(Claim.of("B12 Fig. 3 (left)", "multi-task: the coupled kernel has a significantly lower test MSE than"
                + " independent tasks", coupling));
        if (results.values().stream().allMatch(r -> r.stream().allMatch(x -> !x.trainingOnly().isEmpty()))) {
            List<Comparison> kept = new ArrayList<>();
            results.forEach((n, r) -> kept.add(Comparison.better("n = " + n, Method.MT_COUPLED.label + ", kept on n",
                    trainingOnly(r, Method.MT_COUPLED), Method.MT_INDEPENDENT.label + ", kept on n",
                    trainingOnly(r, Method.MT_INDEPENDENT), false, reps)));
            claims.add(Claim.of("B12 Fig. 3 (left), B12's protocol", "the same, with the models kept on the n training"
                    + " points per task as B12 keep them (no refit on training + validation)", kept));
        }
        claims.add(Claim.of("B12 Fig. 3 (right)", "vector-valued: no gain from the coupled kernel", vector));
        claims.add(Claim.of("B12 §6.1", "the three filters predict alike (results not shown in B12)", filters));
        claims.add(Claim.of("B12 Fig. 4 (left)", "with hold-out selection the ν-method is the fastest",
                timing(holdout, 2, List.of(0, 1))));
        claims.add(Claim.of("B12 Fig. 4 (right)", "with leave-one-out, Tikhonov (closed form) is faster than the"
                + " iterative filters", timing(loo, 0, List.of(1, 2))));
        return claims;
    }

    /** The fast filter against each other one, per size, paired over the interleaved repeats. */
    private static List<Comparison> timing(MultitaskTiming.Times t, int fast, List<Integer> others) {
        List<Comparison> out = new ArrayList<>();
        String f = MultitaskTiming.FILTERS.get(fast);
        for (int i = 0; i < t.sizes().length; i++) {
            for (int o : others) {
                String other = MultitaskTiming.FILTERS.get(o);
                out.add(Comparison.faster("n = " + t.sizes()[i] + ", vs " + other.substring(0, other.indexOf(' ')),
                        f, t.seconds().get(f)[i], other, t.seconds().get(other)[i], t.load()));
            }
        }
        return out;
    }

    private static ResultTable timeTable(String title, MultitaskTiming.Times t) {
        List<String> cols = new ArrayList<>(List.of("n"));
        cols.addAll(MultitaskTiming.FILTERS);
        ResultTable.Builder b = ResultTable.builder(title, cols.toArray(String[]::new));
        for (int i = 0; i < t.sizes().length; i++) {
            List<String> r = new ArrayList<>(List.of(String.valueOf(t.sizes()[i])));
            for (String f : MultitaskTiming.FILTERS) {
                r.add(Stats.number(t.medians(f)[i], 3));
            }
            b.row(r.toArray(String[]::new));
        }
        return b.build();
    }

    private static String sweepNote(MultitaskSweep.Result sweep) {
        List<String> significant = new ArrayList<>();
        for (int a = 0; a < sweep.alphas().length; a++) {
            for (int i = 0; i < sweep.sizes().length; i++) {
                PairedTest t = PairedTest.of(sweep.independent()[a][i], sweep.coupled()[a][i]);
                if (t.p() < Comparison.ALPHA && t.mean() > 0) {
                    significant.add("α = " + Stats.number(sweep.alphas()[a], 2) + ", n = " + sweep.sizes()[i]);
                }
            }
        }
        return "Where the coupling gain appears (investigation table): the coupled kernel is significantly better than"
                + " independent tasks (paired t-test, p < " + Comparison.ALPHA + ") at " + (significant.isEmpty()
                ? "no cell" : String.join("; ", significant)) + ".";
    }

    /**
     * The main table and the sweep draw α = 0.6 separately (other seeds): at each size both have, Welch's two-sample
     * t-test of their per-draw gains says whether they disagree by more than their draws do, and the pooled gain with
     * its paired p is what both together show.
     */
    private static String drawsNote(Map<Integer, List<Repetition>> results, MultitaskSweep.Result sweep) {
        int a = -1;
        for (int i = 0; i < sweep.alphas().length; i++) {
            if (Math.abs(sweep.alphas()[i] - 0.6) < 1e-12) {
                a = i;
            }
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; a >= 0 && i < sweep.sizes().length; i++) {
            List<Repetition> reps = results.get(sweep.sizes()[i]);
            if (reps == null || reps.size() < 2 || sweep.coupled()[a][i].length < 2) {
                continue;
            }
            double[] main = gains(mse(reps, Method.MT_INDEPENDENT), mse(reps, Method.MT_COUPLED));
            double[] swept = gains(sweep.independent()[a][i], sweep.coupled()[a][i]);
            double welch = new org.apache.commons.math3.stat.inference.TTest().tTest(main, swept);
            double[] pooled = java.util.stream.DoubleStream.concat(java.util.Arrays.stream(main),
                    java.util.Arrays.stream(swept)).toArray();
            PairedTest all = PairedTest.of(pooled, new double[pooled.length]);
            parts.add(String.format(Locale.ROOT, "n = %d: gain %s (main, %d draws) against %s (sweep, %d draws),"
                            + " Welch p %s; pooled %s (p %s, %d draws)", sweep.sizes()[i], Stats.number(Stats.mean(main), 2),
                    main.length, Stats.number(Stats.mean(swept), 2), swept.length, p(welch),
                    Stats.number(all.mean(), 2), p(all.p()), pooled.length));
        }
        return parts.isEmpty() ? "The main table and the sweep share no size at α = 0.6." : "The main table and the"
                + " sweep draw α = 0.6 with different seeds; where both have a size, the coupling gains (independent"
                + " minus coupled MSE) of the two sets of draws, Welch's two-sample t-test of whether they differ by"
                + " more than draws do, and the gain of all draws pooled: " + String.join("; ", parts) + ". A Welch p"
                + " above " + Comparison.ALPHA + " means the two disagree by no more than independent sets of draws"
                + " do; the pooled row is then the better estimate.";
    }

    private static double[] gains(double[] independent, double[] coupled) {
        double[] out = new double[independent.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = independent[i] - coupled[i];
        }
        return out;
    }

    private static String cell(PairedTest t) {
        return String.format(Locale.ROOT, "%s (p %s)", Stats.number(t.mean(), 2), p(t.p()));
    }

    static double[] trainingOnly(List<Repetition> reps, Method m) {
        return reps.stream().mapToDouble(r -> r.trainingOnly().getOrDefault(m, Double.NaN)).toArray();
    }

    static double[] mse(List<Repetition> reps, Method m) {
        return reps.stream().mapToDouble(r -> r.mse().get(m)).toArray();
    }

    private static String p(double p) {
        return Double.isNaN(p) ? "-" : p < 0.001 ? "< 0.001" : String.format(Locale.ROOT, "%.3f", p);
    }
}
