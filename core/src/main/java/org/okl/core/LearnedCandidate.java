package org.okl.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentSpec;
import org.okl.api.filter.RidgeFilter;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.text.UserText;
import org.okl.core.transform.FittedTransforms;
import org.okl.linalg.learn.KernelLearning;

/**
 * The learned candidate beside a grid search ({@link SelectionSpec#learn()}): on the training rows the fit is given
 * (inside an outer fold, only those), the pipeline's transforms are fitted and applied, and {@link KernelLearning}
 * fits per-feature widths of the grid's chosen kernel family (Gaussian or Laplacian), an output matrix
 * {@code A = B B^T + diag(d)} and lambda by the Gaussian-process marginal likelihood. The learned pipeline
 * ({@code ard-gaussian}/{@code ard-laplacian} with {@code low-rank} A, a Tikhonov path of 5 lambdas around the learned
 * one) is cross-validated on the selection's splits and replaces the grid's choice only when its validation error is
 * lower than the chosen grid variant's best. The note says which won and what was learned.
 *
 * <p>The cross-validation is honest: for each split the kernel is learned again on the split's training part
 * alone ({@link ModelSelection#runPerSplit}), so the learned candidate costs k + 1 learnings for k folds (each at most
 * {@code iterations} L-BFGS iterations, one eigendecomposition of an at most {@code rows} x {@code rows} Gram each)
 * plus one path fit per split.
 */
public final class LearnedCandidate {
    private static final int SHOWN_FEATURES = 6;
    private static final double[] LAMBDA_FACTORS = {10.0, Math.sqrt(10.0), 1.0, 1.0 / Math.sqrt(10.0), 0.1};

    private LearnedCandidate() {
    }

    /**
     * The grid's choice, or the learned candidate's when it has the lower validation error; the note (and the curve)
     * say what was tried.
     */
    static ModelSelection.Choice consider(ModelSelection.Choice choice, double gridError, TrainingData data,
            SelectionSpec selection, Okl okl) {
        SelectionSpec.Learn budget = selection.learn().orElseThrow();
        PipelineSpec spec = choice.variant().spec();
        Optional<String> obstacle = obstacle(spec, data, okl);
        if (obstacle.isPresent()) {
            return withNote(choice, "learned candidate not tried: " + obstacle.get());
        }
        Learning learning;
        ModelSelection.Choice tried;
        double[] learningSeconds = {0.0};
        Map<String, Object> values = curveValues(spec);
        SelectionSpec alone = SelectionSpec.builder(selection.method()).folds(selection.folds())
                .fraction(selection.fraction()).repetitions(selection.repetitions()).metric(selection.metric())
                .seed(selection.seed()).build();
        try {
            learning = learn(spec, data, budget, selection.seed(), okl);
            learningSeconds[0] += learning.learned().seconds();
            tried = ModelSelection.runPerSplit(train -> {
                Learning l = learn(spec, train, budget, selection.seed(), okl);
                learningSeconds[0] += l.learned().seconds();
                return new GridVariants.Variant(l.spec(), values);
            }, new GridVariants.Variant(learning.spec(), values), data, alone, okl);
        } catch (IllegalArgumentException | org.okl.linalg.NonFiniteMatrixException e) {
            // a learning that failed (a start where the likelihood is not finite, a kernel that overflowed) never
            // fails the fit: the grid's choice stands
            return withNote(choice, "learned candidate not tried: " + e.getMessage());
        }
        KernelLearning.Learned learned = learning.learned();
        LinearAlgebra la = okl.context().linearAlgebra();
        GridVariants.Variant variant = tried.variant();
        double learnedError = tried.curve().stream().mapToDouble(Provenance.CurvePoint::error)
                .filter(Double::isFinite).min().orElse(Double.POSITIVE_INFINITY);
        boolean wins = learnedError < gridError;
        String note = String.format(Locale.ROOT, "learned candidate (%s, A = B B^T + diag(d) of rank %d, lambda; "
                + "marginal likelihood by L-BFGS, learned again on each split's training part for its validation: "
                + "%.1f s of learning in all; on all %,d rows: %d iterations, %d evaluations, stop: %s): "
                + "validation error %.6g against the grid's %.6g, %s; %s", values.get("learned"),
                learned.factor().cols(), learningSeconds[0], learned.rows(), learned.iterations(),
                learned.evaluations(), learned.stop(), learnedError, gridError, wins ? "the learned kernel is kept"
                : "the grid's choice is kept", describe(learned, data.outputNames(), la));
        List<Provenance.CurvePoint> curve = new ArrayList<>(choice.curve());
        curve.addAll(tried.curve());
        Provenance.Search a = choice.search();
        Provenance.Search b = tried.search();
        Provenance.Search cost = a == null ? b : new Provenance.Search(a.candidates() + b.candidates(), a.splits(),
                a.decompositions() + b.decompositions(), a.seconds() + b.seconds() + learned.seconds());
        // (the per-split learning is inside b's seconds; the final learning on all rows is added)
        String joined = choice.note().isEmpty() ? note : choice.note() + "; " + note;
        if (wins) {
            // the grid's alternatives (best with and without the preferred values) stay what they were
            return new ModelSelection.Choice(variant, tried.pathIndex(), List.copyOf(curve), tried.decoder(), cost,
                    joined, choice.alternatives());
        }
        return new ModelSelection.Choice(choice.variant(), choice.pathIndex(), List.copyOf(curve), choice.decoder(),
                cost, joined, choice.alternatives());
    }

