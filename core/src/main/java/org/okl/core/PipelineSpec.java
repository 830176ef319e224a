package org.okl.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.okl.api.component.ComponentSpec;
import org.okl.api.component.TypedSpec;
import org.okl.api.decoder.Decoder;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.regularizer.Regularizer;
import org.okl.api.sketch.KernelSketch;
import org.okl.api.solve.RegressionSolver;
import org.okl.api.transform.InputTransform;

/**
 * A pipeline: input transforms, input kernel, operator-valued kernel, target transforms, output embedding, spectral
 * filter, regularizers and decoder, plus an optional low-rank approximation and model selection. Built in code with a
 * typed builder,
 * <pre>{@code
 * PipelineSpec spec = PipelineSpec.builder()
 *         .kernel(Kernels.gaussian(2.0))
 *         .filter(Filters.tikhonov(1e-2, 1e-3))
 *         .selection(SelectionSpec.kfold(5).build())
 *         .build();
 * }</pre>
 * and written as its serialised twin, a pipeline file ({@link PipelineFiles}), which also records it in model files.
 * Each stage takes its own kind of {@link TypedSpec} (the typed specs of OKL's plugins, {@code Kernels.gaussian(2.0)},
 * or {@code TypedSpec.of(VectorKernel.class, "my-kernel")} for a third party's), so that a filter given as the kernel
 * does not compile; the untyped {@link ComponentSpec} overloads serve the pipeline-file twin, and a component of the
 * wrong kind given that way is an unknown component (OKL-E001) when the pipeline is created.
 * The operator, output embedding and decoder a pipeline does not name are {@code null} here and take their defaults
 * ({@link PipelineDefaults}) when the pipeline is created. {@link #auto()} is the pipeline OKL chooses for the data
 * it is fitted on ({@code {"preset": "auto"}}), with the stages given here replacing the chosen ones. Instances are
 * immutable.
 */
public final class PipelineSpec {
    private final boolean auto;
    private final List<ComponentSpec> inputs;
    private final List<ComponentSpec> targets;
    private final ComponentSpec kernel;
    private final ComponentSpec operator;
    private final ComponentSpec output;
    private final ComponentSpec filter;
    private final List<ComponentSpec> regularizers;
    private final ComponentSpec decoder;
    private final ComponentSpec approximation;
    private final SelectionSpec selection;
    private final ComponentSpec solver;
    private final IntervalSpec intervals;

    private PipelineSpec(Builder b) {
        this.auto = b.auto;
        this.inputs = List.copyOf(b.inputs);
        this.targets = List.copyOf(b.targets);
        this.kernel = b.kernel;
        this.operator = b.operator;
        this.output = b.output;
        this.filter = b.filter;
        this.regularizers = List.copyOf(b.regularizers);
        this.decoder = b.decoder;
        this.approximation = b.approximation;
        this.selection = b.selection;
        this.solver = b.solver;
        this.intervals = b.intervals;
    }

    /** A builder with no stage set. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder of the automatic pipeline ({@code {"preset": "auto"}}): OKL chooses every stage from the data it is
     * fitted on (the task, the number of rows), and each stage set on this builder replaces the chosen one.
     */
    public static Builder auto() {
        Builder b = new Builder();
        b.auto = true;
        return b;
    }

    /** A builder holding this pipeline, to change some of its stages. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.auto = auto;
        return b.inputs(inputs).targets(targets).kernel(kernel).operator(operator).output(output).filter(filter)
                .regularizers(regularizers).decoder(decoder).approximation(approximation).selection(selection)
                .solver(solver).intervals(intervals);
    }

    /** Whether OKL chooses the stages this spec leaves out from the data ({@link #auto()}). */
    public boolean isAuto() {
        return auto;
    }

    /** The transforms of the inputs, applied in order before the kernel (may be empty). */
    public List<ComponentSpec> inputs() {
        return inputs;
    }

    /**
     * The transforms of the regression targets, applied in order before the output embedding and undone on decoded
     * predictions (may be empty).
     */
    public List<ComponentSpec> targets() {
        return targets;
    }

    /** The scalar input kernel; empty when the operator carries its own (div-free, curl-free, ...). */
    public Optional<ComponentSpec> kernel() {
        return Optional.ofNullable(kernel);
    }

    /** The operator-valued kernel, or {@code null} for the default. */
    public ComponentSpec operator() {
        return operator;
    }

    /** The output embedding, or {@code null} for the default. */
    public ComponentSpec output() {
        return output;
    }

    /** The spectral filter ({@code null} only in an {@link #auto()} spec that leaves it to OKL). */
    public ComponentSpec filter() {
        return filter;
    }

    /** Extra regularizers (may be empty). */
    public List<ComponentSpec> regularizers() {
        return regularizers;
    }

    /** The decoder, or {@code null} for the default. */
    public ComponentSpec decoder() {
        return decoder;
    }

    /** A low-rank approximation ({@code nystrom}, {@code fourier}, {@code incomplete-cholesky}), if any. */
    public Optional<ComponentSpec> approximation() {
        return Optional.ofNullable(approximation);
    }

