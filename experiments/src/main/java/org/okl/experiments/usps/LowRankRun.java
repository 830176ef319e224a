package org.okl.experiments.usps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.linalg.Matrix;
import org.okl.bench.BenchTask;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.HeldOut;
import org.okl.experiments.IndependentCheck;
import org.okl.experiments.usps.KadriLowRankExperiment.Settings;
import org.okl.experiments.verdict.Comparison;
import org.okl.experiments.verdict.TimedRepeats;
import org.okl.solvers.kde.IncompleteCholesky;

/** One repetition of {@link KadriLowRankExperiment}, and its investigation sweep. */
final class LowRankRun {
    private static final String COND = "kde-conditional-covariance";
    private static final String CORTES = "kde-cortes";

    private final Okl okl;
    private final Settings s;
    private final UspsData data;
    private final HeldOut test;
    private final long seed;
    private final ExperimentContext context;

    /** @param test the sealed test rows, scored once for every repetition and the sweep */
    LowRankRun(Okl okl, Settings s, UspsData data, HeldOut test, long seed, ExperimentContext context) {
        this.okl = okl;
        this.s = s;
        this.data = data;
        this.test = test;
        this.seed = seed;
        this.context = context;
    }

    /**
     * One repetition's numbers.
     *
     * @param sigmaK      the chosen input width
     * @param epsilon     the chosen ε
     * @param lambda      the chosen λ of the exact conditional KDE
     * @param exact       test RBF loss of the exact conditional KDE on all N
     * @param cortesAll   test RBF loss of Cortes KDE on all N
     * @param cortes      Cortes KDE on n random examples, per n
     * @param lowRank     the low-rank conditional KDE at m1 = m2 = n on all N, per n
     * @param lowRankLambda the λ the low-rank model chose, per n
     * @param times       fit + prediction times (s) per method label, timed repeats (first repetition only)
     * @param load        the load average sampled around the timed repeats (not recorded without timings)
     * @param check       the independent computation (first repetition only)
     */
    record Repetition(double sigmaK, double epsilon, double lambda, double exact, double cortesAll,
            Map<Integer, Double> cortes, Map<Integer, Double> lowRank, Map<Integer, Double> lowRankLambda,
            Map<String, double[]> times, Comparison.Load load, String check) {
    }

    /** The training data of this repetition: N random training digits, their bottom halves also the candidates. */
    TrainingData training() {
        int[] rows = KadriLowRankExperiment.draw(data.train().size(), s.train(), seed);
        Matrix y = data.train().outputs().selectRows(rows);
        return TrainingData.builder(data.train().inputs().selectRows(rows), y).unlabelledOutputs(y).build();
    }

    /**
     * A repetition fitted and predicted, not yet scored: {@link #score} runs inside the test digits' one final
     * scoring, with every other repetition and the sweep.
     */
    final class Pending {
        private final double sigmaK;
        private final double epsilon;
        private final double lambda;
        private final Map<String, Matrix> predicted;
        private final Map<Integer, Double> lowRankLambda;
        private final Map<String, double[]> times;
        private final Comparison.Load load;
        private final LowRankCheck.Outcome check;

        Pending(double sigmaK, double epsilon, double lambda, Map<String, Matrix> predicted,
                Map<Integer, Double> lowRankLambda, Map<String, double[]> times, Comparison.Load load,
                LowRankCheck.Outcome check) {
            this.sigmaK = sigmaK;
            this.epsilon = epsilon;
            this.lambda = lambda;
            this.predicted = predicted;
            this.lowRankLambda = lowRankLambda;
            this.times = times;
            this.load = load;
            this.check = check;
        }

        double sigmaK() {
            return sigmaK;
        }

        double epsilon() {
            return epsilon;
        }

        /** The repetition's numbers, given the true bottom halves of the test rows. */
        Repetition score(Matrix y) {
            Map<Integer, Double> cortes = new LinkedHashMap<>();
            Map<Integer, Double> low = new LinkedHashMap<>();
            double exact = loss(y, predicted.get("exact"));
            double all = loss(y, predicted.get("cortes N"));
            for (int n : s.sizes()) {
                cortes.put(n, loss(y, predicted.get("cortes " + n)));
                low.put(n, loss(y, predicted.get("low " + n)));
            }
            String checkText = check == null ? "" : check.describe(y);
            context.progress().printf(Locale.ROOT, "kadri-lowrank: repetition %d: σ_k %s, ε %s, λ %s; exact %.4f,"
                            + " Cortes on N %.4f, low rank %s, Cortes on n %s%n", seed, Formats.compact(sigmaK),
                    Formats.compact(epsilon), Formats.compact(lambda), exact, all, low, cortes);
            context.progress().flush();
            return new Repetition(sigmaK, epsilon, lambda, exact, all, cortes, low, lowRankLambda, times, load,
                    checkText);
        }
    }

