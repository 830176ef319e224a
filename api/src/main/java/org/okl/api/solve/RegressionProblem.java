package org.okl.api.solve;

import java.util.List;
import java.util.Optional;
import org.okl.api.API;
import org.okl.api.component.ComponentContext;
import org.okl.api.component.ComponentSpec;
import org.okl.api.filter.SpectralFilter;
import org.okl.api.kernel.VectorKernel;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OperatorKernel;
import org.okl.api.output.FittedOutputEmbedding;
import org.okl.api.regularizer.Regularizer;

/**
 * Everything a solver needs to fit the regression step of a pipeline.
 *
 * @param inputs           training inputs X (n x p)
 * @param kernel           the scalar input kernel (unused when the operator carries its own)
 * @param operator         the operator-valued kernel
 * @param embedding        the fitted output embedding: explicit targets (n x d) or an implicit output Gram
 * @param filter           the spectral filter with its regularization path
 * @param regularizers     extra regularizers (manifold, output coupling)
 * @param unlabelledInputs extra inputs without outputs, for manifold regularization
 * @param groups           the task of every training sample for multi-task data (task-indexed kernels)
 * @param approximation    the kernel sketch the pipeline asks for (a {@link org.okl.api.sketch.KernelSketch} by name:
 *                         {@code nystrom}, {@code fourier}, {@code incomplete-cholesky}, ...), if any
 * @param solver           the solver the pipeline names, if any (otherwise the supporting solver with the highest
 *                         {@link RegressionSolver#preference} fits)
 * @param context          back-end, seed, nested component creation
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record RegressionProblem(
        Matrix inputs,
        VectorKernel kernel,
        OperatorKernel operator,
        FittedOutputEmbedding embedding,
        SpectralFilter filter,
        List<Regularizer> regularizers,
        Optional<Matrix> unlabelledInputs,
        Optional<int[]> groups,
        Optional<ComponentSpec> approximation,
        Optional<ComponentSpec> solver,
        ComponentContext context) {

    /** A problem that names no solver. */
    public RegressionProblem(Matrix inputs, VectorKernel kernel, OperatorKernel operator,
            FittedOutputEmbedding embedding, SpectralFilter filter, List<Regularizer> regularizers,
            Optional<Matrix> unlabelledInputs, Optional<int[]> groups, Optional<ComponentSpec> approximation,
            ComponentContext context) {
        this(inputs, kernel, operator, embedding, filter, regularizers, unlabelledInputs, groups, approximation,
                Optional.empty(), context);
    }

    /** The number of training points n. */
    public int size() {
        return inputs.rows();
    }
}
