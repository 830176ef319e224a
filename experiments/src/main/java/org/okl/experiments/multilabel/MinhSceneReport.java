package org.okl.experiments.multilabel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.data.Dataset;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.baldassarre.Charts;
import org.okl.experiments.multilabel.MinhSceneExperiment.DrawResult;
import org.okl.experiments.multilabel.MinhSceneExperiment.Method;
import org.okl.experiments.multilabel.MinhSceneExperiment.Settings;
import org.okl.experiments.multilabel.MinhSceneExperiment.Sweep;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.table.Stats;
import org.okl.experiments.verdict.Claim;
import org.okl.experiments.verdict.Comparison;
import org.okl.experiments.verdict.PairedTest;

/** The tables, figures, protocol text and notes of {@link MinhSceneExperiment}. */
final class MinhSceneReport {
    private MinhSceneReport() {
    }

    static ExperimentResult result(String name, Settings s, Dataset data, int tests, List<DrawResult> draws,
            Sweep sweep, MinhSceneGraphs.Result graphs, int unlabelled, ExperimentContext context, long nanos) {
        List<ResultTable> tables = new ArrayList<>();
        ResultTable.Builder t1 = ResultTable.builder("Mean AUC × 100 (std over " + draws.size() + " draws) on scene, "
                        + s.labelled() + " labelled images; γ_I and γ_O chosen per draw by " + s.innerFolds()
                        + "-fold cross-validation on the labelled images", "method", "chosen γ_I (per draw)",
                "chosen γ_O (per draw)", "unlabelled set (ours)", "test set (ours)", "MS11 Table 1 (unlabelled set)");
        MinhSceneExperiment.PAPER.forEach((m, v) -> {
            if (!m.equals("VVMR")) {
                t1.row(m, "-", "-", "not run", "not run", v);
            }
        });
        for (Method m : Method.values()) {
            double[] tr = MinhSceneExperiment.values(draws, d -> d.trans().get(m));
            double[] in = MinhSceneExperiment.values(draws, d -> d.induct().get(m));
            t1.row(m.label, chosen(draws, m, "regularizers.0.gammaI", m == Method.VVMR || m == Method.LAPLACIAN_RLS),
                    chosen(draws, m, "operator.matrix.gammaO", m == Method.VVMR || m == Method.VECTOR_RLS),
                    Summary.percent(tr), Summary.percent(in), m == Method.VVMR ? MinhSceneExperiment.PAPER.get("VVMR")
                            : "-");
        }
        tables.add(t1.build());

        List<Double> gi = s.figGammaIs();
        List<Double> go = s.figGammaOs();
        List<String> cols = new ArrayList<>(List.of("γ_I \\ γ_O"));
        go.forEach(o -> cols.add(MinhSceneExperiment.fmt(o)));
        ResultTable.Builder grid = ResultTable.builder("Fig. 1 as a table: mean transductive AUC × 100 (unlabelled"
                + " set) over γ_I × γ_O, " + draws.size() + " draws; every cell is reported, none is chosen on these"
                + " labels", cols.toArray(String[]::new));
        Map<String, double[][]> series = new LinkedHashMap<>();
        double[] xs = gi.stream().mapToDouble(Double::doubleValue).toArray();
        for (int a = 0; a < gi.size(); a++) {
            List<String> row = new ArrayList<>(List.of(MinhSceneExperiment.fmt(gi.get(a))));
            for (int b = 0; b < go.size(); b++) {
                int aa = a;
                int bb = b;
                row.add(String.format(Locale.ROOT, "%.1f", 100 * Stats.mean(MinhSceneExperiment.values(draws,
                        d -> d.sweepTrans()[aa][bb]))));
            }
            grid.row(row.toArray(String[]::new));
        }
        for (int b = 0; b < go.size(); b++) {
            double[] ys = new double[gi.size()];
            for (int a = 0; a < gi.size(); a++) {
                int aa = a;
                int bb = b;
                ys[a] = 100 * Stats.mean(MinhSceneExperiment.values(draws, d -> d.sweepTrans()[aa][bb]));
            }
            series.put("γ_O = " + MinhSceneExperiment.fmt(go.get(b)), new double[][] {xs, ys});
        }
        tables.add(grid.build());

        int labels = draws.get(0).perLabelTrans().length;
        ResultTable.Builder fig2 = ResultTable.builder("Fig. 2 as a table: VVMR (chosen γ_I, γ_O) per label, mean"
                + " AUC × 100 over the draws on the unlabelled set (transductive) and the test set (inductive)", "label",
                "unlabelled set", "test set", "test − unlabelled");
        List<double[]> scatter = new ArrayList<>();
        for (int j = 0; j < labels; j++) {
            int jj = j;
            double[] tr = MinhSceneExperiment.values(draws, d -> d.perLabelTrans()[jj]);
            double[] in = MinhSceneExperiment.values(draws, d -> d.perLabelInduct()[jj]);
            fig2.row(data.outputNames().size() > j ? data.outputNames().get(j) : "label " + j,
                    Summary.percent(tr), Summary.percent(in),
                    String.format(Locale.ROOT, "%.1f", 100 * (Stats.mean(in) - Stats.mean(tr))));
            for (int r = 0; r < tr.length; r++) {
                scatter.add(new double[] {100 * tr[r], 100 * in[r]});
            }
        }
        tables.add(fig2.build());

        ResultTable.Builder sw = ResultTable.builder("Investigation: what the manifold term gains with fewer labelled"
                        + " images. Transductive mean AUC × 100 (std over the draws) of RLS and of"
                        + " Laplacian RLS with γ_I chosen by inner cross-validation on the labelled images (γ_O = 0),"
                        + " and the paired test of the gain", "labelled images", "RLS", "Laplacian RLS (γ_I chosen)",
                "gain (sd)", "p", "chosen γ_I (median)");
        Map<String, double[][]> sweepSeries = new LinkedHashMap<>();
        java.util.TreeMap<Integer, double[][]> bySize = new java.util.TreeMap<>();
        java.util.Map<Integer, double[]> chosenBySize = new java.util.HashMap<>();
        for (int k = 0; k < sweep.labelled().size(); k++) {
            bySize.put(sweep.labelled().get(k), new double[][] {sweep.rls()[k], sweep.laplacian()[k]});
            chosenBySize.put(sweep.labelled().get(k), sweep.chosen()[k]);
        }
        bySize.put(s.labelled(), new double[][] {MinhSceneExperiment.values(draws, d -> d.trans().get(Method.RLS)),
            MinhSceneExperiment.values(draws, d -> d.trans().get(Method.LAPLACIAN_RLS))});
        chosenBySize.put(s.labelled(), MinhSceneExperiment.values(draws, d -> ((Number) d.chosen()
                .get(Method.LAPLACIAN_RLS).get("regularizers.0.gammaI")).doubleValue()));
        double[] ls = bySize.keySet().stream().mapToDouble(Integer::doubleValue).toArray();
        double[] gains = new double[ls.length];
        int k = 0;
        List<String> gainText = new ArrayList<>();
        for (var e : bySize.entrySet()) {
            PairedTest t = PairedTest.of(e.getValue()[1], e.getValue()[0]);
            gains[k++] = 100 * t.mean();
            sw.row(e.getKey() + (e.getKey() == s.labelled() ? " (the draws above)" : ""),
                    Summary.percent(e.getValue()[0]), Summary.percent(e.getValue()[1]),
                    String.format(Locale.ROOT, "%+.2f (%.2f)", 100 * t.mean(), 100 * t.sd()), p(t.p()),
                    Stats.number(Stats.median(chosenBySize.get(e.getKey())), 2));
            gainText.add(String.format(Locale.ROOT, "%+.2f at l = %d (%d draws, p %s)", 100 * t.mean(), e.getKey(),
                    e.getValue()[0].length, p(t.p())));
        }
        double[] scaled = MinhSceneExperiment.values(draws, DrawResult::scaled);
        PairedTest st = PairedTest.of(scaled, MinhSceneExperiment.values(draws, d -> d.trans().get(Method.RLS)));
        sw.row(s.labelled() + ", γ_I = 0.1/(l+u)² = " + Stats.number(draws.get(0).scaledGammaI(), 2) + " (MS11's top"
                        + " γ_I under Sindhwani et al.'s scaling)", Summary.percent(MinhSceneExperiment.values(draws,
                        d -> d.trans().get(Method.RLS))), Summary.percent(scaled),
                String.format(Locale.ROOT, "%+.2f (%.2f)", 100 * st.mean(), 100 * st.sd()), p(st.p()), "fixed");
        sweepSeries.put("gain of the manifold term (γ_I chosen)", new double[][] {ls, gains});
        tables.add(sw.build());
        tables.add(graphTable(graphs));
        tables.add(fixedTable(graphs));

        List<ExperimentResult.Figure> figures = List.of(
                new ExperimentResult.Figure("fig1-auc-gammaI", Charts.lines("scene: transductive mean AUC against γ_I",
                        "γ_I", "mean AUC × 100", false, false, series)),
                new ExperimentResult.Figure("fig2-inductive-transductive", Charts.scatter("scene: VVMR per label and"
                        + " draw", "transductive AUC × 100", "inductive AUC × 100", scatter)),
                new ExperimentResult.Figure("sweep-labelled", Charts.lines("scene: AUC gain of the manifold term",
                        "labelled images", "AUC gain × 100", true, false, sweepSeries)));
        return new ExperimentResult(name, protocol(s, unlabelled, data, tests, context, nanos), tables, figures,
                withGraphNote(notes(s, draws, gainText), graphs, context), Claim.on(MinhSceneExperiment.claims(s, draws),
                Claim.Data.papers(data.name() + " (MS11's scene data" + (context.quick() ? ", a slice)" : ")"))));
    }

