package org.okl.experiments.multilabel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.component.ComponentSpec;
import org.okl.api.data.Dataset;
import org.okl.api.data.DatasetSource;
import org.okl.api.decoder.Decoded;
import org.okl.api.metric.Metric;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.TrainingData;
import org.okl.experiments.Experiment;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.Grids;
import org.okl.experiments.HeldOut;
import org.okl.experiments.TestSeal;
import org.okl.experiments.table.ResultTable;
import org.okl.experiments.table.Stats;
import org.okl.metrics.Metrics;

/**
 * Brogat-Motte et al. 2022, Table 5's form on the Mulan sets we have (yeast, scene, emotions, enron): IOKR, OEL0 and
 * OEL in the small-training regime, a random labelled fraction of the training set with the rest of its outputs
 * unlabelled, Gaussian input and output kernels (output σ² = 1/l̄), pre-image over all training outputs, λ, p (and
 * OEL's c) selected by 5 repeated 80/20 sub-samplings of the labelled set, example-based F1 on the test set, mean ±
 * sd over seeded draws of the labelled set.
 */
public final class OelMultilabelExperiment implements Experiment {
    /** The methods' row labels, in table order. */
    static final List<String> METHODS = List.of("IOKR (OEL's λ)", "IOKR (own λ)", "OEL0", "OEL",
            "most frequent label set");

    /**
     * A protocol.
     *
     * @param datasets    the data sets, by id
     * @param fraction    the labelled fraction of each training set
     * @param draws       random draws of the labelled set
     * @param repetitions random 80/20 sub-samplings of the selection
     * @param lambdas     the λ path
     * @param ps          the p grid (OEL0 and OEL)
     * @param cs          OEL's c grid
     */
    record Settings(List<String> datasets, double fraction, int draws, int repetitions, List<Double> lambdas,
            List<Integer> ps, List<Double> cs) {
    }

    /** Every grid of the experiment (Bibtex's too), fixed before it runs in {@code grids/oel-multilabel.grids}. */
    static final Grids GRIDS = Grids.of("oel-multilabel");

    /** The full protocol. */
    static final Settings FULL = new Settings(List.of("yeast", "scene", "emotions", "enron"), 0.3, 5, 5,
            GRIDS.get("lambdas", false), GRIDS.integers("ps", false), GRIDS.get("cs", false));
    /** The quick protocol (CI), on the bundled data only: yeast and the scene slice {@code scene-sample}. */
    static final Settings QUICK = new Settings(List.of("yeast", "scene-sample"), 0.3, 2, 2,
            GRIDS.get("lambdas", true), GRIDS.integers("ps", true), GRIDS.get("cs", true));

    /** BM22 Table 5 (test F1 %), rows IOKR, OEL0, OEL; columns Bibtex, Bookmarks, Corel5k. */
    static final Map<String, double[]> PAPER = Map.of("IOKR", new double[] {35.9, 22.9, 13.7},
            "OEL0", new double[] {39.7, 25.9, 16.1}, "OEL", new double[] {39.7, 27.1, 19.0});

    @Override
    public String name() {
        return "oel-multilabel";
    }

    @Override
    public List<String> datasets(boolean quick) {
        return (quick ? QUICK : FULL).datasets();
    }

    @Override
    public String description() {
        return "Brogat-Motte et al. 2022 Table 5's form: IOKR vs OEL0 vs OEL (example-based F1), few labelled points"
                + " plus unlabelled outputs, on yeast, scene, emotions, enron (--quick: yeast and a bundled slice of scene)";
    }

    /**
     * One data set's results.
     *
     * @param dataset the data set id
     * @param n       labelled points per draw
     * @param m       unlabelled outputs per draw
     * @param test    test points
     * @param meanLabels l̄ over the training set
     * @param distinct distinct label sets in the training set
     * @param f1      test F1 per method (as in {@link #METHODS}) and draw, in [0, 1]
     * @param chosen  chosen values per method and draw
     * @param nanos   wall time of the data set
     */
    record DatasetRun(String dataset, int n, int m, int test, double meanLabels, int distinct, double[][] f1,
            List<List<Map<String, Object>>> chosen, long nanos) {

        /** Mean test F1 of a method, in [0, 1]. */
        double mean(String method) {
            return Stats.mean(f1[METHODS.indexOf(method)]);
        }
    }

