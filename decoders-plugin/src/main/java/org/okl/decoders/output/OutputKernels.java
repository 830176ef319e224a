package org.okl.decoders.output;

import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.kernel.DataDependentKernel;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;

/** Creates the output kernel of an implicit embedding from its spec. */
final class OutputKernels {

    private OutputKernels() {
    }

    /**
     * The output kernel named by {@code spec}; a data-dependent kernel (for example a Gaussian whose width is the
     * median distance) is resolved on the training outputs first, so the value used is fixed at fit time.
     */
    static VectorKernel create(ComponentSpec spec, Matrix trainingOutputs, ComponentContext context) {
        VectorKernel kernel = context.create(VectorKernel.class, spec);
        if (kernel instanceof DataDependentKernel dependent) {
            kernel = context.create(VectorKernel.class, dependent.resolve(trainingOutputs, context));
        }
        return kernel;
    }
}
