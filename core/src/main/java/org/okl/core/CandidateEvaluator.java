package org.okl.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.DataDependentKernel;
import org.okl.api.kernel.DistanceKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.LinearAlgebra;
import org.okl.api.linalg.Matrix;
import org.okl.api.linalg.SymmetricEigen;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.operator.SeparableOperatorKernel;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.output.OutputData;
import org.okl.api.output.OutputEmbedding;
import org.okl.core.transform.FittedTransforms;
import org.okl.linalg.expansion.EigenPath;
import org.okl.linalg.memory.MemoryBudget;
import org.okl.linalg.streamed.OutputFactor;
import org.okl.linalg.streamed.SpectralCoefficients;

/**
 * Fits a model selection's grid variants on one split and predicts its validation rows at every path point, sharing
 * what does not change between variants. Variants that differ only in their kernel's width (or kind) and in their
 * separable operator's output matrix form one group; for a group, on each split, the transforms and the output
 * embedding are fitted once, the distances between rows once per kind of distance ({@link DistanceKernel}), and each
 * distinct kernel's Gram is decomposed once: every output matrix and every path point then follows from that one
 * eigendecomposition (and the d x d one of A), as {@link EigenPath} does. A grid of w widths costs w
 * eigendecompositions per split, not one per width and output matrix. Other variants (sketches, regularizers,
 * multi-task or semi-supervised data, output embeddings without explicit targets or that learn from the
 * regression, kernels without a distance form) are fitted one by one by their solver.
 */
final class CandidateEvaluator {
    private final List<GridVariants.Variant> variants;
    private final List<List<Integer>> groups;
    private final Okl okl;
    private int decompositions;

    /** Receives one variant's predictions on a split. */
    @FunctionalInterface
    interface Sink {
        /**
         * @param variant    the variant's index
         * @param h          the regression predictions of the validation rows at every path point
         * @param decoding   how to decode them
         * @param pathValues the filter's path parameter at every path point
         */
        void accept(int variant, Matrix[] h, ValidationDecoding decoding, double[] pathValues);
    }

    CandidateEvaluator(List<GridVariants.Variant> variants, Okl okl) {
        this(variants, java.util.stream.IntStream.range(0, variants.size()).boxed().toList(), okl);
    }

    /** An evaluator of some of the variants only (their indices); the sink still receives indices into all. */
    CandidateEvaluator(List<GridVariants.Variant> variants, List<Integer> subset, Okl okl) {
        this.variants = variants;
        this.okl = okl;
        Map<PipelineSpec, List<Integer>> byRest = new LinkedHashMap<>();
        List<List<Integer>> singles = new ArrayList<>();
        for (int v : subset) {
            PipelineSpec spec = variants.get(v).spec();
            if (shareable(spec)) {
                PipelineSpec rest = spec.withKernel((ComponentSpec) null).withOperator((ComponentSpec) null);
                byRest.computeIfAbsent(rest, k -> new ArrayList<>()).add(v);
            } else {
                singles.add(List.of(v));
            }
        }
        this.groups = new ArrayList<>(byRest.values());
        groups.addAll(singles);
    }

    /** The eigendecompositions (shared route) and solver runs (one by one) so far. */
    int decompositions() {
        return decompositions;
    }

    /** Fits every variant on {@code train} and hands its predictions of {@code validation} to the sink. */
    void evaluate(TrainingData train, TrainingData validation, Sink sink) {
        for (List<Integer> group : groups) {
            if (group.size() < 2 || !evaluateShared(group, train, validation, sink)) {
                for (int v : group) {
                    FittedPath fitted = FittedPath.fit(variants.get(v).spec(), train, okl);
                    decompositions++;
                    sink.accept(v, fitted.predictAll(validation.inputs(), validation.groups()),
                            ValidationDecoding.of(fitted), pathValues(fitted.components().filter()));
                }
            }
        }
    }

    /** Whether a spec may share with others: a kernel, no sketch, regularizer or named solver but the exact one. */
    private static boolean shareable(PipelineSpec spec) {
        return spec.kernel().isPresent() && spec.approximation().isEmpty() && spec.regularizers().isEmpty()
                && spec.solver().map(s -> s.name().equals("separable-eigen")).orElse(true);
    }