    /** The training data of a draw: labelled pairs, the other rows' outputs unlabelled. */
    static TrainingData trainingData(Dataset.Split train, LabelledDraw draw) {
        return TrainingData.builder(train.inputs().selectRows(draw.labelled()),
                train.outputs().selectRows(draw.labelled()))
                .unlabelledOutputs(train.outputs().selectRows(draw.unlabelled())).build();
    }

    /** Runs every draw of one data set. */
    static DatasetRun runDataset(String id, Dataset data, Settings s, ExperimentContext context) {
        Okl okl = context.okl();
        long start = System.nanoTime();
        TestSeal.Sealed sealed = context.seal().split(data);
        Dataset.Split train = sealed.train();
        HeldOut test = sealed.test();
        int tests = test.size();
        Metric f1 = okl.create(Metrics.f1Example());
        int n = (int) Math.round(s.fraction() * train.size());
        double meanLabels = LabelSets.meanLabels(train.outputs());
        double[][] scores = new double[METHODS.size()][s.draws()];
        List<List<Map<String, Object>>> chosen = new ArrayList<>();
        METHODS.forEach(method -> chosen.add(new ArrayList<>()));
        int m = 0;
        List<List<Decoded>> perDraw = new ArrayList<>();
        for (int r = 0; r < s.draws(); r++) {
            long seed = context.seed() + r;
            LabelledDraw draw = LabelledDraw.draw(train.size(), n, Integer.MAX_VALUE, seed);
            m = draw.unlabelled().length;
            TrainingData td = trainingData(train, draw);
            OelPipelines pipelines = new OelPipelines(Summary.medianDistance(td.inputs().toRows()),
                    Math.sqrt(1 / meanLabels), s.repetitions(), seed);
            Model oel0 = okl.pipeline(pipelines.oel0(s.ps(), s.lambdas(), okl)).fit(td);
            Model oel = okl.pipeline(pipelines.oel(s.cs(), s.ps(), s.lambdas(), okl)).fit(td);
            double oelLambda = ((Number) oel.provenance().chosen().get("filter.lambda")).doubleValue();
            Model iokr = okl.pipeline(pipelines.iokr(oelLambda, okl)).fit(td);
            Model iokrOwn = okl.pipeline(pipelines.iokrSelected(s.lambdas(), okl)).fit(td);
            List<Model> models = List.of(iokr, iokrOwn, oel0, oel);
            List<Decoded> predictions = new ArrayList<>();
            for (int k = 0; k < models.size(); k++) {
                predictions.add(models.get(k).predict(test.inputs()));
                chosen.get(k).add(models.get(k).provenance().chosen());
            }
            predictions.add(Decoded.of(LabelSets.mostFrequent(td.outputs(), test.size())));
            chosen.get(METHODS.size() - 1).add(Map.of());
            perDraw.add(predictions);
            context.progress().printf(Locale.ROOT, "oel-multilabel: %s draw %d/%d (n = %d, m = %d) fitted (%s s so"
                    + " far)%n", id, r + 1, s.draws(), n, m, Summary.seconds(System.nanoTime() - start));
            context.progress().flush();
        }
        // every draw's models are fitted: the test set's one scoring, for every draw and method together
        test.finalScoring(y -> {
            for (int r = 0; r < perDraw.size(); r++) {
                for (int k = 0; k < perDraw.get(r).size(); k++) {
                    scores[k][r] = f1.evaluate(y, perDraw.get(r).get(k));
                }
            }
            return null;
        });
        for (int r = 0; r < perDraw.size(); r++) {
            context.progress().printf(Locale.ROOT, "oel-multilabel: %s draw %d/%d: F1 IOKR %.1f, IOKR own λ %.1f,"
                            + " OEL0 %.1f, OEL %.1f%n", id, r + 1, s.draws(), 100 * scores[0][r], 100 * scores[1][r],
                    100 * scores[2][r], 100 * scores[3][r]);
        }
        context.progress().flush();
        return new DatasetRun(id, n, m, tests, meanLabels, LabelSets.distinct(train.outputs()), scores,
                chosen, System.nanoTime() - start);
    }