    Pending repetition(boolean first) {
        TrainingData all = training();
        Matrix testX = test.inputs();
        String grid = "{\"kernel.sigma\": " + s.sigmas() + ", \"operator.epsilon\": " + s.epsilons() + "}";
        Model selected = okl.pipeline(KadriLowRankExperiment.pipeline(COND, s.sigmas().get(0),
                KadriLowRankExperiment.SIGMA_L, s.lambdas(), s.epsilons().get(0), 0,
                KadriLowRankExperiment.selection("holdout", 0, KadriLowRankExperiment.SIGMA_L, seed, grid), okl))
                .fit(all);
        double sigmaK = ((Number) selected.provenance().chosen().get("kernel.sigma")).doubleValue();
        double epsilon = ((Number) selected.provenance().chosen().get("operator.epsilon")).doubleValue();
        double lambda = KadriLowRankExperiment.lambda(selected);
        Map<String, Matrix> predicted = new LinkedHashMap<>();
        Map<String, BenchTask> timed = new LinkedHashMap<>();
        predicted.put("exact", selected.predict(testX).outputs());
        Model cortesAll = okl.pipeline(cortes(sigmaK, KadriLowRankExperiment.SIGMA_L, all.size())).fit(all);
        predicted.put("cortes N", cortesAll.predict(testX).outputs());
        if (first) {
            timed.put("Cortes, n = N", KadriLowRankExperiment.task(okl, fixed(CORTES, sigmaK,
                    KadriLowRankExperiment.lambda(cortesAll), 0, 0), all, testX));
            timed.put("cond. covariance, exact", KadriLowRankExperiment.task(okl, fixed(COND, sigmaK, lambda, epsilon,
                    0), all, testX));
        }
        Map<Integer, Double> lowRankLambda = new LinkedHashMap<>();
        Model checked = null;
        for (int n : s.sizes()) {
            TrainingData part = KadriLowRankExperiment.subset(all, n, seed * 7919 + n);
            Model c = okl.pipeline(cortes(sigmaK, KadriLowRankExperiment.SIGMA_L, n)).fit(part);
            predicted.put("cortes " + n, c.predict(testX).outputs());
            Model low = okl.pipeline(lowRank(sigmaK, KadriLowRankExperiment.SIGMA_L, epsilon, n)).fit(all);
            lowRankLambda.put(n, KadriLowRankExperiment.lambda(low));
            predicted.put("low " + n, low.predict(testX).outputs());
            if (first) {
                timed.put("Cortes, n = " + n, KadriLowRankExperiment.task(okl, fixed(CORTES, sigmaK,
                        KadriLowRankExperiment.lambda(c), 0, 0), part, testX));
                timed.put("low rank, m = " + n, KadriLowRankExperiment.task(okl, fixed(COND, sigmaK,
                        KadriLowRankExperiment.lambda(low), epsilon, n), all, testX));
                if (n == s.sweepRank()) {
                    checked = low;
                }
            }
        }
        // the timed fits + predictions of the first repetition: one untimed run each, then interleaved repeats
        Map<String, double[]> times = new LinkedHashMap<>();
        TimedRepeats timer = TimedRepeats.system();
        if (!timed.isEmpty()) {
            timed.values().forEach(BenchTask::run);
            List<String> labels = List.copyOf(timed.keySet());
            double[][] t = timer.run(s.timings(), labels.stream().map(timed::get).toList());
            for (int k = 0; k < labels.size(); k++) {
                times.put(labels.get(k), t[k]);
            }
        }
        LowRankCheck.Outcome check = checked == null ? null : LowRankCheck.run(all, testX, sigmaK, epsilon,
                KadriLowRankExperiment.lambda(checked), s.sweepRank(), checked);
        context.progress().printf(Locale.ROOT, "kadri-lowrank: repetition %d fitted%n", seed);
        context.progress().flush();
        return new Pending(sigmaK, epsilon, lambda, predicted, lowRankLambda, times, timer.load(), check);
    }

    /**
     * The investigation: at several output widths σ_l and input widths (multiples of the chosen σ_k), Cortes KDE on
     * all N against the low-rank conditional KDE at rank {@code sweepRank}, each with its λ chosen on the training
     * digits, scored at that σ_l; and the share of the trace of K and of L that rank-{@code sweepRank} incomplete
     * Cholesky factors capture.
     *
     * @param sigmaL     the output widths
     * @param scale      the input-width multiples
     * @param cortes     Cortes on N, per (σ_l, scale) and repetition
     * @param lowRank    low rank, the same
     * @param inputTrace the captured share of trace(K) per scale (first repetition)
     * @param outputTrace the captured share of trace(L) per σ_l (first repetition)
     */
    record Sweep(List<Double> sigmaL, List<Double> scale, double[][][] cortes, double[][][] lowRank,
            double[] inputTrace, double[] outputTrace) {
    }

