package org.okl.experiments.usps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.bench.BenchTask;
import org.okl.experiments.verdict.Comparison;
import org.okl.experiments.verdict.TimedRepeats;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.Provenance;
import org.okl.core.TrainingData;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.HeldOut;
import org.okl.experiments.usps.OelUspsExperiment.Settings;

/**
 * One run of {@link OelUspsExperiment}: every method selected on the labelled digits, refitted with its choice, timed
 * (fit and prediction, interleaved repeats of the bench harness's timer), Fig. 2's λ × p sweep of OEL, and the sealed
 * test digits scored once.
 */
final class OelUspsRun {
    private final Okl okl;
    private final Settings s;
    private final TrainingData train;
    private final HeldOut test;
    private final ExperimentContext context;

    /**
     * @param test the sealed test digits, scored once for every method and every cell of Fig. 2's descriptive sweep
     */
    OelUspsRun(Okl okl, Settings s, TrainingData train, HeldOut test, ExperimentContext context) {
        this.okl = okl;
        this.s = s;
        this.train = train;
        this.test = test;
        this.context = context;
    }

    /**
     * One method's outcome.
     *
     * @param label       the method
     * @param chosen      the chosen values
     * @param losses      RBF loss per test digit at σ_l
     * @param rescaled    RBF loss per test digit at the [0, 1]-pixel reading of BM22's width
     * @param surrogate   the surrogate MSE ‖G*G h(x) − ψ(y)‖² per test digit (null for KDE)
     * @param selectNanos the selection's wall time (one run)
     * @param fit         the final fit's times (s), one per timed repeat
     * @param predict     the prediction's times (s), decoding over all candidates, one per timed repeat
     * @param curve       the validation curve
     */
    record Outcome(String label, Map<String, Object> chosen, double[] losses, double[] rescaled, double[] surrogate,
            long selectNanos, double[] fit, double[] predict, List<Provenance.CurvePoint> curve) {
    }

    /**
     * Everything the run produced.
     *
     * @param outcomes   per method
     * @param meanLosses the losses of the mean training bottom half (reference), at σ_l and rescaled
     * @param fig2       Fig. 2: test surrogate MSE of OEL (c fixed) per λ (rows) and p (columns)
     * @param fig2Iokr   Fig. 2: test surrogate MSE of IOKR per λ
     * @param fig2C      the c of Fig. 2
     * @param fig2Sigma  the σ_k of Fig. 2
     * @param shown      the first test digits: inputs, truth and OEL's completions
     * @param load       the load of other processes around every timed repeat
     * @param draws      per method, {mean test RBF loss, mean test surrogate MSE (NaN for KDE)} per draw of the
     *                   training digits, this run's (BM22's split) first
     */
    record Results(List<Outcome> outcomes, double[][] meanLosses, double[][] fig2, double[] fig2Iokr, double fig2C,
            double fig2Sigma, Matrix[] shown, Comparison.Load load, Map<String, double[][]> draws) {
    }