    /**
     * A learned kernel and the pipeline that uses it.
     *
     * @param learned what was learned
     * @param spec    the pipeline with the learned kernel, output matrix and a path of 5 lambdas around the learned
     *                lambda (its selection, if any, is the given pipeline's)
     */
    public record Learning(KernelLearning.Learned learned, PipelineSpec spec) {
    }

    /**
     * Learns the kernel of a pipeline (a Gaussian or Laplacian kernel, separable operator, Tikhonov filter) on
     * training rows: its transforms are fitted on them and applied, then {@link KernelLearning} learns on the
     * transformed inputs and the embedding's targets.
     *
     * @throws IllegalArgumentException when the pipeline or the data do not allow it (the message says why)
     */
    public static Learning learn(PipelineSpec spec, TrainingData data, SelectionSpec.Learn budget, long seed,
            Okl okl) {
        Optional<String> obstacle = obstacle(spec, data, okl);
        if (obstacle.isPresent()) {
            throw new IllegalArgumentException(obstacle.get());
        }
        FittedTransforms transforms = PipelineTransforms.fit(spec, data, okl);
        TrainingData transformed = PipelineTransforms.apply(transforms, data);
        Components c = Components.create(spec, transformed.inputs(), okl.context());
        FittedOutputEmbedding embedding = c.output().fit(new OutputData(transformed.outputs(),
                transformed.unlabelledOutputs()), okl.context());
        Optional<Matrix> targets = embedding.targets();
        if (targets.isEmpty() || !targets.get().isFinite()) {
            throw new IllegalArgumentException("the output embedding has no explicit, complete targets");
        }
        KernelLearning.Family family = family(spec);
        LinearAlgebra la = okl.context().linearAlgebra();
        KernelLearning.Learned learned;
        learned = KernelLearning.learn(transformed.inputs(), targets.get(), family, new KernelLearning.Options(
                budget.rank(), budget.rows(), budget.iterations(), seed), la);
        return new Learning(learned, learnedSpec(spec, learned, data.size()));
    }

    /** Why the learned candidate does not apply to this pipeline and data, or empty. */
    private static Optional<String> obstacle(PipelineSpec spec, TrainingData data, Okl okl) {
        Optional<String> pipeline = obstacle(spec, false, okl);
        if (pipeline.isPresent()) {
            return pipeline;
        }
        if (data.groups().isPresent() || data.unlabelledInputs().isPresent() || data.unlabelledOutputs().isPresent()
                || !data.outputs().isFinite()) {
            return Optional.of("it needs complete targets without tasks or unlabelled rows");
        }
        return Optional.empty();
    }

    /**
     * Why the learned candidate does not apply to this pipeline, or empty: it needs a Gaussian or Laplacian kernel, a
     * separable operator without regularizers and the Tikhonov filter, and no kernel sketch unless {@code sketched}
     * (the low-rank route, {@link SketchedLearnedCandidate}).
     */
    static Optional<String> obstacle(PipelineSpec spec, boolean sketched, Okl okl) {
        String kernel = spec.kernel().map(ComponentSpec::name).orElse("none");
        if (!kernel.equals("gaussian") && !kernel.equals("laplacian")) {
            return Optional.of("the chosen kernel is " + UserText.quote(kernel) + ", not gaussian or laplacian");
        }
        if (!spec.operator().name().equals("separable") || (!sketched && spec.approximation().isPresent())
                || !spec.regularizers().isEmpty()) {
            return Optional.of(sketched ? "it needs a separable pipeline without regularizers"
                    : "it needs an exact separable pipeline without regularizers");
        }
        if (!(okl.create(org.okl.api.filter.SpectralFilter.class, spec.filter()) instanceof RidgeFilter ridge)
                || ridge.iterations() != 1 || !spec.filter().name().equals("tikhonov")) {
            return Optional.of("it needs the tikhonov filter");
        }
        return Optional.empty();
    }

