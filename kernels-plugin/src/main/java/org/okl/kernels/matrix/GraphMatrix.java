package org.okl.kernels.matrix;

import org.okl.api.component.ComponentContext;
import org.okl.api.component.InvalidParameterException;
import org.okl.api.linalg.Matrix;
import org.okl.api.operator.OutputMatrix;

/**
 * B12 eq. 30-31, graph regularisation of the outputs: {@code A = pinv(L_M)} with {@code L_M = D - M} and
 * {@code D_ll = sum_h M_lh + M_ll}, for a d x d non-negative symmetric weight matrix M. The penalty is
 * {@code 1/2 sum_{l,q} M_lq ||f^l - f^q||^2 + sum_l M_ll ||f^l||^2}.
 */
public final class GraphMatrix implements OutputMatrix {
    private final Matrix weights;
    private final String parameter;

    /**
     * @param weights   the weight matrix M
     * @param parameter the parameter M came from ({@code weights} or {@code file}), for messages
     * @throws InvalidParameterException if M is not square, symmetric, finite and non-negative
     */
    public GraphMatrix(Matrix weights, String parameter) {
        this.parameter = parameter;
        int d = weights.rows();
        if (weights.cols() != d) {
            throw new InvalidParameterException("graph", parameter,
                    "must be a square matrix, got " + d + " x " + weights.cols());
        }
        for (int j = 0; j < d; j++) {
            for (int i = 0; i < d; i++) {
                double v = weights.get(i, j);
                if (!(v >= 0.0) || Double.isInfinite(v)) {
                    throw new InvalidParameterException("graph", parameter,
                            "must hold finite non-negative weights, entry (" + i + ", " + j + ") is " + v);
                }
                if (v != weights.get(j, i)) {
                    throw new InvalidParameterException("graph", parameter, "must be symmetric, entry (" + i + ", "
                            + j + ") is " + v + " but (" + j + ", " + i + ") is " + weights.get(j, i));
                }
            }
        }
        this.weights = weights.copy();
    }

    /** The penalty matrix {@code L_M = D - M}, {@code D_ll = sum_h M_lh + M_ll}. */
    public Matrix penalty() {
        int d = weights.rows();
        Matrix l = weights.times(-1.0);
        for (int i = 0; i < d; i++) {
            double rowSum = 0;
            for (int h = 0; h < d; h++) {
                rowSum += weights.get(i, h);
            }
            l.add(i, i, rowSum + weights.get(i, i));
        }
        return l;
    }

    @Override
    public Matrix build(Matrix targets, ComponentContext context) {
        if (weights.rows() != targets.cols()) {
            throw new InvalidParameterException("graph", parameter, "gives a " + weights.rows() + " x "
                    + weights.rows() + " matrix but the targets have " + targets.cols() + " outputs");
        }
        Matrix a = SymmetricMatrices.pseudoInverse(penalty(), context.linearAlgebra());
        return SymmetricMatrices.requirePsd("graph", parameter, a, targets.cols(), context.linearAlgebra());
    }
}
