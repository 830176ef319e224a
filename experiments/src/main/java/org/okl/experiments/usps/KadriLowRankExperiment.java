package org.okl.experiments.usps;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.bench.BenchTask;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineFiles;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.select.LabelledSplit;
import org.okl.experiments.Experiment;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.Grids;
import org.okl.experiments.HeldOut;
import org.okl.experiments.table.Stats;

/**
 * Kadri et al. 2013 Fig. 2 as K13 state it, on USPS digits instead of their faces: the conditional-covariance KDE
 * with incomplete-Cholesky factors of rank m1 = m2 = n fitted on all N training examples, against Cortes KDE fitted
 * on n examples drawn at random from the N; error and time against n, the right-most point being Cortes on all N.
 * Every method decodes over the same N training outputs. σ_k and ε are chosen once per repetition by a 20 % hold-out
 * of the N training digits for the exact conditional KDE; every model's λ is chosen on its own training data.
 */
public final class KadriLowRankExperiment implements Experiment {
    /** Output-kernel and loss width (K13 USPS, σ_l = 10). */
    static final double SIGMA_L = 10;

    /**
     * The protocol settings of a full or quick run.
     *
     * @param train       N training digits (drawn at random from zip.train in every repetition)
     * @param test        test digits (the first rows of zip.test)
     * @param sizes       n = m1 = m2, below N
     * @param repetitions draws of the N training digits (and of Cortes's n)
     * @param lambdas     the λ path
     * @param sigmas      input widths of the selection
     * @param epsilons    ε values of the selection
     * @param timings     timed repeats of every fit + prediction (first repetition)
     * @param sweepSigmaL output widths of the investigation
     * @param sweepScale  input widths of the investigation, as multiples of the chosen σ_k
     * @param sweepRank   the rank of the investigation (K13's claim: 30)
     */
    record Settings(int train, int test, List<Integer> sizes, int repetitions, List<Double> lambdas,
            List<Double> sigmas, List<Double> epsilons, int timings, List<Double> sweepSigmaL,
            List<Double> sweepScale, int sweepRank) {
    }

    /** Every grid of the experiment, fixed before it runs in {@code grids/kadri-lowrank.grids}. */
    static final Grids GRIDS = Grids.of("kadri-lowrank");

    /** The full protocol: K13's 1,200 training examples. */
    static final Settings FULL = settings(1200, 2007, 3, false,
            org.okl.experiments.verdict.TimingTest.repeatsToDecide(1));
    /** The quick protocol. */
    static final Settings QUICK = settings(300, 200, 2, true, 2);

    private static Settings settings(int train, int test, int repetitions, boolean quick, int timings) {
        return new Settings(train, test, GRIDS.integers("sizes", quick), repetitions, GRIDS.get("lambdas", quick),
                GRIDS.get("sigmas", quick), GRIDS.get("epsilons", quick), timings, GRIDS.get("sweepSigmaL", quick),
                GRIDS.get("sweepScale", quick), 30);
    }

    @Override
    public String name() {
        return "kadri-lowrank";
    }

    @Override
    public List<String> datasets(boolean quick) {
        return List.of("usps-halves");
    }

    @Override
    public String description() {
        return "Kadri et al. 2013 Fig. 2 on USPS: low-rank conditional KDE (m1 = m2 = n, all N examples) against"
                + " Cortes KDE on n of the N examples, error and time against n";
    }

    /**
     * A KDE pipeline: {@code rank} 0 is exact; decoding over the unlabelled outputs (the N training bottom halves);
     * {@code lambdas} of more than one value are chosen by {@code selection} (JSON) on the training data.
     */
    static PipelineSpec pipeline(String preset, double sigmaK, double sigmaL, List<Double> lambdas, double epsilon,
            int rank, String selection, Okl okl) {
        return pipeline(preset, sigmaK, "{\"name\": \"kernel\", \"kernel\": {\"name\": \"gaussian\", \"sigma\": "
                + sigmaL + "}}", lambdas, epsilon, rank, selection, okl);
    }

