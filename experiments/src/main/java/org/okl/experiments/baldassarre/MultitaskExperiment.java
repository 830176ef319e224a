package org.okl.experiments.baldassarre;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.TypedSpec;
import org.okl.api.data.Dataset;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;
import org.okl.core.Model;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.core.select.GroupStratified;
import org.okl.core.select.HoldOut;
import org.okl.core.select.Split;
import org.okl.experiments.Experiment;
import org.okl.experiments.ExperimentContext;
import org.okl.experiments.ExperimentResult;
import org.okl.experiments.Grids;
import org.okl.experiments.HeldOut;
import org.okl.experiments.TestSeal;
import org.okl.experiments.verdict.TimingTest;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;
import org.okl.kernels.Operators;
import org.okl.kernels.OutputMatrices;

/**
 * {@code baldassarre-multitask}: B12 §6.1 (Figs. 2, 3 and 4). Four related tasks (generator {@code related-tasks});
 * the multi-task (task-indexed) kernel k(x,x')·A[t,t'] with the common-similarity A over the tasks against independent
 * tasks (A = I), and the same pair in the vector-valued setting (shared inputs); test MSE against the training size.
 * As in B12, ω and the path point are chosen on a validation set as large as the training set (drawn within every
 * task); the chosen model is then refitted on training + validation (B12 keep the model trained on the training set). Then the selection times of Tikhonov (25 λ), Landweber
 * (1000 iterations) and the ν-method (200 iterations), by hold-out in the multi-task case (Fig. 4 left) and by
 * leave-one-out in the vector-valued case (Fig. 4 right), from the bench harness's timer; and an investigation of
 * where the coupling gain appears.
 */
public final class MultitaskExperiment implements Experiment {
    /** The Gaussian width (the paper does not give it; OKL's choice, the width of the task perturbations). */
    static final double SIGMA = 0.1;
    /** Test points per task (4 x 250 = the paper's 1,000 test examples). */
    static final int TEST_PER_TASK = 250;
    /** The paper's Tikhonov grid size. */
    static final int LAMBDAS = 25;
    /** The paper's largest Landweber iteration count. */
    static final int LANDWEBER_ITERATIONS = 1000;
    /** The paper's largest ν-method iteration count. */
    static final int NU_ITERATIONS = 200;

    /**
     * A protocol.
     *
     * @param sizes       training points per task
     * @param repetitions repetitions per size (data redrawn)
     * @param omegas      the ω grid
     * @param timings     timed repeats per size of the hold-out timing (after one untimed run)
     * @param looSizes    training points of the leave-one-out timing (vector-valued)
     * @param looTimings  timed repeats per size of the leave-one-out timing
     * @param sweepAlphas the perturbation weights α of the investigation sweep
     * @param sweepSizes  the training sizes of the sweep
     * @param sweepReps   repetitions per sweep cell
     */
    record Protocol(int[] sizes, int repetitions, List<Object> omegas, int timings, int[] looSizes, int looTimings,
            double[] sweepAlphas, int[] sweepSizes, int sweepReps) {
        /** The searched grid, fixed before the run in {@code grids/baldassarre-multitask.grids}. */
        static final Grids GRIDS = Grids.of("baldassarre-multitask");
        // timed repeats: enough for Fig. 4's claims (two comparisons per size) to hold under Holm's correction
        static final Protocol FULL = new Protocol(new int[] {10, 20, 40, 80, 160}, 10, GRIDS.objects("omegas", false),
                TimingTest.repeatsToDecide(2 * 5), new int[] {10, 20, 40}, TimingTest.repeatsToDecide(2 * 3),
                new double[] {0.0, 0.2, 0.6, 1.0}, new int[] {5, 10, 20, 40}, 10);
        static final Protocol QUICK = new Protocol(new int[] {10, 40}, 3, GRIDS.objects("omegas", true), 2,
                new int[] {10}, 1, new double[] {0.0, 0.6}, new int[] {10}, 3);
    }

    /** The methods compared, in table order. */
    enum Method {
        /** Multi-task kernel, common similarity over tasks, ν-method. */
        MT_COUPLED("multi-task, common similarity (ν)"),
        /** Multi-task data, independent tasks (A = I), ν-method. */
        MT_INDEPENDENT("multi-task, independent (ν)"),
        /** Vector-valued data (shared inputs), common similarity, ν-method. */
        VV_COUPLED("vector-valued, common similarity (ν)"),
        /** Vector-valued data, independent components, ν-method. */
        VV_INDEPENDENT("vector-valued, independent (ν)"),
        /** Multi-task kernel, common similarity, Tikhonov path. */
        MT_TIKHONOV("multi-task, Tikhonov (25 λ)"),
        /** Multi-task kernel, common similarity, Landweber path. */
        MT_LANDWEBER("multi-task, Landweber (1000 it.)");

