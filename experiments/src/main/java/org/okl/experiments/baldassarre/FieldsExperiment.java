package org.okl.experiments.baldassarre;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.decoder.Decoded;
import org.okl.api.metric.Metric;
import org.okl.bench.Timing;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.experiments.Experiment;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.HeldOut;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.table.Stats;
import org.okl.experiments.verdict.Claim;
import org.okl.experiments.verdict.Comparison;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;
import org.okl.kernels.Operators;
import org.okl.kernels.OutputMatrices;

/**
 * {@code baldassarre-fields}: B12 §6.1 vector fields (Figs. 6, 7, 8, 10). The
 * ν-method with the kernel γ̃·Γ_df + (1−γ̃)·Γ_cf ({@code div-curl}, γ̃ chosen by validation) against the ν-method on
 * each component independently (separable identity, same Gaussian width); angular error on the grid points not used
 * for training, against the number of training points, noiseless and noisy.
 */
public final class FieldsExperiment implements Experiment {
    /** The paper's Gaussian width. */
    static final double SIGMA = 0.8;

    /**
     * One field and noise level.
     *
     * @param label          how the table names it
     * @param generator      the data-set generator with its field parameters
     * @param trueGamma      the weight of the divergence-free part of the field (NaN for the Helmholtz field)
     * @param iterations     the largest ν-method iteration count
     */
    record Setting(String label, ComponentSpec generator, double trueGamma, int iterations) {
        static final List<Setting> ALL = List.of(
                field1(0.0, 0.0), field1(0.0, 0.3), field1(0.5, 0.0), field1(0.5, 0.3),
                new Setting("field 2 (Helmholtz), noiseless", ComponentSpec.of("vector-field-helmholtz"), Double.NaN,
                        700),
                new Setting("field 2 (Helmholtz), noise 20% of |v|",
                        ComponentSpec.of("vector-field-helmholtz", "relativeNoise", 0.2), Double.NaN, 700));

        private static Setting field1(double gamma, double noise) {
            return new Setting("field 1, γ = " + gamma + (noise > 0 ? ", noise sd " + noise : ", noiseless"),
                    ComponentSpec.of("vector-field-mixture", "gamma", gamma, "noise", noise), gamma, 300);
        }
    }

    private static final Comparison.Units REPETITIONS = Comparison.Units.draws("repetitions");

    /**
     * Fig. 7's margin: one step of the full protocol's γ̃ grid (11 values on [0, 1]), the finest difference the
     * selection can resolve; B12's Fig. 7 prints no numbers.
     */
    static final Comparison.Margin GAMMA_MARGIN = new Comparison.Margin(0.1, "one step of the γ̃ grid");

    /**
     * Fig. 12's margin, a factor on the ratio of median times: B12 prints no times (a plot) and calls the two
     * "comparable"; a factor of 2 is our reading, fixed here before the re-run.
     */
    static final Comparison.Margin TIME_FACTOR = new Comparison.Margin(2, "B12 prints no times; \"comparable\""
            + " read as within a factor of 2");

    /**
     * A protocol.
     *
     * @param sizes       training points
     * @param repetitions repetitions per size (training points redrawn)
     * @param gammas      the γ̃ grid
     * @param folds       folds of the cross-validation choosing γ̃ and the iteration count
     * @param timings     timed repeats of Fig. 12's fit times
     */
    record Protocol(int[] sizes, int repetitions, List<Object> gammas, int folds, int timings) {
        static final Protocol FULL = new Protocol(new int[] {10, 20, 50, 100, 200}, 5, Fits.linear(0, 1, 11), 5,
                5);
        static final Protocol QUICK = new Protocol(new int[] {20, 100}, 1, List.of(0.0, 0.5, 1.0), 5, 2);
    }

    /**
     * One repetition.
     *
     * @param divCurl     angular error of the div-curl kernel
     * @param independent angular error of independent components
     * @param gamma       the selected γ̃
     */
    record Repetition(double divCurl, double independent, double gamma) {
    }

    @Override
    public String name() {
        return "baldassarre-fields";
    }