    /** The run on BM22's split, the further draws (fitted, not scored) scored in the same one final scoring. */
    Results run(List<OelUspsDraws.Pending> further) {
        Map<String, Long> selectNanos = new LinkedHashMap<>();
        Map<String, Model> models = selectEvery(okl, s, train, context.seed(), "", selectNanos, context);
        // final fits with the chosen values, timed with the bench harness's timer, repeats interleaved over methods
        Map<String, double[]> fitTimes = new LinkedHashMap<>();
        Map<String, double[]> predictTimes = new LinkedHashMap<>();
        Map<String, Model> finals = new LinkedHashMap<>();
        for (String method : OelUspsExperiment.METHODS) {
            finals.put(method, okl.pipeline(OelUspsExperiment.fixed(models.get(method))).fit(train));
            finals.get(method).predict(test.inputs());
        }
        List<BenchTask> tasks = new ArrayList<>();
        for (String method : OelUspsExperiment.METHODS) {
            var spec = OelUspsExperiment.fixed(models.get(method));
            Model m = finals.get(method);
            tasks.add(() -> okl.pipeline(spec).fit(train));
            tasks.add(() -> m.predict(test.inputs()));
        }
        TimedRepeats timer = TimedRepeats.system();
        double[][] t = timer.run(s.timings(), tasks);
        for (int k = 0; k < OelUspsExperiment.METHODS.size(); k++) {
            fitTimes.put(OelUspsExperiment.METHODS.get(k), t[2 * k]);
            predictTimes.put(OelUspsExperiment.METHODS.get(k), t[2 * k + 1]);
        }
        Map<String, Matrix> predicted = new LinkedHashMap<>();
        Map<String, Matrix> weights = new LinkedHashMap<>();
        finals.forEach((method, m) -> {
            predicted.put(method, m.predict(test.inputs()).outputs());
            if (!method.equals("KDE")) {
                weights.put(method, m.predictRegression(test.inputs()));
            }
        });
        Map<String, double[]> norms = new LinkedHashMap<>();
        weights.forEach((method, h) -> norms.put(method, embeddedNorms(finals.get(method).embedding(), h,
                train.outputs())));

        Fig2Models fig2 = fig2(models.get("OEL"));
        Matrix mean = UspsData.meanRows(train.outputs(), test.size());
        int shown = Math.min(8, test.size());
        List<Outcome> outcomes = new ArrayList<>();
        double[][] meanLosses = new double[2][];
        Matrix[] figure = new Matrix[3];
        Fig2[] fig2Scores = new Fig2[1];
        List<Map<String, double[]>> scored = new ArrayList<>();
        test.finalScoring(y -> {
            for (String method : OelUspsExperiment.METHODS) {
                Model m = finals.get(method);
                Matrix p = predicted.get(method);
                double[] surrogate = weights.containsKey(method) ? surrogate(m.embedding(), weights.get(method),
                        norms.get(method), y) : null;
                outcomes.add(new Outcome(method, models.get(method).provenance().chosen(),
                        RbfLosses.perPoint(OelUspsExperiment.SIGMA_L, y, p),
                        RbfLosses.perPoint(OelUspsExperiment.RESCALED_SIGMA_L, y, p), surrogate,
                        selectNanos.get(method), fitTimes.get(method), predictTimes.get(method),
                        models.get(method).provenance().validationCurve()));
            }
            meanLosses[0] = RbfLosses.perPoint(OelUspsExperiment.SIGMA_L, y, mean);
            meanLosses[1] = RbfLosses.perPoint(OelUspsExperiment.RESCALED_SIGMA_L, y, mean);
            figure[0] = test.inputs().rowRange(0, shown);
            figure[1] = y.rowRange(0, shown);
            figure[2] = predicted.get("OEL").rowRange(0, shown);
            fig2Scores[0] = fig2.score(y);
            further.forEach(p -> scored.add(p.score(test.inputs(), y)));
            return null;
        });
        Fig2 f = fig2Scores[0];
        Map<String, double[][]> draws = new LinkedHashMap<>();
        for (Outcome o : outcomes) {
            double[][] v = new double[1 + scored.size()][];
            v[0] = new double[] {org.okl.experiments.table.Stats.mean(o.losses()), o.surrogate() == null
                    ? Double.NaN : org.okl.experiments.table.Stats.mean(o.surrogate())};
            for (int d = 0; d < scored.size(); d++) {
                v[d + 1] = scored.get(d).get(o.label());
            }
            draws.put(o.label(), v);
        }
        return new Results(outcomes, meanLosses, f.oel(), f.iokr(), f.c(), f.sigma(), figure, timer.load(), draws);
    }

    /** Fig. 2's sweep results. */
    private record Fig2(double[][] oel, double[] iokr, double c, double sigma) {
    }

    /** Fig. 2's fitted cells, scored inside the test digits' one final scoring. */
    private final class Fig2Models {
        private final Model[][] oel;
        private final Model[] iokr;
        private final double c;
        private final double sigma;

        Fig2Models(Model[][] oel, Model[] iokr, double c, double sigma) {
            this.oel = oel;
            this.iokr = iokr;
            this.c = c;
            this.sigma = sigma;
        }

        Fig2 score(Matrix y) {
            double[][] o = new double[oel.length][];
            double[] i = new double[iokr.length];
            for (int a = 0; a < oel.length; a++) {
                i[a] = meanSurrogate(iokr[a], y);
                o[a] = new double[oel[a].length];
                for (int b = 0; b < oel[a].length; b++) {
                    o[a][b] = meanSurrogate(oel[a][b], y);
                }
            }
            return new Fig2(o, i, c, sigma);
        }
    }