    /** The same with the output member given as JSON (K13's face kernels: a linear output kernel). */
    static PipelineSpec pipeline(String preset, double sigmaK, String output, List<Double> lambdas, double epsilon,
            int rank, String selection, Okl okl) {
        StringBuilder json = new StringBuilder("{\"preset\": \"").append(preset).append("\", ")
                .append("\"kernel\": {\"name\": \"gaussian\", \"sigma\": ").append(sigmaK).append("}, ")
                .append("\"output\": ").append(output).append(", \"filter\": {\"name\": \"tikhonov\", \"lambda\": ")
                .append(lambdas.size() == 1 ? String.valueOf(lambdas.get(0)) : lambdas.toString())
                .append("}, \"decoder\": {\"name\": \"candidates\", \"from\": \"unlabelled\"}");
        if (preset.equals("kde-conditional-covariance")) {
            json.append(", \"operator\": {\"name\": \"conditional-covariance\", \"epsilon\": ").append(epsilon)
                    .append("}");
        }
        if (rank > 0) {
            json.append(", \"approximation\": {\"name\": \"incomplete-cholesky\", \"rank\": ").append(rank)
                    .append(", \"outputRank\": ").append(rank).append("}");
        }
        if (selection != null) {
            json.append(", \"selection\": ").append(selection);
        }
        return PipelineFiles.parse(json.append("}").toString(), preset + " rank " + rank, okl.registry());
    }

    /** The selection member: a 20 % hold-out (or k-fold for small n) on the RBF loss at σ_l. */
    static String selection(String method, int folds, double sigmaL, long seed, String grid) {
        return selection(method, folds, "{\"name\": \"rbf-loss\", \"sigma\": " + sigmaL + "}", seed, grid);
    }

    /** The same on the metric given as JSON. */
    static String selection(String method, int folds, String metric, long seed, String grid) {
        return "{\"method\": \"" + method + "\"" + (method.equals("kfold") ? ", \"folds\": " + folds
                : ", \"fraction\": 0.2") + ", \"metric\": " + metric + ", \"seed\": " + seed
                + (grid == null ? "" : ", \"grid\": " + grid) + "}";
    }

    /** {@code count} of {@code size} rows drawn at random (sorted), the same for the same seed. */
    static int[] draw(int size, int count, long seed) {
        return LabelledSplit.of(size, count, seed).labelled();
    }

    /** The first {@code count} rows of a training set, as TrainingData with the candidates as unlabelled outputs. */
    static TrainingData subset(TrainingData all, int count, long seed) {
        int[] rows = draw(all.size(), count, seed);
        return TrainingData.builder(all.inputs().selectRows(rows), all.outputs().selectRows(rows))
                .unlabelledOutputs(all.unlabelledOutputs().orElseThrow()).build();
    }

    @Override
    public ExperimentResult run(ExperimentContext context) {
        Okl okl = context.okl();
        Settings s = context.quick() ? QUICK : FULL;
        UspsData data = UspsData.load(okl, context.seal());
        int[] testRows = UspsData.range(0, Math.min(s.test(), data.test().size()));
        HeldOut test = data.test().rows("the test digits", testRows);
        List<LowRankRun.Pending> pending = new ArrayList<>();
        List<SquaredLossArm.Pending> squared = new ArrayList<>();
        for (int r = 0; r < s.repetitions(); r++) {
            LowRankRun run = new LowRankRun(okl, s, data, test, context.seed() + r, context);
            LowRankRun.Pending p = run.repetition(r == 0);
            pending.add(p);
            squared.add(SquaredLossArm.fit(okl, s, run.training(), test.inputs(), p.sigmaK(), context.seed() + r));
            context.progress().printf("kadri-lowrank: repetition %d, linear output kernel fitted%n", r + 1);
            context.progress().flush();
        }
        LowRankRun.PendingSweep fitted = new LowRankRun(okl, s, data, test, context.seed(), context).sweep(pending);
        // every repetition and every cell of the sweep is fitted: the test digits' one scoring
        List<LowRankRun.Repetition> reps = new ArrayList<>();
        List<double[]> squaredErrors = new ArrayList<>();
        LowRankRun.Sweep sweep = test.finalScoring(y -> {
            pending.forEach(p -> reps.add(p.score(y)));
            squared.forEach(p -> squaredErrors.add(p.score(y)));
            return fitted.score(okl, y);
        });
        return KadriLowRankReport.result(name(), s, reps, sweep, squaredErrors, testRows.length, context);
    }

    /** One fit + prediction of a pipeline, the unit of the timed repeats (interleaved by {@code TimedRepeats}). */
    static BenchTask task(Okl okl, PipelineSpec spec, TrainingData train, Matrix testX) {
        return () -> okl.pipeline(spec).fit(train).predict(testX);
    }

    /** A number as printed in the tables. */
    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    /** The chosen λ of a fitted model. */
    static double lambda(Model m) {
        return ((Number) m.provenance().chosen().get("filter.lambda")).doubleValue();
    }
}
