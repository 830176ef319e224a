package org.okl.experiments.usps;

import java.util.LinkedHashMap;
import java.util.Map;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.TrainingData;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.table.Stats;
import org.okl.experiments.usps.OelUspsExperiment.Settings;

/**
 * The units of oel-usps's verdicts (issue 39): draws of the training data, never the test digits of one fit. Draw 0 is
 * BM22's split (the first {@code labelled} digits of zip.train labelled, the last {@code unlabelled} unlabelled);
 * every further draw partitions zip.train at random (seeded) into as many labelled and unlabelled digits. In every
 * draw each method is selected and fitted as in the main run (IOKR chooses σ_k, the others take it) on that draw's
 * digits alone; the test digits are the same, scored once with the main run's.
 */
final class OelUspsDraws {
    private OelUspsDraws() {
    }

    /** The training data of draw {@code d}: BM22's split for 0, else a seeded random partition of zip.train. */
    static TrainingData draw(Dataset.Split train, Settings s, int d, long seed) {
        if (d == 0) {
            return OelUspsExperiment.trainingData(train, s.labelled(), s.unlabelled());
        }
        int[] order = UspsData.range(0, train.size());
        shuffle(order, seed);
        int[] labelled = java.util.Arrays.copyOfRange(order, 0, s.labelled());
        int[] unlabelled = java.util.Arrays.copyOfRange(order, s.labelled(), s.labelled() + s.unlabelled());
        return TrainingData.builder(train.inputs().selectRows(labelled), train.outputs().selectRows(labelled))
                .unlabelledOutputs(train.outputs().selectRows(unlabelled)).build();
    }

    private static void shuffle(int[] a, long seed) {
        java.util.Random random = new java.util.Random(seed);
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /**
     * One further draw fitted and predicted, not yet scored.
     *
     * @param train     the draw's training data
     * @param predicted per method, the decoded test bottom halves
     * @param models    per method, the fitted model (for IOKR's and OEL's surrogate)
     */
    record Pending(TrainingData train, Map<String, Matrix> predicted, Map<String, Model> models) {
        /** Per method, the draw's mean test RBF loss; and per IOKR and OEL, the mean test surrogate MSE. */
        Map<String, double[]> score(Matrix testX, Matrix y) {
            Map<String, double[]> out = new LinkedHashMap<>();
            predicted.forEach((m, p) -> {
                double loss = Stats.mean(RbfLosses.perPoint(OelUspsExperiment.SIGMA_L, y, p));
                double surrogate = m.equals("KDE") ? Double.NaN
                        : OelUspsRun.meanSurrogate(models.get(m), testX, train.outputs(), y);
                out.put(m, new double[] {loss, surrogate});
            });
            return out;
        }
    }

    /** Draw {@code d} (1 or more): every method selected and fitted on it, the test digits predicted. */
    static Pending fit(Okl okl, Settings s, Dataset.Split train, Matrix testX, int d, ExperimentContext context) {
        long seed = context.seed() + 1000L * d;
        TrainingData data = draw(train, s, d, seed);
        Map<String, Model> models = OelUspsRun.selectEvery(okl, s, data, seed, "draw " + d + ", ",
                new LinkedHashMap<>(), context);
        Map<String, Matrix> predicted = new LinkedHashMap<>();
        models.forEach((method, model) -> predicted.put(method, model.predict(testX).outputs()));
        return new Pending(data, predicted, models);
    }
}
