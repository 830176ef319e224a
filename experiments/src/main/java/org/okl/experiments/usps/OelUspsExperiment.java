package org.okl.experiments.usps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.Okl;
import org.okl.core.pipeline.Model;
import org.okl.core.pipeline.PipelineFiles;
import org.okl.core.pipeline.PipelineSpec;
import org.okl.core.pipeline.Provenance;
import org.okl.core.pipeline.TrainingData;
import org.okl.experiments.Experiment;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.ResultTable;
import org.okl.experiments.Stats;
import org.okl.filters.Filters;

/**
 * Brogat-Motte et al. 2022, Table 3: USPS top half to bottom half with n = 1000 labelled digits (the first of
 * zip.train), m = 6000 unlabelled bottom halves (the last 6000 of zip.train), tested on zip.test (2007) with the
 * 7000 training bottom halves as candidates; IOKR, kPCA KDE (p = 64), OEL0 (c = 1, m = 0, p = 64) and OEL (c, p
 * selected); hyper-parameters by 5 repeated 80/20 sub-samplings of the labelled set.
 */
public final class OelUspsExperiment implements Experiment {
    /**
     * The output-kernel and loss width on ESL's [-1, 1] pixels: σ² = 40, which is BM22's σ² = 10 on pixels rescaled to
     * [0, 1] (distances halve, squared distances divide by 4). This reading reproduces BM22's IOKR loss; the literal
     * σ² = 10 on [-1, 1] gives losses near 2 (see the notes).
     */
    static final double SIGMA_L = Math.sqrt(40);
    /** BM22's width read literally on [-1, 1] pixels, σ² = 10, reported beside. */
    static final double LITERAL_SIGMA_L = Math.sqrt(10);

    /**
     * The protocol settings of a full or quick run.
     *
     * @param labelled     labelled digits (the first rows of zip.train)
     * @param unlabelled   unlabelled bottom halves (the last rows of zip.train)
     * @param test         test digits (the first rows of zip.test)
     * @param repetitions  random 80/20 sub-samplings of the selection
     * @param lambdas      the λ path
     * @param sigmas       input widths
     * @param cs           OEL's c values
     * @param ps           OEL's p values
     */
    record Settings(int labelled, int unlabelled, int test, int repetitions, List<Double> lambdas,
            List<Double> sigmas, List<Double> cs, List<Integer> ps) {
    }

    /** The full protocol (BM22 Table 3). */
    static final Settings FULL = new Settings(1000, 6000, 2007, 5,
            List.of(1e-5, 1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2, 1e-1), List.of(4.0, 5.5, 7.0, 10.0), List.of(0.15, 0.5),
            List.of(64, 98, 200));
    /** The quick protocol. */
    static final Settings QUICK = new Settings(300, 1000, 300, 2, List.of(1e-3, 1e-2), List.of(5.0), List.of(0.5),
            List.of(32, 64));

    /**
     * A row of BM22 Table 3.
     *
     * @param label the method
     * @param loss  the printed test RBF loss
     * @param error the printed standard error
     * @param p     the printed embedding dimension
     */
    record PaperRow(String label, double loss, double error, String p) {
    }

    /** BM22 Table 3 as printed. */
    static final List<PaperRow> PAPER = List.of(
            new PaperRow("SPEN", 0.801, 0.011, "128"),
            new PaperRow("KDE", 0.764, 0.011, "64"),
            new PaperRow("IOKR", 0.751, 0.011, "∞"),
            new PaperRow("OEL0", 0.734, 0.011, "64"),
            new PaperRow("OEL", 0.725, 0.011, "98"));

    @Override
    public String name() {
        return "oel-usps";
    }

    @Override
    public String description() {
        return "Brogat-Motte et al. 2022 Table 3: USPS n = 1000 + m = 6000 unlabelled outputs, IOKR/KDE/OEL0/OEL";
    }

    /**
     * The training data: the first {@code labelled} rows of zip.train as pairs, the bottom halves of its last
     * {@code unlabelled} rows as unlabelled outputs.
     */
    static TrainingData trainingData(Dataset.Split train, int labelled, int unlabelled) {
        if (labelled + unlabelled > train.size()) {
            throw new IllegalArgumentException(labelled + " + " + unlabelled + " rows but zip.train has "
                    + train.size());
        }
        Matrix u = train.outputs().selectRows(UspsData.range(train.size() - unlabelled, train.size()));
        int[] rows = UspsData.range(0, labelled);
        return TrainingData.builder(train.inputs().selectRows(rows), train.outputs().selectRows(rows))
                .unlabelledOutputs(u).build();
    }