    @Override
    public List<String> datasets(boolean quick) {
        return List.of("vector-field-mixture", "vector-field-helmholtz");
    }

    @Override
    public String description() {
        return "Baldassarre et al. 2012, Figs. 6-10: 2-D vector fields, divergence-free + curl-free kernel vs "
                + "independent components, angular error vs n, noiseless and noisy";
    }

    @Override
    public ExperimentResult run(ExperimentContext context) {
        Protocol protocol = context.quick() ? Protocol.QUICK : Protocol.FULL;
        Okl okl = context.okl();
        Map<Setting, Map<Integer, List<Repetition>>> results = new LinkedHashMap<>();
        for (Setting s : Setting.ALL) {
            Map<Integer, List<Repetition>> bySize = new LinkedHashMap<>();
            for (int n : protocol.sizes()) {
                List<Repetition> reps = new ArrayList<>();
                for (int r = 0; r < protocol.repetitions(); r++) {
                    reps.add(repetition(okl, s, n, protocol, context.seed() + 1000L * n + r));
                }
                bySize.put(n, reps);
                context.progress().printf("baldassarre-fields: %s, n = %d done%n", s.label(), n);
                context.progress().flush();
            }
            results.put(s, bySize);
        }
        return result(protocol, results, time(okl, protocol, context.seed()));
    }

    /**
     * One repetition: n training grid points drawn with this seed, both methods fitted, then the sealed test grid
     * points scored once.
     */
    static Repetition repetition(Okl okl, Setting s, int n, Protocol protocol, long seed) {
        ComponentSpec generator = s.generator().with("n", n).with("seed", (int) (seed % Integer.MAX_VALUE));
        Dataset d = Fits.load(okl, generator);
        TrainingData train = Fits.training(d.train());
        HeldOut test = HeldOut.test(d);
        Model divCurl = okl.pipeline(divCurlPipeline(s.iterations(), protocol, seed)).fit(train);
        Model independent = okl.pipeline(independentPipeline(s.iterations(), protocol, seed)).fit(train);
        Decoded a = divCurl.predict(test.inputs());
        Decoded b = independent.predict(test.inputs());
        Metric angular = okl.create(Metric.class, ComponentSpec.of("angular-error"));
        return test.finalScoring(y -> new Repetition(angular.evaluate(y, a), angular.evaluate(y, b),
                Fits.chosen(divCurl, "operator.gamma")));
    }

    /**
     * B12 Fig. 12's comparison we can make: the whole fit (selection and refit) of the div-curl and the independent
     * ν-method on one draw of field 2 at the largest n, timed repeats interleaved (the bench harness's timer).
     */
    static double[][] time(Okl okl, Protocol protocol, long seed) {
        Setting s = Setting.ALL.get(4);
        int n = protocol.sizes()[protocol.sizes().length - 1];
        TrainingData train = Fits.training(Fits.load(okl, s.generator().with("n", n)
                .with("seed", (int) (seed % Integer.MAX_VALUE))).train());
        List<PipelineSpec> specs = List.of(divCurlPipeline(s.iterations(), protocol, seed),
                independentPipeline(s.iterations(), protocol, seed));
        specs.forEach(spec -> okl.pipeline(spec).fit(train));
        double[][] out = new double[2][protocol.timings()];
        for (int r = 0; r < protocol.timings(); r++) {
            for (int k = 0; k < 2; k++) {
                PipelineSpec spec = specs.get(k);
                out[k][r] = Timing.measure(0, 1, () -> okl.pipeline(spec).fit(train)).seconds()[0];
            }
        }
        return out;
    }

    /** The ν-method with the div-curl kernel; γ̃ and the iteration count by k-fold cross-validation (MSE). */
    static PipelineSpec divCurlPipeline(int iterations, Protocol protocol, long seed) {
        return PipelineSpec.builder().filter(Filters.nuMethod(iterations))
                .operator(Operators.divCurl(SIGMA, 0.5, 2))
                .selection(SelectionSpec.kfold(protocol.folds()).grid("operator.gamma", protocol.gammas())
                        .seed(seed).build())
                .build();
    }