    /** The kernel family of a pipeline the candidate applies to. */
    static KernelLearning.Family family(PipelineSpec spec) {
        return spec.kernel().get().name().equals("laplacian") ? KernelLearning.Family.LAPLACIAN
                : KernelLearning.Family.GAUSSIAN;
    }

    /** The candidate's values on the validation curve: the ARD kernel it learns, {@code learned = ard-gaussian}. */
    static Map<String, Object> curveValues(PipelineSpec spec) {
        return Map.of("learned", family(spec) == KernelLearning.Family.LAPLACIAN ? "ard-laplacian" : "ard-gaussian");
    }

    /** The pipeline with the learned kernel, output matrix and a lambda path around the learned lambda. */
    static PipelineSpec learnedSpec(PipelineSpec spec, KernelLearning.Learned learned, int rows) {
        List<Double> widths = Arrays.stream(learned.widths()).boxed().toList();
        ComponentSpec kernel = ComponentSpec.of(learned.family() == KernelLearning.Family.GAUSSIAN ? "ard-gaussian"
                : "ard-laplacian", "widths", widths);
        Matrix b = learned.factor();
        List<Double> factor = new ArrayList<>();
        for (int i = 0; i < b.rows(); i++) {
            for (int r = 0; r < b.cols(); r++) {
                factor.add(b.get(i, r));
            }
        }
        List<Double> diagonal = Arrays.stream(learned.diagonal()).boxed().toList();
        // rank 0 (A = diag(d), outputs independent) has no factor: an empty list is not a valid parameter value
        ComponentSpec matrix = b.cols() == 0 ? ComponentSpec.of("low-rank", "rank", 0, "diagonal", diagonal)
                : ComponentSpec.of("low-rank", "rank", b.cols(), "factor", factor, "diagonal", diagonal);
        double lambda = learned.lambda(rows);
        List<Double> path = Arrays.stream(LAMBDA_FACTORS).map(f -> f * lambda).boxed().toList();
        return spec.withKernel(kernel).withOperator(ComponentSpec.of("separable", "matrix", matrix))
                .withFilter(spec.filter().with("lambda", path));
    }

    /** What was learned: the features by width, A's eigenvalues, the outputs it groups. */
    static String describe(KernelLearning.Learned learned, List<String> outputNames, LinearAlgebra la) {
        StringBuilder s = new StringBuilder("input features (after the input transforms, 1-based) by width, most "
                + "relevant first: ");
        int[] order = learned.featureRanking();
        double[] w = learned.widths();
        for (int k = 0; k < Math.min(SHOWN_FEATURES, order.length); k++) {
            s.append(k == 0 ? "" : ", ").append('#').append(order[k] + 1).append(' ')
                    .append(String.format(Locale.ROOT, "%.3g", w[order[k]]));
        }
        if (order.length > SHOWN_FEATURES) {
            s.append(", ...");
        }
        double smallest = w[order[0]];
        long ignored = Arrays.stream(w).filter(v -> v > 100 * smallest).count();
        s.append(String.format(Locale.ROOT, " (%d of %d with a width above 100 times the smallest)", ignored,
                w.length));
        double[] eig = la.eigenSymmetric(learned.outputMatrix()).clampedValues();
        s.append("; A's eigenvalues ");
        for (int k = 0; k < Math.min(SHOWN_FEATURES, eig.length); k++) {
            s.append(k == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.3g", eig[k]));
        }
        if (eig.length > SHOWN_FEATURES) {
            s.append(" ...");
        }
        s.append(String.format(Locale.ROOT, "; learned lambda %.3g", learned.lambda(learned.rows())));
        List<List<Integer>> groups = learned.groups(la);
        if (groups.isEmpty()) {
            s.append("; no outputs coupled");
        } else {
            s.append("; outputs it groups: ");
            for (int g = 0; g < groups.size(); g++) {
                s.append(g == 0 ? "" : ", ").append('{');
                List<Integer> members = groups.get(g);
                for (int m = 0; m < members.size(); m++) {
                    int k = members.get(m);
                    s.append(m == 0 ? "" : " ").append(k < outputNames.size() ? UserText.escape(outputNames.get(k))
                            : "y" + (k + 1));
                }
                s.append('}');
            }
        }
        return s.toString();
    }

    private static ModelSelection.Choice withNote(ModelSelection.Choice choice, String note) {
        String joined = choice.note().isEmpty() ? note : choice.note() + "; " + note;
        return new ModelSelection.Choice(choice.variant(), choice.pathIndex(), choice.curve(), choice.decoder(),
                choice.search(), joined, choice.alternatives());
    }
}