    @Override
    public ExperimentResult run(ExperimentContext context) {
        Okl okl = context.okl();
        Settings s = context.quick() ? QUICK : FULL;
        List<DatasetRun> runs = new ArrayList<>();
        for (String id : s.datasets()) {
            Dataset data = okl.create(DatasetSource.class, ComponentSpec.of(id)).load(okl.context());
            runs.add(runDataset(id, data, s, context));
        }
        BibtexRun.Result bibtex = context.quick() ? null : BibtexRun.run(okl, context, BibtexRun.FULL);
        List<ResultTable> tables = new ArrayList<>(List.of(table(runs, s)));
        if (bibtex != null && bibtex.ran()) {
            tables.addAll(bibtex.tables());
        }
        tables.add(paperTable());
        List<String> notes = new ArrayList<>(OelMultilabelNotes.notes(runs, s));
        if (bibtex != null) {
            notes.addAll(bibtex.notes());
        }
        return new ExperimentResult(name(), OelMultilabelNotes.protocol(s, runs, context, bibtex), tables,
                bibtex != null && bibtex.ran() ? bibtex.figures() : List.of(), notes,
                OelMultilabelNotes.claims(runs, bibtex));
    }

    /** Our results: one row per data set and method. */
    static ResultTable table(List<DatasetRun> runs, Settings s) {
        ResultTable.Builder t = ResultTable.builder("Test example-based F1 (%), mean ± sd over " + s.draws()
                        + " draw(s) of the labelled set; candidates = all training outputs", "data set", "n / m / n_te",
                "method", "F1 % (ours)", "chosen (per draw)", "time (s)");
        for (DatasetRun run : runs) {
            for (int k = 0; k < METHODS.size(); k++) {
                t.row(run.dataset(), run.n() + " / " + run.m() + " / " + run.test(), METHODS.get(k),
                        Summary.percentPlusMinus(run.f1()[k]), perDraw(run.chosen().get(k)),
                        k == 0 ? Summary.seconds(run.nanos()) : "");
            }
        }
        return t.build();
    }

    /** BM22 Table 5 as printed, for context (no numbers exist for our data sets). */
    static ResultTable paperTable() {
        ResultTable.Builder t = ResultTable.builder("BM22 Table 5 as printed (test F1 %; n = 2000 labelled, their"
                + " data sets, not available here)", "method", "Bibtex (m = 2880)", "Bookmarks (m = 4000)",
                "Corel5k (m = 2500)");
        for (String method : List.of("IOKR", "OEL0", "OEL")) {
            double[] v = PAPER.get(method);
            t.row(method, fmt(v[0]), fmt(v[1]), fmt(v[2]));
        }
        return t.build();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** The chosen values, each parameter's values over the draws joined by "/". */
    static String perDraw(List<Map<String, Object>> chosen) {
        Map<String, List<String>> byKey = new LinkedHashMap<>();
        for (Map<String, Object> c : chosen) {
            c.forEach((k, v) -> byKey.computeIfAbsent(k.substring(k.indexOf('.') + 1), x -> new ArrayList<>())
                    .add(v instanceof Number x ? number(x.doubleValue()) : String.valueOf(v)));
        }
        if (byKey.isEmpty()) {
            return "-";
        }
        List<String> parts = new ArrayList<>();
        byKey.forEach((k, v) -> parts.add(k + " " + String.join("/", v)));
        return String.join("; ", parts);
    }

    /** Whole numbers (such as p) in full, others with two significant digits. */
    private static String number(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : Stats.number(v, 2);
    }
}
