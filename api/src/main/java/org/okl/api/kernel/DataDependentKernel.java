package org.okl.api.kernel;

import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.linalg.Matrix;

/**
 * A kernel with parameters set from the training inputs, for example a Gaussian whose width is the median pairwise
 * distance. Before fitting, the pipeline asks for the resolved spec and creates the kernel from it, so a model file
 * records the value actually used.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface DataDependentKernel extends VectorKernel {

    /**
     * This kernel's spec with every data-dependent parameter fixed from the training inputs, for example
     * {@code gaussian(sigma=4.31)}.
     */
    ComponentSpec resolve(Matrix trainingInputs, ComponentContext context);
}
