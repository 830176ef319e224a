package org.okl.experiments.usps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.experiments.Experiment;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.Grids;
import org.okl.experiments.HeldOut;
import org.okl.filters.Filters;

/**
 * Brogat-Motte et al. 2022, Table 3, Fig. 2 and the USPS row of Table 11: USPS top half to bottom half with n = 1000
 * labelled digits (the first of zip.train), m = 6000 unlabelled bottom halves (the last 6000 of zip.train), tested on
 * zip.test (2007) with the 7000 training bottom halves as candidates; IOKR, kPCA KDE (p = 64), OEL0 (c = 1, m = 0) and
 * OEL (c and m), every one choosing its input width, λ (and p, c) by the same 5 repeated 80/20 sub-samplings of the
 * labelled set. The output width is BM22's σ² = 10, read on ESL's [-1, 1] pixels as distributed.
 */
public final class OelUspsExperiment implements Experiment {
    /** The output-kernel and loss width: BM22's σ²_output = 10 on ESL's [-1, 1] pixels as distributed. */
    static final double SIGMA_L = Math.sqrt(10);
    /** The width of the other reading, σ² = 10 on pixels rescaled to [0, 1] (σ² = 40 on [-1, 1]), scored beside. */
    static final double RESCALED_SIGMA_L = Math.sqrt(40);

    /**
     * The protocol settings of a full or quick run.
     *
     * @param labelled    labelled digits (the first rows of zip.train)
     * @param unlabelled  unlabelled bottom halves (the last rows of zip.train)
     * @param test        test digits (the first rows of zip.test)
     * @param repetitions random 80/20 sub-samplings of the selection
     * @param lambdas     the λ path
     * @param sigmas      input widths
     * @param cs          OEL's c values
     * @param ps          the p values of OEL0 and OEL
     * @param figLambdas  Fig. 2's λ axis
     * @param figPs       Fig. 2's p axis
     * @param timings     timed repeats of every final fit and prediction (after one untimed)
     * @param draws       draws of the training digits, the verdicts' units (the first is BM22's split)
     */
    record Settings(int labelled, int unlabelled, int test, int repetitions, List<Double> lambdas,
            List<Double> sigmas, List<Double> cs, List<Integer> ps, List<Double> figLambdas, List<Integer> figPs,
            int timings, int draws) {
    }

    /** Every grid of the experiment, fixed before it runs in {@code grids/oel-usps.grids}. */
    static final Grids GRIDS = Grids.of("oel-usps");

    /** Draws of the full protocol: BM22's split and random partitions of zip.train (see {@link OelUspsDraws}). */
    static final int DRAWS = 3;

    /** The full protocol (BM22 Table 3). */
    static final Settings FULL = settings(1000, 6000, 2007, 5, false,
            org.okl.experiments.verdict.TimingTest.repeatsToDecide(3), DRAWS);
    /** The quick protocol. */
    static final Settings QUICK = settings(300, 1000, 300, 2, true, 2, 2);

    private static Settings settings(int labelled, int unlabelled, int test, int repetitions, boolean quick,
            int timings, int draws) {
        return new Settings(labelled, unlabelled, test, repetitions, GRIDS.get("lambdas", quick),
                GRIDS.get("sigmas", quick), GRIDS.get("cs", quick), GRIDS.integers("ps", quick),
                GRIDS.get("figLambdas", quick), GRIDS.integers("figPs", quick), timings, draws);
    }


    /**
     * Grid-edge findings: every chosen value that sits on the smallest or the largest value of its grid in the file
     * (core's search looks beyond a numeric edge on its own; its note says what it tried, and a value beyond the
     * file's grid is reported as well).
     */
    static List<String> edgeFindings(String method, Map<String, Object> chosen, Settings s) {
        Map<String, List<Double>> grids = new LinkedHashMap<>();
        grids.put("filter.lambda", s.lambdas());
        if (method.equals("IOKR")) {
            grids.put("kernel.sigma", s.sigmas());
        }
        if (method.startsWith("OEL")) {
            grids.put("output.p", s.ps().stream().map(Integer::doubleValue).toList());
        }
        if (method.equals("OEL")) {
            grids.put("output.c", s.cs());
        }
        return Grids.findings(method, chosen, grids);
    }

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

    /** The methods, in table order. */
    static final List<String> METHODS = List.of("IOKR", "KDE", "OEL0", "OEL");

    @Override
    public String name() {
        return "oel-usps";
    }

    @Override
    public List<String> datasets(boolean quick) {
        return List.of("usps-halves");
    }

