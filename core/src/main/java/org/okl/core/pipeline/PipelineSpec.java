package org.okl.core.pipeline;

import java.util.List;
import java.util.Optional;
import org.okl.api.component.ComponentSpec;

/**
 * A pipeline as composed in code or read from a pipeline file: input kernel, operator-valued kernel, output
 * embedding, spectral filter, regularizers and decoder, plus an optional low-rank approximation and model selection.
 *
 * @param kernel        the scalar input kernel, or {@code null} when the operator carries its own
 * @param operator      the operator-valued kernel, or {@code null} for the default the plugins declare
 * @param output        the output embedding, or {@code null} for the default
 * @param filter        the spectral filter
 * @param regularizers  extra regularizers (may be empty)
 * @param decoder       the decoder, or {@code null} for the default
 * @param approximation a low-rank approximation ({@code nystrom}, {@code fourier}, {@code incomplete-cholesky})
 * @param selection     how to choose the path point and kernel parameters
 * @param solver        the solver to fit with ({@code low-rank-eigen}, {@code falkon}, ...), or empty to let OKL
 *                      choose the supporting solver with the highest preference
 */
public record PipelineSpec(
        ComponentSpec kernel,
        ComponentSpec operator,
        ComponentSpec output,
        ComponentSpec filter,
        List<ComponentSpec> regularizers,
        ComponentSpec decoder,
        Optional<ComponentSpec> approximation,
        Optional<SelectionSpec> selection,
        Optional<ComponentSpec> solver) {

    /** Copies the regularizer list. */
    public PipelineSpec {
        regularizers = List.copyOf(regularizers);
    }

    /** A pipeline that names no solver. */
    public PipelineSpec(ComponentSpec kernel, ComponentSpec operator, ComponentSpec output, ComponentSpec filter,
            List<ComponentSpec> regularizers, ComponentSpec decoder, Optional<ComponentSpec> approximation,
            Optional<SelectionSpec> selection) {
        this(kernel, operator, output, filter, regularizers, decoder, approximation, selection, Optional.empty());
    }

    /**
     * A pipeline of a kernel and a filter, every other stage left to its default (with OKL's plugins: the separable
     * identity operator, outputs used as they are, the identity decoder).
     */
    public static PipelineSpec of(ComponentSpec kernel, ComponentSpec filter) {
        return new PipelineSpec(kernel, null, null, filter, List.of(), null, Optional.empty(), Optional.empty());
    }

    /** A copy with another kernel. */
    public PipelineSpec withKernel(ComponentSpec newKernel) {
        return new PipelineSpec(newKernel, operator, output, filter, regularizers, decoder, approximation, selection,
                solver);
    }

    /** A copy with another operator. */
    public PipelineSpec withOperator(ComponentSpec newOperator) {
        return new PipelineSpec(kernel, newOperator, output, filter, regularizers, decoder, approximation, selection,
                solver);
    }

    /** A copy with another output embedding. */
    public PipelineSpec withOutput(ComponentSpec newOutput) {
        return new PipelineSpec(kernel, operator, newOutput, filter, regularizers, decoder, approximation, selection,
                solver);
    }

    /** A copy with another filter. */
    public PipelineSpec withFilter(ComponentSpec newFilter) {
        return new PipelineSpec(kernel, operator, output, newFilter, regularizers, decoder, approximation, selection,
                solver);
    }

    /** A copy with other regularizers. */
    public PipelineSpec withRegularizers(List<ComponentSpec> newRegularizers) {
        return new PipelineSpec(kernel, operator, output, filter, newRegularizers, decoder, approximation, selection,
                solver);
    }

    /** A copy with another decoder. */
    public PipelineSpec withDecoder(ComponentSpec newDecoder) {
        return new PipelineSpec(kernel, operator, output, filter, regularizers, newDecoder, approximation, selection,
                solver);
    }

    /** A copy with a low-rank approximation. */
    public PipelineSpec withApproximation(ComponentSpec newApproximation) {
        return new PipelineSpec(kernel, operator, output, filter, regularizers, decoder,
                Optional.ofNullable(newApproximation), selection, solver);
    }

    /** A copy with a model-selection protocol. */
    public PipelineSpec withSelection(SelectionSpec newSelection) {
        return new PipelineSpec(kernel, operator, output, filter, regularizers, decoder, approximation,
                Optional.ofNullable(newSelection), solver);
    }

    /** A copy with a named solver ({@code null} to let OKL choose). */
    public PipelineSpec withSolver(ComponentSpec newSolver) {
        return new PipelineSpec(kernel, operator, output, filter, regularizers, decoder, approximation, selection,
                Optional.ofNullable(newSolver));
    }
}
