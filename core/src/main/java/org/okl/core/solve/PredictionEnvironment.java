package org.okl.core.solve;

import org.okl.api.component.ComponentContext;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.operator.OperatorKernel;

/**
 * The components a stored predictor is rebuilt with: recreated from the pipeline recorded in the model file.
 *
 * @param kernel   the scalar input kernel
 * @param operator the operator-valued kernel
 * @param context  back-end and seed
 */
public record PredictionEnvironment(VectorKernel kernel, OperatorKernel operator, ComponentContext context) {
}