        final String label;

        Method(String label) {
            this.label = label;
        }

        boolean vectorValued() {
            return this == VV_COUPLED || this == VV_INDEPENDENT;
        }

        boolean coupled() {
            return this != MT_INDEPENDENT && this != VV_INDEPENDENT;
        }
    }

    /**
     * One repetition at one size.
     *
     * @param mse        test MSE against the noiseless targets, per method
     * @param omega      the selected ω per method (NaN for independent ones)
     * @param trainingOnly test MSE of the multi-task methods under B12's own protocol: the model kept on the n
     *                   training points at the values the validation half chose (no refit on training +
     *                   validation); empty where not computed
     */
    record Repetition(Map<Method, Double> mse, Map<Method, Double> omega, Map<Method, Double> trainingOnly) {
    }

    /** The methods also scored under B12's protocol, without the refit (the investigation of the coupling gain). */
    static final List<Method> WITHOUT_REFIT = List.of(Method.MT_COUPLED, Method.MT_INDEPENDENT);

    @Override
    public String name() {
        return "baldassarre-multitask";
    }

    @Override
    public List<String> datasets(boolean quick) {
        return List.of("related-tasks");
    }

    @Override
    public String description() {
        return "Baldassarre et al. 2012, Figs. 2-4: four related sine tasks, multi-task vs independent vs "
                + "vector-valued MSE, and selection time of Tikhonov, Landweber and the nu-method";
    }

    @Override
    public ExperimentResult run(ExperimentContext context) {
        Protocol protocol = context.quick() ? Protocol.QUICK : Protocol.FULL;
        Okl okl = context.okl();
        Map<Integer, List<Repetition>> results = new LinkedHashMap<>();
        for (int n : protocol.sizes()) {
            List<Repetition> reps = new ArrayList<>();
            for (int r = 0; r < protocol.repetitions(); r++) {
                reps.add(repetition(okl, context.seal(), n, 0.6, protocol.omegas(), List.of(Method.values()),
                        context.seed() + 1000L * n + r, true));
            }
            results.put(n, reps);
            context.progress().printf("baldassarre-multitask: n = %d per task done (%d repetitions)%n", n,
                    reps.size());
            context.progress().flush();
        }
        MultitaskTiming.Times holdout = MultitaskTiming.holdout(okl, protocol, context);
        MultitaskTiming.Times loo = MultitaskTiming.leaveOneOut(okl, protocol, context);
        MultitaskSweep.Result sweep = MultitaskSweep.run(okl, protocol, context);
        return MultitaskReport.result(name(), protocol, results, holdout, loo, sweep, tasksFigure(okl, context.seal()));
    }

    /**
     * One repetition: data drawn with this seed, every method selected on the validation half (drawn within every
     * task), refitted on training + validation with its choice, and scored once on the sealed noiseless test targets;
     * with {@code trainingOnly}, the multi-task methods also as B12 keep them, fitted on the training half alone at
     * the chosen values.
     */
    static Repetition repetition(Okl okl, TestSeal seal, int n, double alpha, List<Object> omegas,
            List<Method> methods, long seed, boolean trainingOnly) {
        boolean anyVv = methods.stream().anyMatch(Method::vectorValued);
        TestSeal.Sealed mt = seal.split(Fits.load(okl, relatedTasks(n, alpha, false, seed)));
        TestSeal.Sealed vv = anyVv ? seal.split(Fits.load(okl, relatedTasks(n, alpha, true, seed))) : mt;
        HeldOut mtTest = mt.test();
        HeldOut vvTest = anyVv ? vv.test() : null;
        Map<Method, Matrix> predicted = new LinkedHashMap<>();
        Map<Method, Matrix> predictedTrainingOnly = new LinkedHashMap<>();
        Map<Method, Double> omega = new LinkedHashMap<>();
        for (Method m : methods) {
            TestSeal.Sealed d = m.vectorValued() ? vv : mt;
            TrainingData data = Fits.training(d.train());
            PipelineSpec spec = pipeline(m, omegas, seed);
            Model model = okl.pipeline(spec).fit(data);
            HeldOut test = m.vectorValued() ? vvTest : mtTest;
            predicted.put(m, predict(model, test));
            omega.put(m, Fits.chosen(model, "operator.matrix.omega"));
            if (trainingOnly && WITHOUT_REFIT.contains(m)) {
                predictedTrainingOnly.put(m, predict(okl.pipeline(trainingOnly(m, model)).fit(
                        data.subset(validationSplit(spec, data).train())), test));
            }
        }
        Map<Method, Double> mse = new LinkedHashMap<>();
        Map<Method, Double> mseTrainingOnly = new LinkedHashMap<>();
        mtTest.finalScoring(y -> {
            predicted.forEach((m, p) -> {
                if (!m.vectorValued()) {
                    mse.put(m, Fits.mse(y, p));
                }
            });
            predictedTrainingOnly.forEach((m, p) -> mseTrainingOnly.put(m, Fits.mse(y, p)));
            return null;
        });
        if (vvTest != null) {
            vvTest.finalScoring(y -> {
                predicted.forEach((m, p) -> {
                    if (m.vectorValued()) {
                        mse.put(m, Fits.mse(y, p));
                    }
                });
                return null;
            });
        }
        return new Repetition(mse, omega, mseTrainingOnly);
    }