    /** The graph investigation: Laplacian RLS over each graph against RLS, per labelled size. */
    private static ResultTable graphTable(MinhSceneGraphs.Result g) {
        ResultTable.Builder t = ResultTable.builder("Investigation: the input graph (MS11 state neither its edge"
                        + " weights nor its Laplacian's normalisation). Transductive mean AUC × 100 of Laplacian RLS"
                        + " (γ_O = 0, γ_I chosen by inner cross-validation on the labelled images) over each graph,"
                        + " its gain over RLS on the same fresh draws (mean, sd) and the paired p", "labelled images",
                "graph", "RLS", "Laplacian RLS", "gain (sd)", "p", "chosen γ_I (median)", "on a grid edge");
        for (int k = 0; k < g.labelled().size(); k++) {
            for (int a = 0; a < MinhSceneGraphs.Graph.ALL.size(); a++) {
                PairedTest test = PairedTest.of(g.graphs()[a][k], g.rls()[k]);
                t.row(String.valueOf(g.labelled().get(k)), MinhSceneGraphs.Graph.ALL.get(a).label(),
                        Summary.percent(g.rls()[k]), Summary.percent(g.graphs()[a][k]),
                        String.format(Locale.ROOT, "%+.2f (%.2f)", 100 * test.mean(), 100 * test.sd()), p(test.p()),
                        Stats.number(Stats.median(g.chosen()[a][k]), 2), k == 0 ? g.edges()[a] + " of "
                                + g.labelled().size() * g.rls()[k].length + " draws (all sizes)" : "");
            }
        }
        return t.build();
    }

