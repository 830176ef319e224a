package org.okl.filters.regularizer;

import java.util.Optional;
import org.okl.api.operator.OutputMatrix;
import org.okl.api.regularizer.Regularizer;

/**
 * An output-coupling regularizer (Baldassarre et al. 2012, Sec. 4.1): the penalty is equivalent to a separable
 * kernel whose matrix A is the pseudo-inverse of the penalty matrix, built by a named {@link OutputMatrix}
 * ({@code graph} or {@code clustering}). The solver replaces the operator's identity matrix by it.
 */
public final class OutputCouplingRegularizer implements Regularizer {
    private final OutputMatrix matrix;

    /** @param matrix the output matrix A this penalty corresponds to */
    public OutputCouplingRegularizer(OutputMatrix matrix) {
        this.matrix = matrix;
    }

    @Override
    public Optional<OutputMatrix> outputCoupling() {
        return Optional.of(matrix);
    }
}