    /** How the path point and grid values are chosen, if the pipeline says. */
    public Optional<SelectionSpec> selection() {
        return Optional.ofNullable(selection);
    }

    /**
     * The solver to fit with ({@code low-rank-eigen}, {@code falkon}, ...); empty to let OKL choose the supporting
     * solver with the highest preference.
     */
    public Optional<ComponentSpec> solver() {
        return Optional.ofNullable(solver);
    }

    /**
     * How prediction intervals are computed, if the pipeline says ({@code "intervals"}; else
     * {@link IntervalSpec#auto()}).
     */
    public Optional<IntervalSpec> intervals() {
        return Optional.ofNullable(intervals);
    }

    /** A copy with another interval method ({@code null}: the default). */
    public PipelineSpec withIntervals(IntervalSpec newIntervals) {
        return toBuilder().intervals(newIntervals).build();
    }

    /** A copy with other input transforms. */
    public PipelineSpec withInputs(List<ComponentSpec> newInputs) {
        return toBuilder().inputs(newInputs).build();
    }

    /** A copy with other target transforms. */
    public PipelineSpec withTargets(List<ComponentSpec> newTargets) {
        return toBuilder().targets(newTargets).build();
    }

    /** A copy with another kernel ({@code null}: none). */
    public PipelineSpec withKernel(ComponentSpec newKernel) {
        return toBuilder().kernel(newKernel).build();
    }

    /** A copy with another operator. */
    public PipelineSpec withOperator(ComponentSpec newOperator) {
        return toBuilder().operator(newOperator).build();
    }

    /** A copy with another output embedding. */
    public PipelineSpec withOutput(ComponentSpec newOutput) {
        return toBuilder().output(newOutput).build();
    }

    /** A copy with another filter. */
    public PipelineSpec withFilter(ComponentSpec newFilter) {
        return toBuilder().filter(newFilter).build();
    }

    /** A copy with other regularizers. */
    public PipelineSpec withRegularizers(List<ComponentSpec> newRegularizers) {
        return toBuilder().regularizers(newRegularizers).build();
    }

    /** A copy with another decoder. */
    public PipelineSpec withDecoder(ComponentSpec newDecoder) {
        return toBuilder().decoder(newDecoder).build();
    }

    /** A copy with a low-rank approximation ({@code null}: none). */
    public PipelineSpec withApproximation(ComponentSpec newApproximation) {
        return toBuilder().approximation(newApproximation).build();
    }

    /** A copy with a model-selection protocol ({@code null}: none). */
    public PipelineSpec withSelection(SelectionSpec newSelection) {
        return toBuilder().selection(newSelection).build();
    }

    /** A copy with a named solver ({@code null} to let OKL choose). */
    public PipelineSpec withSolver(ComponentSpec newSolver) {
        return toBuilder().solver(newSolver).build();
    }

    /** A copy with another kernel. */
    public PipelineSpec withKernel(TypedSpec<VectorKernel> newKernel) {
        return withKernel(newKernel.spec());
    }

    /** A copy with another operator. */
    public PipelineSpec withOperator(TypedSpec<OperatorKernel> newOperator) {
        return withOperator(newOperator.spec());
    }

    /** A copy with another output embedding. */
    public PipelineSpec withOutput(TypedSpec<OutputEmbedding> newOutput) {
        return withOutput(newOutput.spec());
    }

    /** A copy with another filter. */
    public PipelineSpec withFilter(TypedSpec<SpectralFilter> newFilter) {
        return withFilter(newFilter.spec());
    }

    /** A copy with another decoder. */
    public PipelineSpec withDecoder(TypedSpec<Decoder> newDecoder) {
        return withDecoder(newDecoder.spec());
    }

    /** A copy with a kernel sketch. */
    public PipelineSpec withApproximation(TypedSpec<KernelSketch> newApproximation) {
        return withApproximation(newApproximation.spec());
    }

    /** A copy with a named solver. */
    public PipelineSpec withSolver(TypedSpec<RegressionSolver> newSolver) {
        return withSolver(newSolver.spec());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PipelineSpec p && auto == p.auto && inputs.equals(p.inputs) && targets.equals(p.targets)
                && Objects.equals(kernel, p.kernel) && Objects.equals(operator, p.operator)
                && Objects.equals(output, p.output) && Objects.equals(filter, p.filter)
                && regularizers.equals(p.regularizers)
                && Objects.equals(decoder, p.decoder) && Objects.equals(approximation, p.approximation)
                && Objects.equals(selection, p.selection) && Objects.equals(solver, p.solver)
                && Objects.equals(intervals, p.intervals);
    }

    @Override
    public int hashCode() {
        return Objects.hash(auto, inputs, targets, kernel, operator, output, filter, regularizers, decoder,
                approximation, selection, solver, intervals);
    }

    /** The pipeline in the pipeline-file format (compact JSON). */
    @Override
    public String toString() {
        return PipelineFiles.toJsonNode(this).toString();
    }