    /** The preset graph at the smallest size, at every fixed γ_I of the selection's grid (descriptive). */
    private static ResultTable fixedTable(MinhSceneGraphs.Result g) {
        ResultTable.Builder t = ResultTable.builder("Investigation: is it the term or its selection? At "
                        + g.labelled().get(0) + " labelled images, the preset's graph: the gain of Laplacian RLS at each"
                        + " fixed γ_I of the selection's grid over RLS, on the same draws (descriptive: it reads the"
                        + " unlabelled images' labels, so nothing is chosen on it)", "γ_I", "gain × 100 (sd)", "p");
        for (int a = 0; a < g.fixedGammaIs().size(); a++) {
            PairedTest test = PairedTest.of(g.fixed()[a], g.rls()[0]);
            t.row(Stats.number(g.fixedGammaIs().get(a), 2), String.format(Locale.ROOT, "%+.2f (%.2f)",
                    100 * test.mean(), 100 * test.sd()), p(test.p()));
        }
        return t.build();
    }

    /**
     * The graph investigation's finding, by rule: a graph "recovers the gain" at a size when its gain over RLS is
     * positive with p < 0.05; the loss at the smallest size is "the selection's" when some fixed γ_I gains
     * significantly there while the chosen one does not, "the term's" when no fixed γ_I gains.
     */
    private static List<String> withGraphNote(List<String> notes, MinhSceneGraphs.Result g,
            ExperimentContext context) {
        List<String> out = new ArrayList<>(notes);
        List<String> recover = new ArrayList<>();
        List<String> lose = new ArrayList<>();
        for (int k = 0; k < g.labelled().size(); k++) {
            for (int a = 0; a < MinhSceneGraphs.Graph.ALL.size(); a++) {
                PairedTest test = PairedTest.of(g.graphs()[a][k], g.rls()[k]);
                String where = MinhSceneGraphs.Graph.ALL.get(a).label() + " at l = " + g.labelled().get(k)
                        + String.format(Locale.ROOT, " (%+.2f, p %s)", 100 * test.mean(), p(test.p()));
                if (test.p() < Comparison.ALPHA) {
                    (test.mean() > 0 ? recover : lose).add(where);
                }
            }
        }
        boolean someFixedGains = false;
        double best = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < g.fixedGammaIs().size(); a++) {
            PairedTest test = PairedTest.of(g.fixed()[a], g.rls()[0]);
            best = Math.max(best, 100 * test.mean());
            someFixedGains |= test.p() < Comparison.ALPHA && test.mean() > 0;
        }
        PairedTest chosen = PairedTest.of(g.graphs()[0][0], g.rls()[0]);
        String verdict = someFixedGains && !(chosen.p() < Comparison.ALPHA && chosen.mean() > 0)
                ? "some fixed γ_I gains significantly where the chosen one does not: the loss is the selection's"
                + " (the inner cross-validation on " + g.labelled().get(0) + " labelled images does not find it)"
                : someFixedGains ? "the chosen γ_I gains too" : String.format(Locale.ROOT, "no fixed γ_I of the grid"
                + " gains significantly (best mean %+.2f): at this size the term itself does not pay on this graph,"
                + " whatever the selection", best);
        out.add("The graph investigation (" + g.rls()[0].length + " fresh draws per size, seeds "
                + (context.seed() + MinhSceneGraphs.SEED_OFFSET) + ".." + (context.seed() + MinhSceneGraphs.SEED_OFFSET
                + g.rls()[0].length - 1) + "): the manifold term gains significantly over RLS with "
                + (recover.isEmpty() ? "no graph at any size" : String.join("; ", recover)) + ", and loses"
                + " significantly with " + (lose.isEmpty() ? "none" : String.join("; ", lose)) + ". At l = "
                + g.labelled().get(0) + " on the preset's graph, " + verdict + ". Uncorrected tests over "
                + g.labelled().size() * MinhSceneGraphs.Graph.ALL.size() + " cells: an investigation, no claim rests"
                + " on it.");
        return out;
    }

    private static String chosen(List<DrawResult> draws, Method m, String key, boolean selected) {
        if (!selected) {
            return "0";
        }
        List<String> v = new ArrayList<>();
        for (DrawResult d : draws) {
            Object o = d.chosen().get(m).get(key);
            v.add(o instanceof Number x ? Stats.number(x.doubleValue(), 2) : String.valueOf(o));
        }
        return String.join("/", v);
    }

    private static String p(double p) {
        return Double.isNaN(p) ? "-" : p < 0.001 ? "< 0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    private static String protocol(Settings s, int unlabelled, Dataset data, int tests, ExperimentContext context,
            long nanos) {
        return (context.quick() ? MinhSceneExperiment.QUICK_DATASET + " (the bundled slice of scene: every 3rd"
                + " training and every 6th test image of the Mulan split, " : "scene (Mulan split: ")
                + data.train().size() + " training, " + tests + " test images, 294"
                + " features, 6 labels; MS11 used 1204/1203 of the 2407 images of scene). " + s.draws()
                + " random draws (seeds " + context.seed() + ".." + (context.seed() + s.draws() - 1) + ") of "
                + s.labelled() + " labelled training images; " + unlabelled + " other training images unlabelled"
                + (context.quick() ? " (quick protocol: a random subset of the rest)" : " (all the rest, as in MS11)")
                + ". Pipeline: the vvmr preset, Gaussian σ = " + MinhSceneExperiment.SIGMA + ", ±1 labels,"
                + " output-laplacian A = γ_O·pinv(L_out) + (1−γ_O)·I with a 2-NN output graph over the label columns"
                + " of the labelled outputs, manifold regularizer with a 5-NN normalised input graph (binary weights)"
                + " over labelled + unlabelled inputs, γ_A = λ = " + MinhSceneExperiment.LAMBDA + " fixed as in MS11."
                + " MS11 do not say how γ_I and γ_O of Table 1 were set; here every method chooses its own by "
                + s.innerFolds() + "-fold cross-validation of the mean AUC on the labelled images of the draw,"
                + " transductive as Table 1 is (in every fold the held-out labelled images stay in the input graph"
                + " with their labels hidden and are scored there; the unlabelled images stay in it too): VVMR over"
                + " γ_I ∈ " + s.gammaIs()
                + " × γ_O ∈ " + s.gammaOs() + ", vector-valued RLS over γ_O (γ_I = 0), Laplacian RLS over γ_I"
                + " (γ_O = 0), RLS nothing. The outputs of each draw's unlabelled images are sealed until every model"
                + " of the draw is fitted, then scored once; the test images' until every draw's models are fitted,"
                + " then scored once for all draws. " + MinhSceneExperiment.GRIDS.describe() + "; an earlier γ_I grid"
                + " {1e-4, 1e-3, 1e-2} was drawn after the evaluation labels had shown γ_I = 0.03 and 0.1 to hurt, so"
                + " the grid now runs to MS11's 0.1, with 0.03. Mean AUC over labels of the real-valued scores, on the"
                + " unlabelled set (transductive, MS11 Table 1) and on the test set (inductive). Fig. 1 reports the"
                + " grid γ_I ∈ " + s.figGammaIs() + " × γ_O ∈ " + s.figGammaOs() + " (MS11's axis ends at γ_I = 0.1);"
                + " nothing is chosen on it. The investigation sweep draws " + s.sweepDraws() + " labelled sets of"
                + " each size in " + s.sweepLabelled() + " (seeds " + (context.seed() + 100) + ".."
                + (context.seed() + 99 + s.sweepDraws()) + "). Wall time "
                + Summary.seconds(nanos) + " s for the draws, before the investigation sweep.";
    }

    private static List<String> notes(Settings s, List<DrawResult> draws, List<String> gainText) {
        List<String> notes = new ArrayList<>();
        double vvmr = 100 * Stats.mean(MinhSceneExperiment.values(draws, d -> d.trans().get(Method.VVMR)));
        notes.add(String.format(Locale.ROOT, "Transductive mean AUC with every value chosen on the labelled images:"
                        + " VVMR %.1f (MS11: 84.9), vector-valued RLS %.1f, Laplacian RLS %.1f, RLS %.1f.", vvmr,
                100 * Stats.mean(MinhSceneExperiment.values(draws, d -> d.trans().get(Method.VECTOR_RLS))),
                100 * Stats.mean(MinhSceneExperiment.values(draws, d -> d.trans().get(Method.LAPLACIAN_RLS))),
                100 * Stats.mean(MinhSceneExperiment.values(draws, d -> d.trans().get(Method.RLS)))));
        String check = draws.get(0).check();
        notes.add("Independent computation (experiments/src/main/resources/org/okl/experiments/independent/"
                + "ms11_vvmr.py: numpy/scipy from MS11's equations, a dense solve per eigenvalue of A) of VVMR at the"
                + " first draw's chosen γ_I, γ_O, on the same labelled and unlabelled images: " + check + ".");
        notes.add("Why MS11's Fig. 1 trend does not appear: with the objective of docs/conventions.md, which is MS11's"
                + " eq. 17 (J·K + l·γ_I·L·K)·C·A + l·γ_A·C = Y with the normalised Laplacian, γ_I = 0.1 makes the graph"
                + " term l·γ_I·L·K ten times the data term at l = 100 and over-smooths; the useful γ_I are near 1e-3 (the"
                + " grid above). Under Sindhwani et al.'s scaling γ_I/(l+u)² of the graph term, MS11's range [0, 0.1]"
                + " would be below 1e-7 on our scale and change nothing (last row of the investigation). Neither"
                + " scaling makes [0, 0.1] the useful range, so MS11's axis must rest on a normalisation they do not"
                + " state.");
        notes.add("Where the manifold term pays (investigation table): the AUC gain of Laplacian RLS, γ_I chosen on the"
                + " labelled images, over RLS is " + String.join(", ", gainText) + ".");
        List<String> edges = new ArrayList<>();
        for (Method m : List.of(Method.VVMR, Method.LAPLACIAN_RLS)) {
            long low = draws.stream().filter(d -> ((Number) d.chosen().get(m).get(MinhSceneExperiment.GAMMA_I))
                    .doubleValue() == s.gammaIs().get(0)).count();
            long high = draws.stream().filter(d -> ((Number) d.chosen().get(m).get(MinhSceneExperiment.GAMMA_I))
                    .doubleValue() == s.gammaIs().get(s.gammaIs().size() - 1)).count();
            edges.add(m.label + ": smallest γ_I in " + low + " of " + draws.size() + " draws, largest in " + high);
        }
        notes.add("Where the chosen γ_I falls in its grid " + s.gammaIs() + ": " + String.join("; ", edges) + ".");
        notes.add("Differences from MS11: Mulan's " + "1211/1196 split instead of their 1204/1203; kNN graphs with"
                + " binary weights and normalised Laplacians (their weights are not stated); γ_I and γ_O chosen by"
                + " inner cross-validation (MS11 do not say how they set them). KCCA, M3L, SMSE2 and CNMF are not"
                + " part of OKL and are not run.");
        return notes;
    }
}