    /** The selection member: repeated 80/20 sub-sampling on the RBF loss at σ_l. */
    static String selectionJson(Settings s, long seed, String grid) {
        return "{\"method\": \"subsampling\", \"repetitions\": " + s.repetitions() + ", \"fraction\": 0.2,"
                + " \"metric\": {\"name\": \"rbf-loss\", \"sigma\": " + SIGMA_L + "}, \"seed\": " + seed
                + ", \"grid\": " + grid + "}";
    }

    /** IOKR, KDE (kPCA, p = 64) or OEL0 with σ_k and the λ path selected. */
    static PipelineSpec selectedPipeline(String preset, Settings s, long seed, Okl okl) {
        String kernel = "{\"name\": \"gaussian\", \"sigma\": " + SIGMA_L + "}";
        String output = switch (preset) {
            case "iokr" -> "{\"name\": \"kernel\", \"kernel\": " + kernel + "}";
            case "kde-weston" -> "{\"name\": \"kpca\", \"kernel\": " + kernel + ", \"components\": 64}";
            case "oel0" -> "{\"name\": \"oel\", \"kernel\": " + kernel + ", \"c\": 1.0, \"p\": 64,"
                    + " \"svd\": \"randomized\"}";
            default -> throw new IllegalArgumentException("no selected pipeline for " + preset);
        };
        String json = "{\"preset\": \"" + preset + "\", \"output\": " + output + ", \"filter\": {\"name\":"
                + " \"tikhonov\", \"lambda\": " + s.lambdas() + "}, \"decoder\": {\"name\": \"candidates\","
                + " \"from\": \"train+unlabelled\"}, \"selection\": "
                + selectionJson(s, seed, "{\"kernel.sigma\": " + s.sigmas() + "}") + "}";
        return PipelineFiles.parse(json, preset + " (selected)", okl.registry());
    }

    /** OEL with σ_k and λ fixed, c and p selected. */
    static PipelineSpec oelPipeline(Settings s, double sigmaK, double lambda, long seed, Okl okl) {
        String json = "{\"preset\": \"oel\", \"kernel\": {\"name\": \"gaussian\", \"sigma\": " + sigmaK + "},"
                + " \"output\": {\"name\": \"oel\", \"kernel\": {\"name\": \"gaussian\", \"sigma\": " + SIGMA_L
                + "}, \"c\": 0.15, \"p\": 98, \"svd\": \"randomized\"}, \"filter\": {\"name\": \"tikhonov\","
                + " \"lambda\": " + lambda + "}, \"decoder\": {\"name\": \"candidates\", \"from\":"
                + " \"train+unlabelled\"}, \"selection\": "
                + selectionJson(s, seed, "{\"output.c\": " + s.cs() + ", \"output.p\": " + s.ps() + "}") + "}";
        return PipelineFiles.parse(json, "oel (selected)", okl.registry());
    }

    /** The pipeline with the chosen values fixed: one λ, no selection. */
    static PipelineSpec fixed(Model selected) {
        double lambda = ((Number) selected.provenance().chosen().get("filter.lambda")).doubleValue();
        return selected.spec().withFilter(Filters.tikhonov(lambda)).withSelection(null);
    }

    /** One method's outcome. */
    record Outcome(String label, Map<String, Object> chosen, double[] losses, long selectNanos, long fitNanos,
            long predictNanos, Matrix predicted, List<Provenance.CurvePoint> curve) {
    }

    static Outcome evaluate(String label, PipelineSpec spec, TrainingData train, Matrix testX, Matrix testY,
            Okl okl, ExperimentContext context) {
        long t0 = System.nanoTime();
        Model selected = okl.pipeline(spec).fit(train);
        long t1 = System.nanoTime();
        Model model = okl.pipeline(fixed(selected)).fit(train);
        long t2 = System.nanoTime();
        Matrix predicted = model.predict(testX).outputs();
        long t3 = System.nanoTime();
        double[] losses = RbfLosses.perPoint(SIGMA_L, testY, predicted);
        context.progress().printf(Locale.ROOT, "oel-usps: %s: %s, test RBF loss %.4f (selection %s s, fit %s s,"
                + " predict %s s)%n", label, selected.provenance().chosen(), RbfLosses.mean(okl, SIGMA_L, testY,
                predicted), Formats.seconds(t1 - t0), Formats.seconds(t2 - t1), Formats.seconds(t3 - t2));
        context.progress().flush();
        return new Outcome(label, selected.provenance().chosen(), losses, t1 - t0, t2 - t1, t3 - t2, predicted,
                selected.provenance().validationCurve());
    }