    /** Builds a {@link PipelineSpec}; only the filter is required (and not even it for {@link #auto()}). */
    public static final class Builder {
        private boolean auto;
        private final List<ComponentSpec> inputs = new ArrayList<>();
        private final List<ComponentSpec> targets = new ArrayList<>();
        private ComponentSpec kernel;
        private ComponentSpec operator;
        private ComponentSpec output;
        private ComponentSpec filter;
        private final List<ComponentSpec> regularizers = new ArrayList<>();
        private ComponentSpec decoder;
        private ComponentSpec approximation;
        private SelectionSpec selection;
        private IntervalSpec intervals;
        private ComponentSpec solver;

        private Builder() {
        }

        /** The scalar input kernel. */
        public Builder kernel(TypedSpec<VectorKernel> value) {
            return kernel(value.spec());
        }

        /** The operator-valued kernel. */
        public Builder operator(TypedSpec<OperatorKernel> value) {
            return operator(value.spec());
        }

        /** The output embedding. */
        public Builder output(TypedSpec<OutputEmbedding> value) {
            return output(value.spec());
        }

        /** The spectral filter (required). */
        public Builder filter(TypedSpec<SpectralFilter> value) {
            return filter(value.spec());
        }

        /** Adds a regularizer. */
        public Builder regularizer(TypedSpec<Regularizer> value) {
            return regularizer(value.spec());
        }

        /** The decoder. */
        public Builder decoder(TypedSpec<Decoder> value) {
            return decoder(value.spec());
        }

        /** A kernel sketch ({@code nystrom}, {@code fourier}, ...). */
        public Builder approximation(TypedSpec<KernelSketch> value) {
            return approximation(value.spec());
        }

        /** The solver to fit with. */
        public Builder solver(TypedSpec<RegressionSolver> value) {
            return solver(value.spec());
        }

        /** Replaces the input transforms (applied in order, fitted on the training rows of every fit). */
        public Builder inputs(List<ComponentSpec> values) {
            inputs.clear();
            values.forEach(v -> inputs.add(Objects.requireNonNull(v, "input transform")));
            return this;
        }

        /** Replaces the input transforms. */
        public Builder inputs(ComponentSpec... values) {
            return inputs(List.of(values));
        }

        /** Replaces the target transforms (invertible ones, undone on predictions). */
        public Builder targets(List<ComponentSpec> values) {
            targets.clear();
            values.forEach(v -> targets.add(Objects.requireNonNull(v, "target transform")));
            return this;
        }

        /** Replaces the target transforms. */
        public Builder targets(ComponentSpec... values) {
            return targets(List.of(values));
        }

        /** Replaces the input transforms (the transform plugins' typed specs). */
        @SafeVarargs
        public final Builder inputs(TypedSpec<InputTransform>... values) {
            return inputs(Arrays.stream(values).map(TypedSpec::spec).toList());
        }

        /** Replaces the target transforms (the transform plugins' typed specs). */
        @SafeVarargs
        public final Builder targets(TypedSpec<InputTransform>... values) {
            return targets(Arrays.stream(values).map(TypedSpec::spec).toList());
        }

        /** The scalar input kernel ({@code null}: none, for operators that carry their own). */
        public Builder kernel(ComponentSpec value) {
            this.kernel = value;
            return this;
        }

        /** The operator-valued kernel ({@code null}: the default, {@link PipelineDefaults}). */
        public Builder operator(ComponentSpec value) {
            this.operator = value;
            return this;
        }

        /** The output embedding ({@code null}: the default). */
        public Builder output(ComponentSpec value) {
            this.output = value;
            return this;
        }

        /** The spectral filter (required, except in an automatic pipeline). */
        public Builder filter(ComponentSpec value) {
            this.filter = auto ? value : Objects.requireNonNull(value, "filter");
            return this;
        }

        /** Adds a regularizer. */
        public Builder regularizer(ComponentSpec value) {
            regularizers.add(Objects.requireNonNull(value, "regularizer"));
            return this;
        }

        /** Replaces the regularizers. */
        public Builder regularizers(List<ComponentSpec> values) {
            regularizers.clear();
            values.forEach(this::regularizer);
            return this;
        }

        /** The decoder ({@code null}: the default). */
        public Builder decoder(ComponentSpec value) {
            this.decoder = value;
            return this;
        }

        /** A low-rank approximation ({@code null}: none). */
        public Builder approximation(ComponentSpec value) {
            this.approximation = value;
            return this;
        }

        /** How prediction intervals are computed ({@code null}: {@link IntervalSpec#auto()}). */
        public Builder intervals(IntervalSpec value) {
            this.intervals = value;
            return this;
        }

        /** The model selection ({@code null}: none, {@link PipelineDefaults#selection()} when the path has choices). */
        public Builder selection(SelectionSpec value) {
            this.selection = value;
            return this;
        }

        /** The solver to fit with ({@code null}: OKL chooses the supporting solver with the highest preference). */
        public Builder solver(ComponentSpec value) {
            this.solver = value;
            return this;
        }

        /**
         * The pipeline.
         *
         * @throws IllegalStateException without a filter (unless automatic)
         */
        public PipelineSpec build() {
            if (filter == null && !auto) {
                throw new IllegalStateException("a pipeline needs a filter, for example tikhonov with lambda 1e-3");
            }
            return new PipelineSpec(this);
        }
    }
}