    @Override
    public String description() {
        return "Brogat-Motte et al. 2022 Table 3, Fig. 2, Table 11 (USPS): n = 1000 + m = 6000 unlabelled outputs,"
                + " IOKR/KDE/OEL0/OEL";
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

    /** The output member of a method. */
    static String output(String method, double c, int p) {
        String kernel = "{\"name\": \"gaussian\", \"sigma\": " + SIGMA_L + "}";
        return switch (method) {
            case "IOKR" -> "{\"name\": \"kernel\", \"kernel\": " + kernel + "}";
            case "KDE" -> "{\"name\": \"kpca\", \"kernel\": " + kernel + ", \"components\": 64}";
            case "OEL0", "OEL" -> "{\"name\": \"oel\", \"kernel\": " + kernel + ", \"c\": " + c + ", \"p\": " + p
                    + ", \"svd\": \"randomized\"}";
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    /**
     * A method with σ_k, the λ path and its embedding parameters chosen by the sub-samplings over the given input
     * widths (IOKR chooses σ_k on the grid, the others take IOKR's, since the input kernel is the same ridge regression
     * in all four), the same λ path for all; OEL0 and OEL over the same p grid; OEL over c too.
     */
    static PipelineSpec selectedPipeline(String method, Settings s, List<Double> sigmas, long seed, Okl okl) {
        String preset = switch (method) {
            case "IOKR" -> "iokr";
            case "KDE" -> "kde-weston";
            default -> method.toLowerCase(Locale.ROOT);
        };
        String grid = "{\"kernel.sigma\": " + sigmas
                + (method.startsWith("OEL") ? ", \"output.p\": " + s.ps() : "")
                + (method.equals("OEL") ? ", \"output.c\": " + s.cs() : "") + "}";
        String json = "{\"preset\": \"" + preset + "\", \"kernel\": {\"name\": \"gaussian\", \"sigma\": "
                + sigmas.get(0) + "}, \"output\": " + output(method, method.equals("OEL0") ? 1.0 : s.cs().get(0),
                s.ps().get(0)) + ", \"filter\": {\"name\": \"tikhonov\", \"lambda\": " + s.lambdas() + "},"
                + " \"decoder\": {\"name\": \"candidates\", \"from\": \"train+unlabelled\"}, \"selection\": "
                + selectionJson(s, seed, grid) + "}";
        return PipelineFiles.parse(json, method + " (selected)", okl.registry());
    }

    /** OEL at fixed σ_k, λ, c and p (Fig. 2's sweep), or IOKR when {@code p} is 0. */
    static PipelineSpec fixedPipeline(double sigmaK, double lambda, double c, int p, Okl okl) {
        String method = p == 0 ? "IOKR" : "OEL";
        String json = "{\"preset\": \"" + method.toLowerCase(Locale.ROOT) + "\", \"kernel\": {\"name\": \"gaussian\","
                + " \"sigma\": " + sigmaK + "}, \"output\": " + output(method, c, p) + ", \"filter\": {\"name\":"
                + " \"tikhonov\", \"lambda\": " + lambda + "}, \"decoder\": {\"name\": \"candidates\", \"from\":"
                + " \"train+unlabelled\"}}";
        return PipelineFiles.parse(json, method + " (fixed)", okl.registry());
    }

    /** The pipeline with the chosen values fixed: one λ, no selection. */
    static PipelineSpec fixed(Model selected) {
        double lambda = ((Number) selected.provenance().chosen().get("filter.lambda")).doubleValue();
        return selected.spec().withFilter(Filters.tikhonov(lambda)).withSelection(null);
    }

    @Override
    public ExperimentResult run(ExperimentContext context) {
        Okl okl = context.okl();
        Settings s = context.quick() ? QUICK : FULL;
        UspsData data = UspsData.load(okl, context.seal());
        TrainingData train = trainingData(data.train(), s.labelled(), s.unlabelled());
        int[] testRows = UspsData.range(0, Math.min(s.test(), data.test().size()));
        HeldOut test = data.test().rows("the test digits", testRows);
        List<OelUspsDraws.Pending> draws = new java.util.ArrayList<>();
        for (int d = 1; d < s.draws(); d++) {
            draws.add(OelUspsDraws.fit(okl, s, data.train(), test.inputs(), d, context));
        }
        OelUspsRun run = new OelUspsRun(okl, s, train, test, context);
        return OelUspsReport.result(name(), s, run.run(draws), testRows.length, context);
    }
}