    @Override
    public ExperimentResult run(ExperimentContext context) {
        Okl okl = context.okl();
        Settings s = context.quick() ? QUICK : FULL;
        UspsData data = UspsData.load(okl);
        TrainingData train = trainingData(data.train(), s.labelled(), s.unlabelled());
        int[] testRows = UspsData.range(0, Math.min(s.test(), data.test().size()));
        Matrix testX = data.test().inputs().selectRows(testRows);
        Matrix testY = data.test().outputs().selectRows(testRows);
        long seed = context.seed();

        List<Outcome> outcomes = new ArrayList<>();
        outcomes.add(evaluate("IOKR", selectedPipeline("iokr", s, seed, okl), train, testX, testY, okl, context));
        outcomes.add(evaluate("KDE", selectedPipeline("kde-weston", s, seed, okl), train, testX, testY, okl,
                context));
        Outcome oel0 = evaluate("OEL0", selectedPipeline("oel0", s, seed, okl), train, testX, testY, okl, context);
        outcomes.add(oel0);
        double sigmaK = ((Number) oel0.chosen().get("kernel.sigma")).doubleValue();
        double lambda = ((Number) oel0.chosen().get("filter.lambda")).doubleValue();
        Outcome oel = evaluate("OEL", oelPipeline(s, sigmaK, lambda, seed, okl), train, testX, testY, okl, context);
        outcomes.add(oel);

        ResultTable.Builder table = ResultTable.builder("Test RBF loss ± standard error over the "
                        + testRows.length + " test digits; candidates = the " + (s.labelled() + s.unlabelled())
                        + " training bottom halves", "method", "chosen", "p", "RBF loss σ² = 10 on [0, 1] (ours)",
                "RBF loss (BM22)", "RBF loss σ² = 10 on [-1, 1] (ours)", "selection (s)", "fit (s)",
                "predict (s)");
        table.row("SPEN", "-", "128", "not run", plusMinus(PAPER.get(0)), "not run", "-", "-", "-");
        for (Outcome o : outcomes) {
            PaperRow paper = PAPER.stream().filter(r -> r.label().equals(o.label())).findFirst().orElseThrow();
            String p = switch (o.label()) {
                case "IOKR" -> "∞";
                case "OEL" -> String.valueOf(o.chosen().get("output.p"));
                default -> "64";
            };
            table.row(o.label(), describe(o.chosen()), p,
                    Formats.plusMinus(Stats.mean(o.losses()), Formats.standardError(o.losses())), plusMinus(paper),
                    literal(testY, o.predicted()), Formats.seconds(o.selectNanos()), Formats.seconds(o.fitNanos()), Formats.seconds(o.predictNanos()));
        }
        Matrix mean = UspsData.meanRows(train.outputs(), testY.rows());
        double[] meanLoss = RbfLosses.perPoint(SIGMA_L, testY, mean);
        table.row("mean bottom half (reference)", "-", "-", Formats.plusMinus(Stats.mean(meanLoss),
                Formats.standardError(meanLoss)), "-", literal(testY, mean), "-", "-", "-");

        int shown = Math.min(8, testRows.length);
        List<ExperimentResult.Figure> figures = List.of(
                DigitFigures.validationCurve("iokr-validation", "IOKR: validation loss, "
                        + s.repetitions() + " sub-samplings", "validation RBF loss",
                        outcomes.get(0).curve()),
                oelCurve(oel.curve()),
                DigitFigures.completions("completions", "OEL: first " + shown + " test digits",
                        testX.rowRange(0, shown), testY.rowRange(0, shown), oel.predicted().rowRange(0, shown)));
        return new ExperimentResult(name(), protocol(s, testRows.length, context), List.of(table.build()), figures,
                notes(outcomes, Stats.mean(meanLoss)));
    }

    /** OEL's validation error against p, one series per c. */
    private static ExperimentResult.Figure oelCurve(List<Provenance.CurvePoint> curve) {
        Map<Double, TreeMap<Double, Double>> byC = new TreeMap<>();
        for (Provenance.CurvePoint point : curve) {
            double c = ((Number) point.grid().get("output.c")).doubleValue();
            double p = ((Number) point.grid().get("output.p")).doubleValue();
            byC.computeIfAbsent(c, k -> new TreeMap<>()).put(p, point.error());
        }
        Map<String, double[]> series = new LinkedHashMap<>();
        double[] ps = byC.values().iterator().next().keySet().stream().mapToDouble(Double::doubleValue).toArray();
        byC.forEach((c, values) -> series.put("c = " + Formats.compact(c),
                values.values().stream().mapToDouble(Double::doubleValue).toArray()));
        return DigitFigures.lines("oel-validation", "OEL: mean validation RBF loss against p", "p",
                "validation RBF loss", false, ps, series);
    }