    /** The ν-method on each component with the same scalar Gaussian (separable identity). */
    static PipelineSpec independentPipeline(int iterations, Protocol protocol, long seed) {
        return PipelineSpec.builder().kernel(Kernels.gaussian(SIGMA))
                .filter(Filters.nuMethod(iterations))
                .operator(Operators.separable(OutputMatrices.identity()))
                .selection(SelectionSpec.kfold(protocol.folds()).seed(seed).build())
                .build();
    }

    private ExperimentResult result(Protocol protocol, Map<Setting, Map<Integer, List<Repetition>>> results,
            double[][] times) {
        ResultTable.Builder table = ResultTable.builder("Angular error in radians on the grid points not used for "
                + "training (mean ± std over " + protocol.repetitions() + " repetitions), and the selected γ̃. "
                + "Paper (Figs. 6, 8, 10, figures only): div-curl below independent at every n; γ̃ → true γ (Fig. 7)",
                "field", "n", "div-curl (ν)", "independent (ν)", "selected γ̃ (true γ)");
        List<ExperimentResult.Figure> figures = new ArrayList<>();
        Map<String, double[][]> gammaSeries = new LinkedHashMap<>();
        int cells = 0;
        int divCurlBetter = 0;
        int largestBetter = 0;
        List<String> gammaNotes = new ArrayList<>();
        List<Comparison> below = new ArrayList<>();
        List<Comparison> gammaToTrue = new ArrayList<>();
        for (var e : results.entrySet()) {
            Setting s = e.getKey();
            Map<Integer, List<Repetition>> bySize = e.getValue();
            double[] xs = bySize.keySet().stream().mapToDouble(Integer::doubleValue).toArray();
            double[] dc = new double[xs.length];
            double[] ind = new double[xs.length];
            double[] gm = new double[xs.length];
            int i = 0;
            for (var c : bySize.entrySet()) {
                double[] a = c.getValue().stream().mapToDouble(Repetition::divCurl).toArray();
                double[] b = c.getValue().stream().mapToDouble(Repetition::independent).toArray();
                double[] g = c.getValue().stream().mapToDouble(Repetition::gamma).toArray();
                dc[i] = Stats.mean(a);
                ind[i] = Stats.mean(b);
                gm[i] = Stats.mean(g);
                table.row(s.label(), String.valueOf(c.getKey()), Stats.meanStd(a, 3), Stats.meanStd(b, 3),
                        Stats.meanStd(g, 2) + (Double.isNaN(s.trueGamma()) ? "" : " (" + s.trueGamma() + ")"));
                cells++;
                below.add(Comparison.better(s.label() + ", n = " + c.getKey(), "div-curl", a, "independent", b,
                        false, REPETITIONS));
                if (c.getKey() == protocol.sizes()[protocol.sizes().length - 1] && !Double.isNaN(s.trueGamma())) {
                    double[] truth = new double[g.length];
                    java.util.Arrays.fill(truth, s.trueGamma());
                    gammaToTrue.add(Comparison.alike(s.label() + ", n = " + c.getKey(), "selected γ̃", g, "true γ",
                            truth, false, REPETITIONS, GAMMA_MARGIN));
                }
                if (dc[i] < ind[i]) {
                    divCurlBetter++;
                }
                i++;
            }
            if (dc[xs.length - 1] < ind[xs.length - 1]) {
                largestBetter++;
            }
            Map<String, double[][]> series = new LinkedHashMap<>();
            series.put("div-curl (ν)", new double[][] {xs, dc});
            series.put("independent (ν)", new double[][] {xs, ind});
            figures.add(new ExperimentResult.Figure("angular-error-" + (figures.size() + 1),
                    Charts.lines(s.label(), "training points n", "angular error [rad]", true, true, series)));
            if (!Double.isNaN(s.trueGamma())) {
                gammaSeries.put(s.label(), new double[][] {xs, gm});
                gammaNotes.add(s.label() + ": mean selected γ̃ at the largest n = " + Stats.number(gm[xs.length - 1], 2)
                        + " (true " + s.trueGamma() + ")");
            }
        }
        figures.add(new ExperimentResult.Figure("selected-gamma", Charts.lines("Selected γ̃ (field 1)",
                "training points n", "mean selected γ̃", true, false, gammaSeries)));
        List<String> notes = new ArrayList<>();
        notes.add("The div-curl kernel had the lower mean angular error in " + divCurlBetter + " of " + cells
                + " (field, n) cells and at the largest n in " + largestBetter + " of " + results.size()
                + " fields (paper: always below independent regression).");
        notes.add("Selected γ̃ (paper, Fig. 7: converges to the true γ as n grows): " + String.join("; ", gammaNotes)
                + ".");
        notes.add("In 2-D, 0.5·(Γ_df + Γ_cf) = (1/σ²)·φ(u)·(1 − ‖u‖²/(2σ²))·I: at γ̃ = 0.5 the div-curl kernel is "
                + "itself independent components, with a narrower, sign-changing scalar kernel instead of the "
                + "Gaussian. On the γ = 0.5 field both models are therefore independent-component models that "
                + "differ only in the scalar kernel, which is where the baseline can win at small n or with noise.");
        notes.add("Fig. 12 (the part we can run): the whole fit of field 2 at n = " + protocol.sizes()[
                protocol.sizes().length - 1] + " took " + Stats.number(Stats.median(times[0]), 3) + " s with the"
                + " div-curl kernel and " + Stats.number(Stats.median(times[1]), 3) + " s for independent components"
                + " (wall-clock medians of " + protocol.timings() + " timed repeats, bench harness timer). The"
                + " sparsity-enforcing competitor of Obozinski et al. with the Mussa-Ivaldi and Haufe dictionaries"
                + " (Fig. 11, and its times in Fig. 12) is not part of OKL.");
        String text = "Generators vector-field-mixture (field 1: γ·divergence-free + (1−γ)·curl-free field of 5 "
                + "Gaussians, covariance 0.45·I) and vector-field-helmholtz (field 2), on the 70 x 70 grid over "
                + "[−2,2]²; n training points drawn from the grid, test = all other grid points (exact field); "
                + "noise: field 1 Gaussian sd 0.3, field 2 per-point sd 20% of |v|. ν-method up to 300 (field 1; "
                + "the paper does not say) or 700 (field 2, as the paper) iterations, Gaussian width σ = 0.8 for "
                + "both kernels; γ̃ over " + protocol.gammas() + " and the iteration count chosen by "
                + protocol.folds() + "-fold cross-validation on MSE inside the n training points (the paper's "
                + "protocol for field 1; for field 2 the paper uses a separate validation set of n more points, "
                + "so our field-2 models see fewer points). Sizes " + Arrays.toString(protocol.sizes()) + ", "
                + protocol.repetitions() + " repetitions (paper: n from 10 to 200, 10 repetitions; 5 here to bound the run"
                + " time on two shared cores). The test grid points are sealed until both models of a repetition are fitted. Angular error "
                + "of Barron et al. in radians (the paper's unit is not stated).";
        List<Claim> claims = List.of(
                Claim.of("B12 Figs. 6, 8, 10", "the div-curl kernel's angular error is below independent"
                        + " regression's at every n, noiseless and noisy", below),
                Claim.of("B12 Fig. 7", "the selected γ̃ approaches the true γ as n grows (tested at the largest n)",
                        gammaToTrue),
                Claim.of("B12 Fig. 12", "the div-curl ν-method takes a time comparable to independent regression",
                        List.of(Comparison.timeAlike("field 2, n = " + protocol.sizes()[protocol.sizes().length
                                        - 1], "div-curl", times[0], "independent", times[1], TIME_FACTOR,
                                Comparison.Load.notRecorded()))),
                Claim.notRun("B12 Figs. 11-12", "the div-curl kernel matches the sparsity-enforcing method of Obozinski"
                        + " et al. and is much faster", "the sparsity-enforcing method is not part of OKL"));
        return new ExperimentResult(name(), text, List.of(table.build()), figures, notes, claims);
    }
}
