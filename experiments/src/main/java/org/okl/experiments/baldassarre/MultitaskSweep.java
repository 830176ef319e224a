package org.okl.experiments.baldassarre;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.okl.api.data.Dataset;
import org.okl.api.linalg.Matrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.TrainingData;
import org.okl.core.select.GroupStratified;
import org.okl.core.select.HoldOut;
import org.okl.core.select.Split;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.HeldOut;
import org.okl.experiments.TestSeal;
import org.okl.experiments.IndependentCheck;
import org.okl.experiments.baldassarre.MultitaskExperiment.Method;

/**
 * Why B12's coupling gain is small here, and where it appears: the multi-task coupled and independent ν-method over
 * the perturbation weight α (α = 0: four identical tasks; B12: 0.6) and the training size, and an independent numpy
 * computation of one coupled fit ({@code independent/b12_multitask.py}) on the same data and split.
 */
final class MultitaskSweep {
    private MultitaskSweep() {
    }

    /**
     * The sweep's test MSEs.
     *
     * @param alphas      the perturbation weights
     * @param sizes       training points per task
     * @param coupled     per α, size and repetition
     * @param independent the same for independent tasks
     * @param check       what the independent computation gave
     */
    record Result(double[] alphas, int[] sizes, double[][][] coupled, double[][][] independent, String check) {
    }

    static Result run(Okl okl, MultitaskExperiment.Protocol protocol, ExperimentContext context) {
        double[] alphas = protocol.sweepAlphas();
        int[] sizes = protocol.sweepSizes();
        double[][][] coupled = new double[alphas.length][sizes.length][protocol.sweepReps()];
        double[][][] independent = new double[alphas.length][sizes.length][protocol.sweepReps()];
        for (int a = 0; a < alphas.length; a++) {
            for (int i = 0; i < sizes.length; i++) {
                for (int r = 0; r < protocol.sweepReps(); r++) {
                    MultitaskExperiment.Repetition rep = MultitaskExperiment.repetition(okl, context.seal(), sizes[i],
                            alphas[a], protocol.omegas(), List.of(Method.MT_COUPLED, Method.MT_INDEPENDENT),
                            context.seed() + 500_000L + 1000L * sizes[i] + r, false);
                    coupled[a][i][r] = rep.mse().get(Method.MT_COUPLED);
                    independent[a][i][r] = rep.mse().get(Method.MT_INDEPENDENT);
                }
            }
            context.progress().printf(Locale.ROOT, "baldassarre-multitask: sweep, α = %s done%n", alphas[a]);
            context.progress().flush();
        }
        return new Result(alphas, sizes, coupled, independent, check(okl, context.seal(), protocol,
                context.seed()));
    }

    /**
     * The coupled ν-method on one draw (n = the smallest protocol size, α = 0.6) by OKL and by the numpy script on the
     * same rows and the same validation rows: chosen ω and iteration, largest prediction difference, test MSEs.
     */
    static String check(Okl okl, TestSeal seal, MultitaskExperiment.Protocol protocol, long seed) {
        int n = protocol.sizes()[0];
        TestSeal.Sealed d = seal.split(Fits.load(okl, MultitaskExperiment.relatedTasks(n, 0.6, false, seed)));
        TrainingData train = Fits.training(d.train());
        HeldOut test = d.test();
        PipelineSpec spec = MultitaskExperiment.pipeline(Method.MT_COUPLED, protocol.omegas(), seed);
        Model model = okl.pipeline(spec).fit(train);
        Matrix ours = model.predict(test.inputs(), test.tasks().orElseThrow()).outputs();
        Split split = MultitaskExperiment.validationSplit(spec, train);
        Matrix validation = Matrix.zeros(train.size(), 1);
        for (int i : split.validation()) {
            validation.set(i, 0, 1);
        }
        IndependentCheck.Result r = IndependentCheck.run("b12_multitask.py", Map.of("x", train.inputs(), "task",
                column(train.groups().orElseThrow()), "y", train.outputs(), "validation", validation, "xt",
                test.inputs(), "tt", column(test.tasks().orElseThrow())), List.of(String.valueOf(
                MultitaskExperiment.SIGMA), String.valueOf(MultitaskExperiment.NU_ITERATIONS), String.join(",",
                protocol.omegas().stream().map(String::valueOf).toList())), List.of("pred", "chosen"));
        double omega = Fits.chosen(model, "operator.matrix.omega");
        double iterations = Fits.chosen(model, "filter.iterations");
        return test.finalScoring(y -> {
            if (!r.ran()) {
                return "not run (" + r.unavailable() + ")";
            }
            Matrix theirs = r.matrix("pred");
            return String.format(Locale.ROOT, "n = %d per task, seed %d: OKL chose ω = %s after %s iterations, the"
                            + " script ω = %s after %s; test MSE %.6f (OKL %.6f), largest prediction difference %.1e",
                    n, seed, Fits.compact(omega), Fits.compact(iterations), Fits.compact(r.matrix("chosen").get(0, 0)),
                    Fits.compact(r.matrix("chosen").get(0, 1)), Fits.mse(y, theirs), Fits.mse(y, ours),
                    theirs.maxAbsDifference(ours));
        });
    }

    private static Matrix column(int[] values) {
        Matrix m = Matrix.zeros(values.length, 1);
        for (int i = 0; i < values.length; i++) {
            m.set(i, 0, values[i]);
        }
        return m;
    }
}