    private static Matrix predict(Model model, HeldOut test) {
        return test.tasks().isPresent() ? model.predict(test.inputs(), test.tasks().get()).outputs()
                : model.predict(test.inputs()).outputs();
    }

    /** The training and validation rows of the pipeline's hold-out (drawn within every task, as the fit draws it). */
    static Split validationSplit(PipelineSpec spec, TrainingData data) {
        return GroupStratified.of(new HoldOut(spec.selection().orElseThrow().fraction(), spec.selection()
                .orElseThrow().seed()), data.groups()).splits(data.size()).get(0);
    }

    /**
     * B12's protocol: the method at the ω and ν-method iteration its hold-out chose, with no selection, to be fitted
     * on the training half alone.
     */
    static PipelineSpec trainingOnly(Method m, Model selected) {
        int iterations = (int) Fits.chosen(selected, "filter.iterations");
        TypedSpec<OutputMatrix> matrix = m.coupled()
                ? OutputMatrices.commonSimilarity(Fits.chosen(selected, "operator.matrix.omega"))
                : OutputMatrices.identity();
        return PipelineSpec.builder().kernel(Kernels.gaussian(SIGMA)).filter(Filters.nuMethodExactly(iterations))
                .operator(Operators.separable(matrix)).build();
    }

    /**
     * The generator: 2n training points per task (training + a validation set of the same size, B12), 250 test
     * points per task with noiseless targets (the test MSE is then the excess over the noise variance 0.01).
     */
    static ComponentSpec relatedTasks(int n, double alpha, boolean sameInputs, long seed) {
        return ComponentSpec.of("related-tasks", "n", 2 * n, "nTest", TEST_PER_TASK, "alpha", alpha, "sameInputs",
                sameInputs, "noisyTest", false, "seed", (int) (seed % Integer.MAX_VALUE));
    }

    /** The pipeline of a method: hold-out of half the data (per task) chooses ω and the path point. */
    static PipelineSpec pipeline(Method m, List<Object> omegas, long seed) {
        TypedSpec<SpectralFilter> filter = switch (m) {
            case MT_TIKHONOV -> Filters.tikhonov(Fits.geometric(1e-1, 1e-7, LAMBDAS));
            case MT_LANDWEBER -> Filters.landweber(LANDWEBER_ITERATIONS);
            default -> Filters.nuMethod(NU_ITERATIONS);
        };
        TypedSpec<OutputMatrix> matrix = m.coupled() ? OutputMatrices.commonSimilarity(0.0) : OutputMatrices.identity();
        SelectionSpec.Builder selection = SelectionSpec.holdout(0.5).seed(seed);
        if (m.coupled()) {
            selection.grid("operator.matrix.omega", omegas);
        }
        return PipelineSpec.builder().kernel(Kernels.gaussian(SIGMA)).filter(filter)
                .operator(Operators.separable(matrix))
                .selection(selection.build())
                .build();
    }

    /** B12 Fig. 2: the four noiseless tasks of the generator (OKL's task weights). */
    static ExperimentResult.Figure tasksFigure(Okl okl, TestSeal seal) {
        // a draw of its own (seed 1, one training point), whose noiseless test targets are read once, for the plot
        HeldOut tasks = seal.split(Fits.load(okl, ComponentSpec.of("related-tasks", "n", 1, "nTest", 400,
                "sameInputs", true, "noisyTest", false, "seed", 1))).test();
        Matrix x = tasks.inputs();
        Matrix y = tasks.finalScoring(Matrix::copy);
        Integer[] order = new Integer[x.rows()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(x.get(a, 0), x.get(b, 0)));
        double[] xs = java.util.Arrays.stream(order).mapToDouble(i -> x.get(i, 0)).toArray();
        Map<String, double[][]> series = new LinkedHashMap<>();
        for (int t = 0; t < y.cols(); t++) {
            int tt = t;
            series.put("task " + (t + 1), new double[][] {xs, java.util.Arrays.stream(order)
                    .mapToDouble(i -> y.get(i, tt)).toArray()});
        }
        return new ExperimentResult.Figure("fig2-tasks", Charts.lines("The four related tasks (noiseless)", "x",
                "f_t(x)", false, false, series));
    }
}