    /** The sweep fitted and predicted, scored inside the test digits' one final scoring. */
    record PendingSweep(List<Double> sigmaL, List<Double> scale, Matrix[][][] cortes, Matrix[][][] lowRank,
            double[] inputTrace, double[] outputTrace) {

        Sweep score(Okl okl, Matrix y) {
            int count = cortes.length == 0 || cortes[0].length == 0 ? 0 : cortes[0][0].length;
            double[][][] c = new double[sigmaL.size()][scale.size()][count];
            double[][][] l = new double[sigmaL.size()][scale.size()][count];
            for (int a = 0; a < sigmaL.size(); a++) {
                for (int b = 0; b < scale.size(); b++) {
                    for (int r = 0; r < count; r++) {
                        c[a][b][r] = RbfLosses.mean(okl, sigmaL.get(a), y, cortes[a][b][r]);
                        l[a][b][r] = RbfLosses.mean(okl, sigmaL.get(a), y, lowRank[a][b][r]);
                    }
                }
            }
            return new Sweep(sigmaL, scale, c, l, inputTrace, outputTrace);
        }
    }

    PendingSweep sweep(List<Pending> reps) {
        int count = Math.min(2, reps.size());
        List<Double> sl = s.sweepSigmaL();
        List<Double> sc = s.sweepScale();
        Matrix[][][] cortes = new Matrix[sl.size()][sc.size()][count];
        Matrix[][][] low = new Matrix[sl.size()][sc.size()][count];
        double[] inputTrace = new double[sc.size()];
        double[] outputTrace = new double[sl.size()];
        Matrix testX = test.inputs();
        for (int r = 0; r < count; r++) {
            LowRankRun run = new LowRankRun(okl, s, data, test, seed + r, context);
            TrainingData all = run.training();
            Pending rep = reps.get(r);
            for (int a = 0; a < sl.size(); a++) {
                for (int b = 0; b < sc.size(); b++) {
                    double sigmaK = sc.get(b) * rep.sigmaK();
                    cortes[a][b][r] = okl.pipeline(cortes(sigmaK, sl.get(a), all.size())).fit(all).predict(testX)
                            .outputs();
                    low[a][b][r] = okl.pipeline(lowRank(sigmaK, sl.get(a), rep.epsilon(), s.sweepRank())).fit(all)
                            .predict(testX).outputs();
                    if (r == 0) {
                        inputTrace[b] = captured(gram(all.inputs(), sigmaK), s.sweepRank());
                        outputTrace[a] = captured(gram(all.outputs(), sl.get(a)), s.sweepRank());
                    }
                }
            }
            context.progress().printf("kadri-lowrank: sweep, repetition %d fitted%n", r + 1);
            context.progress().flush();
        }
        return new PendingSweep(sl, sc, cortes, low, inputTrace, outputTrace);
    }

    private double loss(Matrix y, Matrix predicted) {
        return RbfLosses.mean(okl, KadriLowRankExperiment.SIGMA_L, y, predicted);
    }

    /** Cortes KDE with λ chosen by k-fold cross-validation (k = min(5, n)) on its own training data. */
    private PipelineSpec cortes(double sigmaK, double sigmaL, int n) {
        return KadriLowRankExperiment.pipeline(CORTES, sigmaK, sigmaL, s.lambdas(), 0, 0,
                KadriLowRankExperiment.selection("kfold", Math.min(5, n), sigmaL, seed, null), okl);
    }

    /** The low-rank conditional KDE with λ chosen by a 20 % hold-out of the N training digits. */
    private PipelineSpec lowRank(double sigmaK, double sigmaL, double epsilon, int rank) {
        return KadriLowRankExperiment.pipeline(COND, sigmaK, sigmaL, s.lambdas(), epsilon, rank,
                KadriLowRankExperiment.selection("holdout", 0, sigmaL, seed, null), okl);
    }

    private PipelineSpec fixed(String preset, double sigmaK, double lambda, double epsilon, int rank) {
        return KadriLowRankExperiment.pipeline(preset, sigmaK, KadriLowRankExperiment.SIGMA_L, List.of(lambda),
                epsilon, rank, null, okl);
    }

    /** The Gaussian Gram matrix of the rows of x. */
    static Matrix gram(Matrix x, double sigma) {
        int n = x.rows();
        double[][] rows = x.toRows();
        Matrix g = Matrix.zeros(n, n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double d = 0;
                for (int c = 0; c < rows[i].length; c++) {
                    double t = rows[i][c] - rows[j][c];
                    d += t * t;
                }
                double v = Math.exp(-d / (2 * sigma * sigma));
                g.set(i, j, v);
                g.set(j, i, v);
            }
        }
        return g;
    }

    /** The share of trace(M) that a rank-r pivoted incomplete Cholesky factor G captures, trace(G Gᵀ) / trace(M). */
    static double captured(Matrix m, int rank) {
        Matrix g = IncompleteCholesky.factor(IncompleteCholesky.of(m), rank, 0).factor();
        double s = 0;
        for (double v : g.data()) {
            s += v * v;
        }
        double trace = 0;
        for (double v : m.diagonalValues()) {
            trace += v;
        }
        return s / trace;
    }

    /** The names of the methods timed, for the report. */
    static List<String> timed(Settings s) {
        List<String> out = new ArrayList<>(List.of("Cortes, n = N", "cond. covariance, exact"));
        for (int n : s.sizes()) {
            out.add("Cortes, n = " + n);
            out.add("low rank, m = " + n);
        }
        return out;
    }
}
