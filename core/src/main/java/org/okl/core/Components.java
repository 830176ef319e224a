package org.okl.core;

import java.util.List;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.decoder.Decoder;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.DataDependentKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.output.OutputEmbedding;
import org.okl.api.regularizer.Regularizer;
import org.okl.linalg.memory.MemoryBudget;

/**
 * The components of a pipeline, created from its spec. A data-dependent kernel is resolved on the training inputs
 * first, and {@link #spec()} records the value used.
 *
 * @param spec         the pipeline with the kernel resolved
 * @param kernel       the scalar input kernel, or {@code null} when the operator carries its own
 * @param operator     the operator-valued kernel
 * @param output       the output embedding (not yet fitted)
 * @param filter       the spectral filter
 * @param regularizers the regularizers
 * @param decoder      the decoder
 */
record Components(PipelineSpec spec, VectorKernel kernel, OperatorKernel operator, OutputEmbedding output,
        SpectralFilter filter, List<Regularizer> regularizers, Decoder decoder) {

    /**
     * Creates every component.
     *
     * @param trainingInputs the inputs data-dependent kernels are resolved on, or {@code null} when the spec is
     *                       already resolved (a stored model)
     */
    static Components create(PipelineSpec spec, Matrix trainingInputs, ComponentContext context) {
        OperatorKernel operator = context.create(OperatorKernel.class, spec.operator());
        VectorKernel kernel = null;
        PipelineSpec resolved = spec;
        if (spec.kernel().isPresent()) {
            kernel = context.create(VectorKernel.class, spec.kernel().get());
            if (kernel instanceof DataDependentKernel adaptive && trainingInputs != null) {
                long n = trainingInputs.rows();
                MemoryBudget.reserve("the " + n + " x " + n + " distances kernel '" + spec.kernel().get().name()
                        + "' resolves its parameters on", MemoryBudget.doubles(n, n), "give the kernel's width "
                        + "explicitly (for example \"sigma\"), or use a kernel sketch, which resolves it on a sample of "
                        + StreamingFit.KERNEL_SAMPLE + " rows");
                ComponentSpec fixed = adaptive.resolve(trainingInputs, context);
                kernel = context.create(VectorKernel.class, fixed);
                resolved = spec.withKernel(fixed);
            }
        } else if (!operator.ignoresInputKernel()) {
            throw new OklException(ErrorCode.INVALID_PIPELINE, "operator '" + spec.operator().name()
                    + "' needs an input kernel: add \"kernel\": {\"name\": \"gaussian\", \"sigma\": ...}");
        }
        return new Components(resolved, kernel, operator,
                context.create(OutputEmbedding.class, spec.output()),
                context.create(SpectralFilter.class, spec.filter()),
                spec.regularizers().stream().map(r -> context.create(Regularizer.class, r)).toList(),
                context.create(Decoder.class, spec.decoder()));
    }
}