    /** The shared route for a group on one split; false (nothing handed over) when the split does not allow it. */
    private boolean evaluateShared(List<Integer> group, TrainingData train, TrainingData validation, Sink sink) {
        if (train.groups().isPresent() || train.unlabelledInputs().isPresent()
                || train.unlabelledOutputs().isPresent()) {
            return false;
        }
        ComponentContext context = okl.context();
        PipelineSpec first = variants.get(group.get(0)).spec();
        FittedTransforms transforms = PipelineTransforms.fit(first, train, okl);
        TrainingData t = PipelineTransforms.apply(transforms, train);
        OutputEmbedding output = context.create(OutputEmbedding.class, first.output());
        FittedOutputEmbedding embedding = output.fit(new OutputData(t.outputs(), Optional.empty()), context);
        Optional<Matrix> explicit = embedding.targets();
        if (embedding.learnsFromRegression() || explicit.isEmpty() || !explicit.get().isFinite()
                || explicit.get().rows() != t.size()) {
            return false;
        }
        Matrix targets = explicit.get();
        Map<Integer, DistanceKernel> kernels = new HashMap<>();
        Map<Integer, ComponentSpec> resolved = new HashMap<>();
        Map<Integer, SeparableOperatorKernel> operators = new HashMap<>();
        for (int v : group) {
            PipelineSpec spec = variants.get(v).spec();
            ComponentSpec kernelSpec = spec.kernel().orElseThrow();
            VectorKernel kernel = context.create(VectorKernel.class, kernelSpec);
            if (kernel instanceof DataDependentKernel adaptive) {
                kernelSpec = adaptive.resolve(t.inputs(), context);
                kernel = context.create(VectorKernel.class, kernelSpec);
            }
            if (!(kernel instanceof DistanceKernel distance)
                    || !(context.create(OperatorKernel.class, spec.operator()) instanceof SeparableOperatorKernel op)) {
                return false;
            }
            Matrix a = op.outputMatrix(targets, context);
            if (a.rows() != targets.cols() || a.cols() != targets.cols()) {
                return false;
            }
            kernels.put(v, distance);
            resolved.put(v, kernelSpec);
            operators.put(v, op);
        }
        int n = t.size();
        MemoryBudget.reserve("the " + n + " x " + n + " distances, Gram and eigenvectors of the model selection's "
                + "shared route", 4 * MemoryBudget.doubles(n, n) + 2 * MemoryBudget.doubles(validation.size(), n),
                "select on fewer rows (a hold-out) or use a kernel sketch");
        LinearAlgebra la = context.linearAlgebra();
        Matrix xtr = t.inputs();
        Matrix xva = transforms.transformInputs(validation.inputs());
        SpectralFilter filter = context.create(SpectralFilter.class, first.filter());
        double[] pathValues = pathValues(filter);
        FittedOutputEmbedding[] embeddings = new FittedOutputEmbedding[filter.pathLength()];
        Arrays.fill(embeddings, embedding);
        ValidationDecoding decoding = new ValidationDecoding(transforms, embeddings, t.outputs(), t);
        Map<ComponentSpec, List<Integer>> byKernel = new LinkedHashMap<>();
        for (int v : group) {
            byKernel.computeIfAbsent(resolved.get(v), k -> new ArrayList<>()).add(v);
        }
        Map<String, Matrix[]> distances = new HashMap<>();
        for (List<Integer> sameKernel : byKernel.values()) {
            DistanceKernel kernel = kernels.get(sameKernel.get(0));
            Matrix[] d = distances.computeIfAbsent(kernel.distance(),
                    id -> new Matrix[] {kernel.distances(xtr, xtr), kernel.distances(xva, xtr)});
            SymmetricEigen eigen = la.eigenSymmetric(kernel.gramOfDistances(d[0]));
            decompositions++;
            double[] s = eigen.clampedValues();
            Matrix u = eigen.vectors();
            Matrix ku = la.multiply(kernel.gramOfDistances(d[1]), u);
            Matrix rotated = la.multiply(u, true, targets, false);
            for (int v : sameKernel) {
                Matrix a = operators.get(v).outputMatrix(targets, context);
                OutputFactor factor = OutputFactor.isIdentity(a) ? null : OutputFactor.of(a, la);
                double[] av = factor == null ? ones(targets.cols()) : factor.spectrum().values();
                Matrix w = factor == null ? null : factor.spectrum().vectors();
                Matrix r = w == null ? rotated : la.multiply(rotated, w);
                double sMax = (s.length == 0 ? 0.0 : s[0]) * (factor == null ? 1.0 : factor.spectrum().max()) / n;
                SpectralCoefficients coefficients = new SpectralCoefficients(s, av, r, n, filter, sMax);
                sink.accept(v, EigenPath.predictAll(ku, coefficients, av, w, la), decoding, pathValues);
            }
        }
        return true;
    }

    private static double[] pathValues(SpectralFilter filter) {
        double[] values = new double[filter.pathLength()];
        for (int j = 0; j < values.length; j++) {
            values[j] = filter.pathValue(j);
        }
        return values;
    }

    private static double[] ones(int d) {
        double[] a = new double[d];
        Arrays.fill(a, 1.0);
        return a;
    }
}
