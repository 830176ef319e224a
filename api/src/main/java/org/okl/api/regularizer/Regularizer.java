package org.okl.api.regularizer;

import java.util.Optional;
import org.okl.api.API;
import org.okl.api.operator.OutputMatrix;

/**
 * A regularization term added to the ambient RKHS norm whose weight is the filter's lambda. A regularizer contributes
 * through one or both of its two faces; the solver combines them.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface Regularizer {

    /** A penalty over labelled and unlabelled inputs (manifold regularization), if this regularizer has one. */
    default Optional<InputGraphPenalty> inputPenalty() {
        return Optional.empty();
    }

    /**
     * An output-coupling penalty that is equivalent to a separable kernel with this matrix (Baldassarre et al. 2012,
     * Sec. 4.1: graph and cluster regularizers, A = pseudo-inverse of the penalty matrix), if it has one.
     */
    default Optional<OutputMatrix> outputCoupling() {
        return Optional.empty();
    }
}
