package org.okl.experiments.baldassarre;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.okl.api.component.ComponentSpec;
import org.okl.bench.BenchTask;
import org.okl.bench.Timing;
import org.okl.experiments.verdict.Comparison;
import org.okl.experiments.verdict.TimedRepeats;
import org.okl.core.Okl;
import org.okl.core.PipelineSpec;
import org.okl.core.SelectionSpec;
import org.okl.core.TrainingData;
import org.okl.experiments.ExperimentContext;
import org.okl.filters.Filters;
import org.okl.kernels.Kernels;
import org.okl.kernels.Operators;
import org.okl.kernels.OutputMatrices;

/**
 * B12 Fig. 4: the time to select ω and the path point with each filter, measured with the bench harness's timer
 * ({@link Timing}): per training size one data draw, one untimed fit per filter, then timed repeats interleaved over
 * the filters (so a change of machine load hits all three alike), the median reported and the repeats paired in the
 * claims. Each timing is a whole {@code Pipeline.fit} at ω = {@link #OMEGA}: Gram matrix, selection along the path,
 * refit.
 */
final class MultitaskTiming {
    /**
     * The ω of every timed fit: B12 time the choice of the regularization parameter alone (Fig. 4's captions), at
     * their median selected ω.
     */
    static final double OMEGA = 0.6;

    /** The filters in table order. */
    static final List<String> FILTERS = List.of("Tikhonov (25 λ)", "Landweber (1000 it.)", "ν-method (200 it.)");

    private MultitaskTiming() {
    }

    /**
     * Timings per filter.
     *
     * @param sizes   training points per task
     * @param seconds per filter, per size, the timed repeats
     * @param load    the load average sampled around every repeat of the run
     */
    record Times(int[] sizes, Map<String, double[][]> seconds, Comparison.Load load) {

        /** The median per size of a filter. */
        double[] medians(String filter) {
            double[][] s = seconds.get(filter);
            double[] out = new double[s.length];
            for (int i = 0; i < s.length; i++) {
                out[i] = Timing.median(s[i]);
            }
            return out;
        }
    }

    /** Fig. 4 left: multi-task data, hold-out selection (validation set as large as the training set). */
    static Times holdout(Okl okl, MultitaskExperiment.Protocol protocol, ExperimentContext context) {
        Map<String, PipelineSpec> specs = new LinkedHashMap<>();
        long seed = context.seed();
        specs.put(FILTERS.get(0), MultitaskExperiment.pipeline(MultitaskExperiment.Method.MT_TIKHONOV,
                List.of(OMEGA), seed));
        specs.put(FILTERS.get(1), MultitaskExperiment.pipeline(MultitaskExperiment.Method.MT_LANDWEBER,
                List.of(OMEGA), seed));
        specs.put(FILTERS.get(2), MultitaskExperiment.pipeline(MultitaskExperiment.Method.MT_COUPLED,
                List.of(OMEGA), seed));
        return time(okl, protocol.sizes(), protocol.timings(), n -> Fits.training(Fits.load(okl,
                MultitaskExperiment.relatedTasks(n, 0.6, false, seed + n)).train()), n -> specs, context,
                "hold-out");
    }

    /**
     * Fig. 4 right: vector-valued data (n shared inputs, no validation set), leave-one-out selection: closed-form for
     * Tikhonov (one eigendecomposition per ω), n-fold cross-validation for the iterative filters (one run per left-out
     * point and ω).
     */
    static Times leaveOneOut(Okl okl, MultitaskExperiment.Protocol protocol, ExperimentContext context) {
        long seed = context.seed();
        return time(okl, protocol.looSizes(), protocol.looTimings(), n -> Fits.training(Fits.load(okl,
                ComponentSpec.of("related-tasks", "n", n, "nTest", 1, "sameInputs", true, "seed",
                        (int) (seed + n))).train()), n -> {
                    Map<String, PipelineSpec> specs = new LinkedHashMap<>();
                    specs.put(FILTERS.get(0), loo(Filters.tikhonov(Fits.geometric(1e-1, 1e-7,
                            MultitaskExperiment.LAMBDAS)), SelectionSpec.leaveOneOut()));
                    specs.put(FILTERS.get(1), loo(Filters.landweber(MultitaskExperiment.LANDWEBER_ITERATIONS),
                            SelectionSpec.kfold(n)));
                    specs.put(FILTERS.get(2), loo(Filters.nuMethod(MultitaskExperiment.NU_ITERATIONS),
                            SelectionSpec.kfold(n)));
                    return specs;
                }, context, "leave-one-out");
    }

    private static PipelineSpec loo(org.okl.api.component.TypedSpec<org.okl.api.filter.SpectralFilter> filter, SelectionSpec.Builder selection) {
        return PipelineSpec.builder().kernel(Kernels.gaussian(MultitaskExperiment.SIGMA)).filter(filter)
                .operator(Operators.separable(OutputMatrices.commonSimilarity(OMEGA))).selection(selection.build())
                .build();
    }

    private static Times time(Okl okl, int[] sizes, int repeats, java.util.function.IntFunction<TrainingData> data,
            java.util.function.IntFunction<Map<String, PipelineSpec>> specs, ExperimentContext context, String what) {
        Map<String, double[][]> seconds = new LinkedHashMap<>();
        FILTERS.forEach(f -> seconds.put(f, new double[sizes.length][repeats]));
        TimedRepeats timer = TimedRepeats.system();
        for (int i = 0; i < sizes.length; i++) {
            TrainingData train = data.apply(sizes[i]);
            Map<String, PipelineSpec> bySpec = specs.apply(sizes[i]);
            bySpec.values().forEach(spec -> okl.pipeline(spec).fit(train));
            List<String> names = List.copyOf(bySpec.keySet());
            List<BenchTask> tasks = names.stream().<BenchTask>map(f -> () -> okl.pipeline(bySpec.get(f)).fit(train))
                    .toList();
            double[][] t = timer.run(repeats, tasks);
            for (int k = 0; k < names.size(); k++) {
                seconds.get(names.get(k))[i] = t[k];
            }
            context.progress().printf("baldassarre-multitask: %s timing, n = %d done%n", what, sizes[i]);
            context.progress().flush();
        }
        return new Times(sizes, seconds, timer.load());
    }
}
