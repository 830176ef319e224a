package org.okl.api.solve;

import java.util.Map;
import org.okl.api.API;
import org.okl.api.linalg.InputRows;
import org.okl.api.linalg.Matrix;

/**
 * A fitted regression function: predictions H (t x D) for new inputs, see
 * {@link org.okl.api.output.FittedOutputEmbedding} for what H holds.
 *
 * <p>Predictors are stored in model files as a type name plus named arrays; OKL rebuilds its own types, and a
 * plugin solver rebuilds its types in {@link RegressionSolver#restore}, with the kernel and operator recreated from
 * the pipeline.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface Predictor {

    /** Predictions for the rows of {@code inputs} (t x p): t x D. */
    Matrix predict(Matrix inputs);

    /**
     * Predictions for rows dense or sparse: t x D. The default makes sparse rows dense (which wide rows refuse);
     * predictors whose features take sparse rows override it.
     */
    default Matrix predict(InputRows inputs) {
        return predict(inputs.toDense());
    }

    /** The stable type name written in model files, for example {@code kernel-expansion}. */
    String type();

    /** The arrays prediction needs, by name (what a model file stores). */
    Map<String, Matrix> arrays();
}