    /**
     * BM22 Fig. 2: the test surrogate MSE of OEL at c = the smallest c of the grid (BM22: 0.15) over λ × p, at the σ_k
     * OEL chose, and of IOKR over λ. Every cell is a model of its own, fitted here and scored in the test digits' one
     * final scoring with every method; nothing is chosen on these numbers.
     */
    private Fig2Models fig2(Model oelSelected) {
        double sigma = ((Number) oelSelected.provenance().chosen().get("kernel.sigma")).doubleValue();
        double c = s.cs().get(0);
        Model[][] oel = new Model[s.figLambdas().size()][s.figPs().size()];
        Model[] iokr = new Model[s.figLambdas().size()];
        for (int a = 0; a < s.figLambdas().size(); a++) {
            double lambda = s.figLambdas().get(a);
            iokr[a] = okl.pipeline(OelUspsExperiment.fixedPipeline(sigma, lambda, 0, 0, okl)).fit(train);
            for (int b = 0; b < s.figPs().size(); b++) {
                int p = s.figPs().get(b);
                oel[a][b] = okl.pipeline(OelUspsExperiment.fixedPipeline(sigma, lambda, c, p, okl)).fit(train);
            }
            context.progress().printf(Locale.ROOT, "oel-usps: Fig. 2, λ = %s fitted%n", Formats.compact(lambda));
            context.progress().flush();
        }
        return new Fig2Models(oel, iokr, c, sigma);
    }

    private double meanSurrogate(Model m, Matrix y) {
        return meanSurrogate(m, test.inputs(), train.outputs(), y);
    }

    /** The mean test surrogate MSE of a model fitted on these labelled outputs (see {@link #surrogate}). */
    static double meanSurrogate(Model m, Matrix testX, Matrix labelledOutputs, Matrix y) {
        Matrix h = m.predictRegression(testX);
        double[] norms = embeddedNorms(m.embedding(), h, labelledOutputs);
        return org.okl.experiments.table.Stats.mean(surrogate(m.embedding(), h, norms, y));
    }

    /**
     * Every method selected and fitted on {@code train} in table order, IOKR first choosing σ_k and the others taking
     * it; each selection's wall time goes to {@code nanos}, and its choice to the progress stream.
     *
     * @param label what the progress lines name before the method ("" for the main run, "draw d, " for a draw)
     */
    static Map<String, Model> selectEvery(Okl okl, Settings s, TrainingData train, long seed, String label,
            Map<String, Long> nanos, ExperimentContext context) {
        Map<String, Model> models = new LinkedHashMap<>();
        List<Double> sigmas = s.sigmas();
        for (String method : OelUspsExperiment.METHODS) {
            long t0 = System.nanoTime();
            Model selected = okl.pipeline(OelUspsExperiment.selectedPipeline(method, s, sigmas, seed, okl))
                    .fit(train);
            if (method.equals("IOKR")) {
                sigmas = List.of(((Number) selected.provenance().chosen().get("kernel.sigma")).doubleValue());
            }
            nanos.put(method, System.nanoTime() - t0);
            models.put(method, selected);
            context.progress().printf(Locale.ROOT, "oel-usps: %s%s chose %s (%.1f s)%n", label, method,
                    selected.provenance().chosen(), (System.nanoTime() - t0) / 1e9);
            context.progress().flush();
        }
        return models;
    }

    /**
     * ‖G h(x_i)‖² for every prediction: with D(h, y) = l(y, y) − 2⟨G h, G ψ(y)⟩ the embedding's candidate criterion
     * and h the weights over the n labelled outputs y_j, ⟨G h, G ψ(y_j)⟩ = (l(y_j, y_j) − D(h, y_j)) / 2 and
     * G h = Σ_j h_j G ψ(y_j). For IOKR, G is the identity of the output feature space.
     */
    static double[] embeddedNorms(FittedOutputEmbedding embedding, Matrix h, Matrix labelledOutputs) {
        Matrix d = embedding.candidateDistances(h, labelledOutputs);
        double[] out = new double[h.rows()];
        for (int i = 0; i < h.rows(); i++) {
            double s = 0;
            for (int j = 0; j < h.cols(); j++) {
                s += h.get(i, j) * (1 - d.get(i, j)) / 2;
            }
            out[i] = s;
        }
        return out;
    }

    /**
     * BM22 Fig. 2's test MSE ‖G*G h(x) − ψ(y)‖² = ‖G h‖² + l(y, y) − 2⟨G h, G ψ(y)⟩ per test digit (l(y, y) = 1 for a
     * Gaussian output kernel, included in the candidate criterion D).
     */
    static double[] surrogate(FittedOutputEmbedding embedding, Matrix h, double[] norms, Matrix truth) {
        double[] out = new double[truth.rows()];
        int block = 256;
        for (int from = 0; from < truth.rows(); from += block) {
            int to = Math.min(truth.rows(), from + block);
            Matrix d = embedding.candidateDistances(h.rowRange(from, to), truth.rowRange(from, to));
            for (int i = from; i < to; i++) {
                out[i] = norms[i] + d.get(i - from, i - from);
            }
        }
        return out;
    }
}
