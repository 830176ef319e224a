package org.okl.filters.manifold;

import org.okl.api.component.ComponentContext;
import org.okl.api.linalg.Matrix;
import org.okl.api.regularizer.InputGraphPenalty;

/**
 * The manifold penalty {@code gammaI <f, L^p f>} with L the Laplacian of the symmetrised k-NN graph over all
 * (labelled and unlabelled) inputs.
 *
 * @param weight     gammaI
 * @param neighbours k of the k-NN graph
 * @param weights    edge weights
 * @param normalised whether the Laplacian is normalised
 * @param power      the power p
 */
public record GraphPenalty(double weight, int neighbours, EdgeWeights weights, boolean normalised, int power)
        implements InputGraphPenalty {

    /** Builds the graph and its Laplacian over the rows of {@code allInputs}. */
    @Override
    public Matrix laplacian(Matrix allInputs, ComponentContext context) {
        Matrix w = KnnGraph.adjacency(allInputs, neighbours, weights, context.linearAlgebra());
        return GraphLaplacian.of(w, normalised, power, context.linearAlgebra());
    }
}
