package org.okl.api.solve;

import java.util.Optional;
import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.sketch.KernelSketch;

/**
 * The components a stored predictor is rebuilt with: recreated from the pipeline recorded in the model file.
 *
 * @param kernel   the scalar input kernel
 * @param operator the operator-valued kernel
 * @param sketch   the pipeline's kernel sketch ({@code approximation}), which rebuilds sketched features from their
 *                 stored arrays, if the pipeline has one
 * @param context  back-end and seed
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record PredictionEnvironment(VectorKernel kernel, OperatorKernel operator, Optional<KernelSketch> sketch,
        ComponentContext context) {
}