    private static String describe(Map<String, Object> chosen) {
        List<String> parts = new ArrayList<>();
        chosen.forEach((k, v) -> parts.add(k.substring(k.indexOf('.') + 1) + " = "
                + (v instanceof Number x ? Formats.compact(x.doubleValue()) : v)));
        return String.join(", ", parts);
    }

    /** The loss at BM22's width read literally on [-1, 1] pixels, mean ± standard error. */
    private static String literal(Matrix truth, Matrix predicted) {
        double[] l = RbfLosses.perPoint(LITERAL_SIGMA_L, truth, predicted);
        return Formats.plusMinus(Stats.mean(l), Formats.standardError(l));
    }

    private static String plusMinus(PaperRow row) {
        return String.format(Locale.ROOT, "%.3f ± %.3f", row.loss(), row.error());
    }

    private static String protocol(Settings s, int tests, ExperimentContext context) {
        return "USPS (ESL, pixels in [-1, 1]), top half -> bottom half. Labelled: the first " + s.labelled()
                + " digits of zip.train; unlabelled outputs: the bottom halves of the last " + s.unlabelled()
                + " digits of zip.train (BM22: \"the 6000 last bottom half train digits\"); test: "
                + (tests == 2007 ? "all 2007 digits" : "the first " + tests + " digits") + " of zip.test;"
                + " candidates: the " + (s.labelled() + s.unlabelled()) + " training bottom halves, for every"
                + " method. Gaussian kernels exp(-||x - x'||²/(2σ²)); output kernel and RBF loss at σ_l² = 40 on ESL's"
                + " [-1, 1] pixels, i.e. BM22's σ² = 10 on pixels rescaled to [0, 1] (the loss at σ² = 10 on"
                + " [-1, 1] is shown beside)."
                + " Selection by " + s.repetitions() + " repeated random 80/20 sub-samplings of the labelled set"
                + " (the unlabelled outputs and candidates stay available to every sub-sample), best mean"
                + " validation RBF loss, then refit on the whole training set: IOKR, KDE (kPCA, p = 64) and OEL0"
                + " (c = 1, p = 64; with c = 1 the unlabelled block has zero weight, so m = 0) over σ_k ∈ "
                + s.sigmas() + " and λ ∈ " + s.lambdas() + "; OEL with OEL0's σ_k and λ over c ∈ " + s.cs()
                + " and p ∈ " + s.ps() + ". The test set is never used for selection. Seed " + context.seed()
                + (context.quick() ? "; quick protocol (smaller sets and grids)." : ".");
    }

    private static List<String> notes(List<Outcome> outcomes, double meanLoss) {
        Map<String, Double> loss = new LinkedHashMap<>();
        outcomes.forEach(o -> loss.put(o.label(), Stats.mean(o.losses())));
        List<String> notes = new ArrayList<>();
        notes.add(String.format(Locale.ROOT, "Ours: IOKR %.4f, KDE %.4f, OEL0 %.4f, OEL %.4f (mean bottom half %.4f)."
                        + " BM22's order is OEL < OEL0 < IOKR < KDE; ours: %s.", loss.get("IOKR"), loss.get("KDE"),
                loss.get("OEL0"), loss.get("OEL"), meanLoss, loss.entrySet().stream()
                        .sorted(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
                        .reduce((a, b) -> a + " < " + b).orElse("")));
        notes.add("Width: BM22's σ²_output = 10 read literally on ESL's [-1, 1] pixels gives every method a loss"
                + " near 2 (typical squared errors of 40-60 against 2σ² = 20; last loss column), far from BM22's"
                + " 0.72-0.80. Read on pixels in [0, 1] (σ² = 40 on [-1, 1]) it reproduces BM22's IOKR loss, so"
                + " BM22 most likely rescaled the pixels to [0, 1] (ESL's files hold [-1, 1]); we train and"
                + " score at that width.");
        notes.add("Differences from BM22: they select on the validation \"MSE\" (most likely the surrogate"
                + " feature-space MSE of their Fig. 2), we on the RBF loss at the same width; their grids are not"
                + " published, ours are listed above; OEL's σ_k and λ are taken from OEL0's selection instead of a"
                + " joint grid, to keep the run short; the randomized eigensolver (oversampling 10, 2 power"
                + " iterations) replaces their exact SVD. BM22's ± is a standard error; ours is the standard"
                + " error over test digits. SPEN is not part of OKL and is not run.");
        notes.add("Times are wall-clock on this machine, one run each: selection (all grid points and"
                + " sub-samplings), the final fit with the chosen values, and prediction with decoding over all"
                + " candidates. BM22 Table 11 (hardware not stated): IOKR 0.1 s / 9 s, OEL0 0.4 s / 1 s,"
                + " OEL 37 s / 38 s (fit / decode).");
        return notes;
    }
}
